import type { StoredImage } from "./images";

/** A saved product as the wishlist page shows it (server/wishlist builds it; `id` is the product's). */
export type WishlistItem = {
  id: string;
  variantId: string;
  slug: string;
  title: string;
  variantName: string;
  hex: string;
  image: StoredImage | null;
  priceCents: number;
  compareAtCents: number | null;
  /** Units of the saved colour that can be bought now. */
  available: number;
  lowStockThreshold: number;
};

/** Guests keep at most this many items (the list lives in a cookie); customers at most MAX_CUSTOMER_ITEMS. */
export const MAX_GUEST_ITEMS = 20;
export const MAX_CUSTOMER_ITEMS = 100;
