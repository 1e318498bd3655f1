import { Link } from "react-router";
import { formatMoney } from "~/lib/money";
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

export function ProductCard({ product, priority = false }: { product: ProductCardData; priority?: boolean }) {
  return (
    <article className="group flex flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm transition hover:shadow-md">
      <div className="aspect-square bg-gray-100">
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
        <h2 className="text-lg font-semibold">
          <Link to={`/products/${product.slug}`} prefetch="intent" className="after:absolute after:inset-0 focus:outline-none">
            {product.title}
          </Link>
        </h2>
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
