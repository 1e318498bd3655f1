/** The promo popup's timing and its memory of a dismissal (shared with the e2e fixtures). */
export const PROMO_DELAY_MS = 1000;
export const PROMO_DISMISS_DAYS = 7;
/** localStorage key holding the time (epoch ms) until which the popup stays hidden. */
export const PROMO_DISMISSED_KEY = "promo-dismissed-until";
/** A session cookie set when the popup shows: once per visit, even where localStorage is blocked. */
export const PROMO_SEEN_COOKIE = "promo-seen";

/**
 * The route `handle` of browsing pages (home, product list, product, blog): the only pages the popup
 * may cover. Never where the shopper pays, signs in or manages an account.
 */
export const PROMO_PAGE = { promo: true } as const;

export function isPromoPage(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { promo?: unknown }).promo === true;
}
