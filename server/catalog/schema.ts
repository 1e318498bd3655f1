import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, timestamps } from "../db/columns";
import type { ProductContent } from "~/lib/product-content";
import type { PublishStatus } from "~/lib/publish-status";

/** The catalogue's tables: products, their colour variants (which hold the stock count) and reviews. Money is integer cents. */

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    highlights: text("highlights"),
    badge: text("badge"),
    priceCents: money("price_cents").notNull(),
    compareAtCents: money("compare_at_cents"),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    externalUrl: text("external_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    content: jsonb("content").$type<ProductContent>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_status_created_idx").on(t.status, t.createdAt),
    check("products_price_positive", sql`${t.priceCents} > 0`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    hex: text("hex").notNull(),
    imageIds: uuid("image_ids").array().notNull().default(sql`'{}'::uuid[]`),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
  ],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    authorImage: text("author_image"),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull(),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    helpfulCount: integer("helpful_count").notNull().default(0),
    status: text("status").$type<"published" | "hidden">().notNull().default("published"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);
