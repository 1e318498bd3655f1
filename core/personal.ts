import type { ReviewAccessView } from "./product-view";

/**
 * What belongs to one visitor on a storefront page that every visitor shares (the cached page,
 * ADR 018): fetched after load from /api/personal, never part of the page itself.
 */
export type PersonalProductView = {
  /** The colour they saved to their wishlist, or null. */
  savedVariantId: string | null;
  reviewAccess: ReviewAccessView;
  /** The reviews they found helpful, with each one's count now. */
  votes: [reviewId: string, helpfulCount: number][];
};

export type PersonalView = {
  cartCount: number;
  user: { email: string } | null;
  /** Present when asked for a product (`?product=<slug>`) that is published. */
  product: PersonalProductView | null;
};

/**
 * A browser-only cookie holding the cart's item count, written by the page from the personal answer
 * and read by a tiny inline script before the first paint, so the badge does not flash in on a
 * shared page. It decides nothing on the server.
 */
export const CART_HINT_COOKIE = "cart-hint";
