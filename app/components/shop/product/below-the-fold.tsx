import { Suspense } from "react";
import { Await } from "react-router";
import { unsendCardImage, type WithSentImage } from "@core/images";
import type { InMarket } from "@core/market";
import type { AccessoryOffer, ProductCard, ProductPage, ReviewView } from "@core/product-view";
import { GoesWellWith } from "~/components/shop/goes-well-with";
import { ComparisonTable, MarketingSections } from "./content-blocks";
import { ProductDetails } from "./product-details";
import { RelatedProducts, RelatedProductsSkeleton } from "./related-products";
import { RecentlyViewed } from "./recently-viewed";

/**
 * Everything under the buy box: "Goes well with" (the accessories), information tabs, reviews,
 * marketing sections, comparison, "You may also like" and "Recently viewed". The product page loads
 * this module lazily (React.lazy): the server renders it whole, the browser hydrates it once its
 * chunk arrives, so its code is not part of what a phone runs before the page is interactive (issue 29).
 */
export default function BelowTheFold({
  product,
  accessories,
  reviews,
  related,
}: {
  product: InMarket<ProductPage>;
  accessories: InMarket<AccessoryOffer>[];
  reviews: ReviewView[];
  related: Promise<WithSentImage<InMarket<ProductCard>>[]>;
}) {
  const { sections, comparison } = product.content;
  return (
    <>
      <GoesWellWith offers={accessories} />
      <div className="flex flex-col gap-16">
        <ProductDetails product={product} reviews={reviews} />
        {sections?.length ? <MarketingSections sections={sections} /> : null}
        {comparison?.rows.length ? <ComparisonTable comparison={comparison} highlight={comparison.columns.find((c) => product.title.includes(c))} /> : null}
      </div>
      <Suspense fallback={<RelatedProductsSkeleton />}>
        <Await resolve={related} errorElement={null}>
          {(list) => <RelatedProducts products={list.map(unsendCardImage)} />}
        </Await>
      </Suspense>
      {/* Last on the page: filled in by the browser after load (nothing on the server), it moves nothing above it. */}
      <RecentlyViewed key={product.slug} slug={product.slug} />
    </>
  );
}
