import type { ProductCard } from "./product-view";
import type { InMarket } from "./market";

/** GET /api/product-cards's answer: published products as cards in the market asked for, in the order of the slugs asked for. */
export type ProductCardsAnswer = { products: InMarket<ProductCard>[] };

/**
 * The endpoint's answer checked by hand in the browser (no zod in the shop's client code): the
 * fields a card renders, with the right types. Anything else (an error page, a proxy's answer) is no cards.
 */
export function cardsOf(body: unknown): InMarket<ProductCard>[] {
  const products = (body as { products?: unknown } | null)?.products;
  if (!Array.isArray(products)) return [];
  return products.filter(isCard);
}

function isCard(p: unknown): p is InMarket<ProductCard> {
  if (typeof p !== "object" || p === null) return false;
  const c = p as Record<string, unknown>;
  return (
    typeof c.id === "string" &&
    typeof c.slug === "string" &&
    typeof c.title === "string" &&
    typeof c.summary === "string" &&
    Number.isInteger(c.priceCents) &&
    (c.compareAtCents === null || Number.isInteger(c.compareAtCents)) &&
    typeof c.currency === "string" &&
    (c.image === null || isImage(c.image))
  );
}

function isImage(i: unknown): boolean {
  const image = i as { alt?: unknown; width?: unknown; height?: unknown; renditions?: unknown } | null;
  return typeof image === "object" && image !== null && typeof image.alt === "string" && Number.isInteger(image.width) && Number.isInteger(image.height) && Array.isArray(image.renditions);
}
