import { Suspense } from "react";
import { Await, data } from "react-router";
import { MAIN_PRODUCT_SLUG, getPublishedProduct, listAccessoryOffers, listRelatedProducts, listReviews } from "@server/catalog";
import { localise, shopperForRequest } from "@server/pricing";
import { getSessionUser } from "@server/auth";
import { productVisitor } from "@server/catalog";
import type { ReviewView } from "@core/product-view";
import { Breadcrumb } from "~/components/shop/product/breadcrumb";
import { ComparisonTable, MarketingSections } from "~/components/shop/product/content-blocks";
import { ProductDetails } from "~/components/shop/product/product-details";
import { ProductHero } from "~/components/shop/product/product-hero";
import { RelatedProducts, RelatedProductsSkeleton } from "~/components/shop/product/related-products";
import { GoesWellWith } from "~/components/shop/goes-well-with";
import { productJsonLd } from "~/lib/product-json-ld";
import { jsonLd, seo, siteOf } from "~/lib/seo";
import type { Route } from "./+types/product";
import { PROMO_PAGE } from "~/lib/promo";

/**
 * One template for every product (`/products/:slug`, and `/product` for the main console), driven by
 * the product's content blocks. Above the fold and the reviews are awaited from the catalogue cache;
 * related products stream in behind a skeleton.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const [product, shopper, user] = await Promise.all([getPublishedProduct(params.slug ?? MAIN_PRODUCT_SLUG), shopperForRequest(request), getSessionUser(request)]);
  if (!product) throw data(null, { status: 404 });
  const [visitor, reviews] = await Promise.all([productVisitor(request, user?.id ?? null, product), listReviews(product.id)]);
  return {
    product: localise(shopper, product),
    // Null for a visitor with neither session nor wishlist cookie: the page the page cache keeps.
    savedVariantId: visitor.savedVariantId,
    // Awaited, not streamed: a cached read, and streamed content needs JavaScript to appear (the
    // reviews, their "Was this helpful?" and the review prompt must work without it).
    reviews: withVotes(reviews, visitor.votes),
    reviewAccess: visitor.reviewAccess,
    related: listRelatedProducts(product).then((list) => list.map((p) => localise(shopper, p))),
    // Accessories are offered beside consoles only; awaited (a cached read) so the page does not shift when they arrive.
    accessories: product.type === "console" ? (await listAccessoryOffers()).map((p) => localise(shopper, p)) : [],
  };
}

/** The visitor's own helpful votes over the cached list: their counts now, and the button pressed. */
function withVotes(list: ReviewView[], votes: Map<string, number>): ReviewView[] {
  if (votes.size === 0) return list;
  return list.map((r) => (votes.has(r.id) ? { ...r, helpfulCount: votes.get(r.id)!, votedHelpful: true } : r));
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const { product } = loaderData;
  const path = `/products/${product.slug}`;
  const { origin, shopName } = siteOf(matches);
  // The largest rendition of each colour's first image.
  const images = product.variants.flatMap((v) => (v.images[0] ? [v.images[0].renditions.at(-1)?.path ?? ""] : [])).filter(Boolean);
  return [
    ...seo(matches, {
      title: product.seoTitle ?? product.title,
      description: product.seoDescription,
      path,
      image: images[0],
      type: "product",
    }),
    jsonLd(
      productJsonLd({
        url: `${origin}${path}`,
        name: product.title,
        description: product.seoDescription,
        sku: product.slug,
        brand: shopName,
        images: images.map((i) => `${origin}${i}`),
        priceCents: product.priceCents,
        currency: product.currency,
        inStock: product.variants.some((v) => v.available > 0),
        rating: product.rating,
        reviews: product.reviewSnippets,
      }),
    ),
  ];
};

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, reviews, related, savedVariantId, accessories, reviewAccess: access } = loaderData;
  const { sections, comparison } = product.content;
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-8 md:py-12">
      <div className="flex flex-col gap-6">
        <Breadcrumb title={product.title} />
        <ProductHero product={product} savedVariantId={savedVariantId} />
      </div>
      <GoesWellWith offers={accessories} />
      <div className="flex flex-col gap-16">
        <ProductDetails product={product} reviews={reviews} access={access} />
        {sections?.length ? <MarketingSections sections={sections} /> : null}
        {comparison?.rows.length ? <ComparisonTable comparison={comparison} highlight={comparison.columns.find((c) => product.title.includes(c))} /> : null}
      </div>
      <Suspense fallback={<RelatedProductsSkeleton />}>
        <Await resolve={related} errorElement={null}>
          {(list) => <RelatedProducts products={list} />}
        </Await>
      </Suspense>
    </main>
  );
}

/** A browsing page: the promo popup may show here. */
export const handle = PROMO_PAGE;
