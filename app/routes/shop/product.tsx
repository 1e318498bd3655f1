import { lazy, Suspense, useMemo } from "react";
import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { MAIN_PRODUCT_SLUG, getPublishedProduct, listAccessoryOffers, listRelatedProducts, listReviews } from "@server/catalog";
import { localise, shopperForRequest } from "@server/pricing";
import { Breadcrumb } from "~/components/shop/product/breadcrumb";
import { ProductHero } from "~/components/shop/product/product-hero";
import { productJsonLd } from "~/lib/product-json-ld";
import { jsonLd, seo, siteOf } from "~/lib/seo";
import type { Route } from "./+types/product";
import { PROMO_PAGE } from "~/lib/promo";
import { mostHelpful } from "@core/reviews";
import { sendCardImage, sendImages, unsendCardImage, unsendImage, unsendImages } from "@core/images";

// Below the fold: the server renders it whole; the browser fetches its code after the page's own.
const BelowTheFold = lazy(() => import("~/components/shop/product/below-the-fold"));

/**
 * One template for every product (`/products/:slug`, and `/product` for the main console), driven by
 * the product's content blocks. Above the fold and the reviews are awaited from the catalogue cache;
 * related products stream in behind a skeleton. Nothing here is the visitor's own: their saved
 * colour, review access and votes come from /api/personal after load (ADR 018), "Recently viewed"
 * (in the lazy part below the fold) from the browser's own list.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const [product, shopper] = await Promise.all([getPublishedProduct(params.slug ?? MAIN_PRODUCT_SLUG), shopperForRequest(request)]);
  if (!product) throw data(null, { status: 404 });
  // Every image goes as sizes, its rendition paths derived in the browser (core/images.ts SentImage).
  return {
    product: { ...localise(shopper, product), variants: product.variants.map(sendImages) },
    // Awaited, not streamed: a cached read, and streamed content needs JavaScript to appear (the
    // reviews and their "Was this helpful?" must work without it).
    reviews: (await listReviews(product.id)).map(sendImages),
    related: listRelatedProducts(product).then((list) => list.map((p) => sendCardImage(localise(shopper, p)))),
    // Accessories are offered beside consoles only; awaited (a cached read) so the page does not shift when they arrive.
    accessories: product.type === "console" ? (await listAccessoryOffers()).map((p) => sendCardImage(localise(shopper, p))) : [],
  };
}

/**
 * The page's data is everyone's (ADR 018): a visitor's own action on it (Add to Cart, the heart, a
 * helpful vote, "Email me when it's back") changes nothing it shows, so it is not loaded again. It
 * was, and the new data re-rendered the part below the fold before its code had arrived: React then
 * holds the whole update, the action's answer (the cart drawer) included, until that code comes.
 */
const VISITOR_ACTIONS = new Set(["/cart", "/wishlist", "/reviews/helpful", "/back-in-stock"]);

export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction !== undefined && VISITOR_ACTIONS.has(formAction) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const { product } = loaderData;
  const path = `/products/${product.slug}`;
  const { origin, shopName } = siteOf(matches);
  // The largest rendition of each colour's first image.
  const images = product.variants.flatMap((v) => (v.images[0] ? [unsendImage(v.images[0]).renditions.at(-1)?.path ?? ""] : [])).filter(Boolean);
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
        reviews: mostHelpful(loaderData.reviews),
      }),
    ),
  ];
};

export default function Product({ loaderData }: Route.ComponentProps) {
  // The images as the page renders them, with their paths, and the part below the fold: both kept
  // while the loader data stays the same. The page renders again on every router update (a fetcher's
  // state, say); a new element for a lazily hydrated part that has not hydrated yet makes React hold
  // that update until the part's code arrives, so the element is the same one until the data changes.
  const { product, belowTheFold } = useMemo(() => {
    const product = { ...loaderData.product, variants: loaderData.product.variants.map(unsendImages) };
    const below = (
      <Suspense fallback={null}>
        <BelowTheFold
          product={product}
          accessories={loaderData.accessories.map(unsendCardImage)}
          reviews={loaderData.reviews.map(unsendImages)}
          related={loaderData.related}
        />
      </Suspense>
    );
    return { product, belowTheFold: below };
  }, [loaderData]);
  return (
    <main id="main" className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-8 md:py-12">
      <div className="flex flex-col gap-6">
        <Breadcrumb title={product.title} />
        <ProductHero product={product} />
      </div>
      {belowTheFold}
    </main>
  );
}

/** A browsing page: the promo popup may show here. */
export const handle = PROMO_PAGE;
