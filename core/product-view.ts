import type { StoredImage } from "./images";
import type { ProductContent } from "./product-content";
import type { ProductType } from "./collections";

/** What the storefront's product pages and cards render (server/catalog/products.ts builds them). */

export type ProductCard = {
  id: string;
  slug: string;
  title: string;
  summary: string;
  priceCents: number;
  compareAtCents: number | null;
  image: StoredImage | null;
  rating: RatingSummary;
};

export type RatingSummary = { average: number; count: number };

export type VariantView = {
  id: string;
  name: string;
  hex: string;
  images: StoredImage[];
  /** Units that can still be bought: stock minus active reservations. */
  available: number;
};

export type ReviewView = {
  id: string;
  author: string;
  authorImage: string | null;
  rating: number;
  title: string;
  body: string;
  images: StoredImage[];
  helpfulCount: number;
  createdAt: string;
  /** Written by a customer who bought the product: the "Verified buyer" badge. */
  verifiedBuyer: boolean;
  /** The shop's public answer, shown under the review. */
  reply: string | null;
  /** This visitor has already said it was helpful (their own view, never the cached page's). */
  votedHelpful?: boolean;
};

/** What the reviews section offers the visitor: sign in, nothing (not a buyer), the form, or their own review's state. */
export type ReviewAccessView = { kind: "sign-in" } | { kind: "not-buyer" } | { kind: "buyer" } | { kind: "reviewed"; status: "pending" | "published" | "hidden" };

export type ProductPage = {
  id: string;
  slug: string;
  title: string;
  type: ProductType;
  descriptionHtml: string;
  highlights: string;
  badge: string | null;
  priceCents: number;
  compareAtCents: number | null;
  externalUrl: string | null;
  seoTitle: string | null;
  seoDescription: string;
  content: ProductContent;
  variants: VariantView[];
  /** At or below this many units a colour says "Only N left". */
  lowStockThreshold: number;
  rating: RatingSummary;
  updatedAt: string;
};

/** The home page's product rows (server/catalog/products.ts listHomeRows). */
export type HomeRows = { featured: ProductCard[]; newArrivals: ProductCard[] };

/** An accessory offered beside a console or a cart, with the variants it can be added in. */
export type AccessoryOffer = ProductCard & { variants: { id: string; name: string; available: number }[] };
