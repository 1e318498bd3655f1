import type { ProductContent } from "@core/product-content";
import type { ProductType } from "@core/collections";
import type { AccessoryArtwork } from "@server/media";
import type { ConsoleModel } from "@server/media";

/** Shapes of the seed data; the copy lives beside this file, the loader in ./index.ts. */

/** A product without options has one variant named DEFAULT_VARIANT.name (core/variant.ts). */
export type SeedVariant = { name: string; hex: string; stock: number };

export type SeedProduct = {
  slug: string;
  title: string;
  type: ProductType;
  /** Position in the home page's featured row; absent: not featured. */
  featuredPosition?: number;
  badge: string | null;
  priceCents: number;
  compareAtCents: number | null;
  /** Sanitisable HTML (p, h3, ul/li, strong, em). */
  descriptionHtml: string;
  /** Plain text, shown cut to 400 characters as 'Product Highlights'. */
  highlights: string;
  seoDescription: string;
  /** What the generated seed artwork draws: a console (front, back and side views per colour) or an accessory. */
  artwork: ConsoleModel | AccessoryArtwork;
  variants: SeedVariant[];
  content: ProductContent;
};

export type SeedReview = {
  author: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  /** Colour names of this product whose artwork (front view) illustrates the review (0-3). */
  imageColours: string[];
  helpfulCount: number;
  /** How long before seeding the review was written. */
  daysAgo: number;
};

export type SeedPost = {
  slug: string;
  title: string;
  excerpt: string;
  contentHtml: string;
  author: string;
  tags: string[];
  /** ISO date. */
  date: string;
};
