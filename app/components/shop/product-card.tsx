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

/** `headingLevel` 3 where the cards sit under a group's own h2 (search results, home page rows). */
export function ProductCard({
  product,
  priority = false,
  headingLevel = 2,
  soldOut = false,
}: {
  product: ProductCardData;
  priority?: boolean;
  headingLevel?: 2 | 3;
  /** No colour can be bought: a "Sold out" badge, as Dawn's cards show. */
  soldOut?: boolean;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="relative aspect-square bg-gray-100">
        {soldOut ? <span className="absolute left-3 top-3 z-10 rounded-full bg-gray-900 px-3 py-1 text-xs font-semibold text-white">Sold out</span> : null}
        {product.image ? (
          <ResponsiveImage
            image={product.image}
            sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw"
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg font-semibold">
          <Link to={`/products/${product.slug}`} prefetch="intent" className="after:absolute after:inset-0 focus:outline-none">
            {product.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm text-gray-600">{product.summary}</p>
        <div className="mt-4 flex items-center justify-between">
          <p className="text-lg font-bold">
            {formatMoney(product.priceCents, product.currency)}
            {product.compareAtCents ? (
              <span className="ml-2 text-sm font-normal text-gray-500 line-through">
                <span className="sr-only">was </span>
                {formatMoney(product.compareAtCents, product.currency)}
              </span>
            ) : null}
          </p>
          <span aria-hidden="true" className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white group-hover:bg-brand-800">
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
