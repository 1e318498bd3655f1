import { Suspense } from "react";
import { Await, Link, useNavigation } from "react-router";
import { z } from "zod";
import { listPublishedProducts } from "@server/catalog";
import { searchParamsOf } from "@server/http/form";
import { localise, shopperForRequest } from "@server/pricing";
import { searchShop } from "@server/search";
import { PostCard } from "~/components/blog/post-card";
import { ProductCard, ProductCardRow } from "~/components/shop/product-card";
import { SearchForm } from "~/components/shop/search-form";
import { SEARCH_MAX_LENGTH, SEARCH_PATH, searchHref } from "@core/search";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/search";

const params = z.object({
  // A longer query is cut rather than refused: a pasted sentence still searches.
  q: z.string().trim().catch("").transform((q) => q.slice(0, SEARCH_MAX_LENGTH)),
  page: z.coerce.number().int().min(1).max(1000).catch(1),
});

/** Shown when nothing was searched or nothing was found: the newest products. */
const BROWSE_COUNT = 4;

export async function loader({ request }: Route.LoaderArgs) {
  const sp = searchParamsOf(request);
  const { q, page } = params.parse({ q: sp.get("q") ?? "", page: sp.get("page") ?? 1 });
  const [results, shopper] = await Promise.all([q ? searchShop(q, page) : null, shopperForRequest(request)]);
  const browse = !results || (results.productTotal === 0 && results.posts.length === 0) ? (await listPublishedProducts()).slice(0, BROWSE_COUNT) : [];
  return {
    q,
    results: results && { ...results, products: results.products.map((p) => localise(shopper, p)) },
    browse: browse.map((p) => localise(shopper, p)),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seo(matches, {
    title: data?.q ? `Search: ${data.q}` : "Search",
    description: "Search our retro handheld consoles, accessories and articles.",
    path: SEARCH_PATH,
    // Result pages are endless variations of the catalogue: not for search engines.
    noindex: true,
  });

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results, browse } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === SEARCH_PATH;
  const found = results ? results.productTotal + results.posts.length : 0;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 md:py-12">
      <h1 className="text-3xl font-bold">{results ? "Search results" : "Search"}</h1>
      <div className="mt-6 max-w-2xl">
        <SearchForm id="search-page-q" defaultValue={q} size="large" autoFocus={!q} />
      </div>
      <p role="status" data-testid="search-summary" className="mt-4 text-gray-700">
        {searching
          ? "Searching..."
          : results
            ? found > 0
              ? `${plural(results.productTotal, "product")}${results.posts.length ? ` and ${plural(results.posts.length, "article")}` : ""} found for “${q}”`
              : `No results found for “${q}”. Check the spelling or use a different word or phrase.`
            : ""}
      </p>

      {results?.suggestion ? (
        // Streamed after the results (server/search): nothing found is said at once, the hint follows.
        <Suspense fallback={null}>
          <Await resolve={results.suggestion} errorElement={null}>
            {(suggestion) =>
              suggestion ? (
                <p className="mt-2 text-gray-700">
                  Did you mean{" "}
                  <Link to={searchHref(suggestion)} className="font-semibold text-brand-700 underline hover:text-brand-800">
                    {suggestion}
                  </Link>
                  ?
                </p>
              ) : null
            }
          </Await>
        </Suspense>
      ) : null}

      {results && results.products.length > 0 ? (
        <ResultSection id="search-products" title="Products" className="mt-10" listClassName="lg:grid-cols-3" after={results.pageCount > 1 ? <Pagination q={q} page={results.page} pageCount={results.pageCount} /> : null}>
            {results.products.map((p, i) => (
              <li key={p.id} className="relative">
                <ProductCard product={p} priority={i < 3} headingLevel={3} />
              </li>
            ))}
        </ResultSection>
      ) : null}

      {results && results.posts.length > 0 ? (
        <ResultSection id="search-posts" title="Articles" className="mt-12" listClassName="lg:grid-cols-4">
            {results.posts.map((p) => (
              <li key={p.id}>
                <PostCard post={p} cta="Read Article" headingLevel={3} />
              </li>
            ))}
        </ResultSection>
      ) : null}

      {browse.length > 0 ? (
        <section aria-labelledby="search-browse" className="mt-12">
          <h2 id="search-browse" className="text-2xl font-bold">
            {results ? "Browse our newest products" : "New arrivals"}
          </h2>
          <p className="mt-2 text-gray-700">
            Try a name such as{" "}
            {browse.slice(0, 3).map((p, i) => (
              <span key={p.id}>
                {i > 0 ? ", " : ""}
                <Link to={searchHref(p.title)} className="font-semibold text-brand-700 underline hover:text-brand-800">
                  {p.title}
                </Link>
              </span>
            ))}
            , or{" "}
            <Link to="/products" className="font-semibold text-brand-700 underline hover:text-brand-800">
              see all products
            </Link>
            .
          </p>
          <ProductCardRow products={browse} />
        </section>
      ) : null}
    </main>
  );
}

function Pagination({ q, page, pageCount }: { q: string; page: number; pageCount: number }) {
  const href = (n: number) => `${searchHref(q)}&page=${n}`;
  const linkClass = "flex min-h-11 items-center rounded-lg border border-gray-300 px-4 font-semibold text-brand-700 hover:bg-gray-50";
  return (
    <nav aria-label="Search results pages" className="mt-8 flex items-center justify-center gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={linkClass}>
          Previous<span className="sr-only"> page</span>
        </Link>
      ) : null}
      <p className="text-gray-700">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={linkClass}>
          Next<span className="sr-only"> page</span>
        </Link>
      ) : null}
    </nav>
  );
}

/** A titled grid of results (products, articles); `after` goes under the grid (its pages). */
function ResultSection({ id, title, className, listClassName, after, children }: { id: string; title: string; className: string; listClassName: string; after?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className={`mt-6 grid gap-6 sm:grid-cols-2 ${listClassName}`}>{children}</ul>
      {after}
    </section>
  );
}
