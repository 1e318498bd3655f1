import { Link } from "react-router";
import { formatMoney } from "@core/money";
import { ResponsiveImage, type ImageData } from "./responsive-image";

export type ProductCardData = {
  slug: string;
  title: string;
  summary: string;
  priceCents: number;
  compareAtCents: number | null;
  currency: string;
  image: ImageData | null;
};

/**
 * `headingLevel` 3 where the cards sit under a group's own h2 (search results, home page rows). A card
 * narrower than 16rem (two a row on a phone) is compact by its own width (a container query): title
 * and price, without the summary and the "View Details" label. Below 20rem (four a row at 1280 px:
 * home rows, "Recently viewed") the label goes too: beside a struck-out price it wrapped onto two
 * lines and touched it (the whole card is the link; the label is decoration).
 */
export function ProductCard({
  product,
  priority = false,
  headingLevel = 2,
  soldOut = false,
  sizes = "(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw",
}: {
  product: ProductCardData;
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** No colour can be bought: a "Sold out" badge, as Dawn's cards show. */
  soldOut?: boolean;
  /** The image's `sizes`: the card's width at each screen width. */
  sizes?: string;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article className="group @container flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-square bg-gray-100">
        {soldOut ? <span className="absolute left-3 top-3 z-10 rounded-full bg-gray-900 px-3 py-1 text-xs font-semibold text-white">Sold out</span> : null}
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            sizes={sizes}
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5 @max-3xs:p-3">
        <Heading className="text-lg font-semibold @max-3xs:text-base @max-3xs:leading-snug">
          <Link to={`/products/${product.slug}`} prefetch="intent" className="after:absolute after:inset-0 focus:outline-none">
            {product.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm text-gray-600 @max-3xs:hidden">{product.summary}</p>
        <div className="mt-4 flex items-center justify-between @max-3xs:mt-auto @max-3xs:pt-2">
          <p className="text-lg font-bold @max-3xs:text-base">
            {formatMoney(product.priceCents, product.currency)}
            {product.compareAtCents ? (
              <span className="ml-2 text-sm font-normal text-gray-500 line-through @max-3xs:ml-0 @max-3xs:block">
                <span className="sr-only">was </span>
                {formatMoney(product.compareAtCents, product.currency)}
              </span>
            ) : null}
          </p>
          <span aria-hidden="true" className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white group-hover:bg-brand-800 @max-xs:hidden">
            View Details
          </span>
        </div>
      </div>
    </article>
  );
}

/** A row of up to four cards under a section's own h2 (home page rows, search's newest products). */
export function ProductCardRow({ products }: { products: (ProductCardData & { id: string })[] }) {
  return (
    <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.id} className="relative">
          <ProductCard product={p} headingLevel={3} />
        </li>
      ))}
    </ul>
  );
}
