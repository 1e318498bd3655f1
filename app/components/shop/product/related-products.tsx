import { Link } from "react-router";
import type { ProductCard } from "@core/product-view";
import type { InMarket } from "@core/market";
import { discountPercent, formatMoney } from "@core/money";
import { ResponsiveImage } from "../responsive-image";
import { Stars } from "./stars";

/** 'You may also like': other published products with their real prices, savings and ratings. */
export function RelatedProducts({ products }: { products: InMarket<ProductCard>[] }) {
  if (products.length === 0) return null;
  return (
    <RelatedFrame>
      {/* A swipeable row on phones, a grid from tablet width up. */}
      <ul className="-mx-4 mt-6 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
        {products.map((p) => {
          const save = discountPercent(p.priceCents, p.compareAtCents);
          return (
            <li key={p.id} className="relative flex w-[78%] shrink-0 snap-start flex-col overflow-hidden sm:w-auto rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
              <div className="relative aspect-square bg-gray-100">
                {p.image ? (
                  <ResponsiveImage image={p.image} sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw" className="h-full w-full object-cover" />
                ) : null}
                {save > 0 ? (
                  <span className="absolute left-3 top-3 rounded-md bg-red-700 px-2 py-1 text-xs font-bold text-white">Save {save}%</span>
                ) : null}
              </div>
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h3 className="text-lg font-semibold">
                  <Link to={`/products/${p.slug}`} prefetch="intent" className="after:absolute after:inset-0 hover:text-brand-700">
                    {p.title}
                  </Link>
                </h3>
                {p.rating.count > 0 ? (
                  <p className="flex items-center gap-2 text-sm text-gray-700">
                    <Stars rating={p.rating.average} size="text-base" label={`Rated ${p.rating.average.toFixed(1)} out of 5`} />
                    <span aria-hidden="true">{p.rating.average.toFixed(1)}</span>
                  </p>
                ) : null}
                <p className="mt-auto text-lg font-bold">
                  {formatMoney(p.priceCents, p.currency)}
                  {p.compareAtCents && save > 0 ? (
                    <s className="ml-2 text-sm font-normal text-gray-500">
                      <span className="sr-only">was </span>
                      {formatMoney(p.compareAtCents, p.currency)}
                    </s>
                  ) : null}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </RelatedFrame>
  );
}

function RelatedFrame({ children }: { children: React.ReactNode }) {
  return (
    <section aria-labelledby="related-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="related-heading" className="text-2xl font-bold">
          You may also like
        </h2>
        <Link to="/products" prefetch="intent" className="font-semibold text-brand-700 underline hover:text-brand-800">
          View All Products
        </Link>
      </div>
      {children}
    </section>
  );
}

/** Same outline as the loaded cards, so the page does not jump when they stream in. */
export function RelatedProductsSkeleton() {
  return (
    <RelatedFrame>
      <ul aria-busy="true" aria-label="Loading products" className="-mx-4 mt-6 flex gap-4 overflow-hidden px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-6 sm:px-0 sm:pb-0 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <li key={i} className="w-[78%] shrink-0 overflow-hidden rounded-2xl border border-gray-200 sm:w-auto">
            <div className="aspect-square animate-pulse bg-gray-100" />
            <div className="h-36 animate-pulse bg-gray-50" />
          </li>
        ))}
      </ul>
    </RelatedFrame>
  );
}
