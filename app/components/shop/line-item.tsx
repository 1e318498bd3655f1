import { Link } from "react-router";
import type { StoredImage } from "@core/images";
import { isDefaultVariant } from "@core/variant";
import { ResponsiveImage } from "./responsive-image";

/** A product colour as a list row shows it (cart, wishlist): the colour's thumbnail. */
export function LineThumbnail({ image }: { image: StoredImage | null }) {
  return (
    <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-gray-100 sm:h-24 sm:w-24">
      {image ? <ResponsiveImage image={image} sizes="(min-width: 640px) 96px, 80px" alt="" className="h-full w-full object-cover" /> : null}
    </div>
  );
}

/** The row's product title (a link to its page) and the colour with its swatch (none for a product without options). */
export function LineHeading({ slug, title, hex, variantName }: { slug: string; title: string; hex: string; variantName: string }) {
  return (
    <>
      <h2 className="font-semibold">
        <Link to={`/products/${slug}`} className="hover:underline">
          {title}
        </Link>
      </h2>
      {isDefaultVariant(variantName) ? null : (
        <p className="flex items-center gap-2 text-sm text-gray-600">
          <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border border-gray-300" style={{ backgroundColor: hex }} />
          Colour: {variantName}
        </p>
      )}
    </>
  );
}
