import { closestProductTitle, searchProducts } from "@server/catalog";
import { searchPublishedPosts, type PostCard } from "@server/blog";
import type { ProductCard } from "@core/product-view";
import { SEARCH_PAGE_SIZE, searchTerms } from "@core/search";

/** Posts shown beside the products: a second, shorter group (as Dawn shows articles). */
const POSTS_SHOWN = 4;

export type SearchResults = {
  query: string;
  products: ProductCard[];
  productTotal: number;
  page: number;
  pageCount: number;
  posts: PostCard[];
  /**
   * When nothing was found, a published product title close to the query ("Did you mean"), or null
   * if none is close. A promise: the page streams it after the results, which do not wait for it (it
   * weighs the query against every title near it: 25-30 ms on PostgreSQL at 10,000 products for
   * three common words, more on PGlite). Null when something was found: nothing is asked or streamed.
   */
  suggestion: Promise<string | null> | null;
};

/** The storefront search (GET /search?q=): products by page, the best few posts, a suggestion when nothing is found. */
export async function searchShop(query: string, page: number): Promise<SearchResults> {
  const terms = searchTerms(query);
  const [found, posts] = await Promise.all([
    searchProducts(terms, { limit: SEARCH_PAGE_SIZE, offset: (page - 1) * SEARCH_PAGE_SIZE }),
    // Posts are one group on the first page only.
    page === 1 ? searchPublishedPosts(terms, POSTS_SHOWN) : Promise.resolve([]),
  ]);
  const nothing = found.total === 0 && posts.length === 0 && page === 1;
  return {
    query,
    products: found.items,
    productTotal: found.total,
    page,
    pageCount: Math.max(1, Math.ceil(found.total / SEARCH_PAGE_SIZE)),
    posts,
    suggestion: nothing ? closestProductTitle(terms) : null,
  };
}
