/*
 * "Recently viewed" on the product page (issue 31). The product page is one cached page for every
 * shopper (ADR 018), so the list lives in the shopper's browser (localStorage) and the cards come
 * from GET /api/product-cards after load. No zod here: this module is in the product page's
 * client bundle (d95beb1 took zod out of the shop's client code); the endpoint checks its query with
 * zod, the browser checks the endpoint's answer with core/product-cards.ts.
 */

/** A product slug as the storefront's URLs spell it (the page cache's /products/<slug> pattern). */
export const PRODUCT_SLUG = /^[a-z0-9-]{1,120}$/;

/** How many slugs the browser keeps, and how many the endpoint answers in one request. */
export const VIEWED_KEPT = 8;

/** How many cards the section shows. */
export const VIEWED_SHOWN = 4;

export const VIEWED_STORAGE_KEY = "recently-viewed";

/**
 * The stored list, whatever is in storage: valid slugs only, once each, at most VIEWED_KEPT. Another
 * script's value, a hand-edited one or a format of an older release gives [] rather than an error.
 */
export function parseViewed(raw: string | null): string[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const slugs = value.filter((s): s is string => typeof s === "string" && PRODUCT_SLUG.test(s));
  return [...new Set(slugs)].slice(0, VIEWED_KEPT);
}

/** The list after viewing `slug`: it first, its earlier entry dropped, the oldest beyond VIEWED_KEPT dropped. */
export function recordView(viewed: string[], slug: string): string[] {
  return [slug, ...viewed.filter((s) => s !== slug)].slice(0, VIEWED_KEPT);
}

/** What the section on `slug`'s page shows: the products viewed before it, most recent first, not itself. */
export function viewedBefore(viewed: string[], slug: string): string[] {
  return viewed.filter((s) => s !== slug).slice(0, VIEWED_SHOWN);
}
