import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ReviewStatus } from "@core/reviews";
import { timestamps } from "../db/columns";
import { user } from "../auth/schema";
import { products } from "../catalog/schema";

/** Product reviews: the catalogue shows them and their rating summaries; this area writes them. */
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
    /** Kept with the vote that counted it (server/reviews/helpful.ts): one per visitor. */
    helpfulCount: integer("helpful_count").notNull().default(0),
    /**
     * 'published' is what the storefront shows and counts (the back office calls it Approved); a
     * buyer's review starts 'pending' until staff approve it; 'hidden' is taken down. The seeded
     * stories are published.
     */
    status: text("status").$type<ReviewStatus>().notNull().default("published"),
    /** The customer who wrote it (server/reviews): null for the seeded stories. Their reviews go with the account. */
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    /** Written by a customer with a paid order of the product when they wrote it: the "Verified buyer" badge. */
    verifiedBuyer: boolean("verified_buyer").notNull().default(false),
    /** The shop's public answer, shown under the review. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    // Once per customer per product (NULLs, the seeded stories, never collide).
    uniqueIndex("reviews_product_user_idx").on(t.productId, t.userId),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status_known", sql`${t.status} in ('pending', 'published', 'hidden')`),
  ],
);


/**
 * "Was this helpful?": one row per review and visitor, so a visitor is counted once however often
 * they press (the primary key refuses the second). `voter` is "user:<id>" for a signed-in customer,
 * "visitor:<uuid>" for the signed visitor cookie of anyone else (server/reviews/helpful.ts).
 */
export const reviewHelpfulVotes = pgTable(
  "review_helpful_votes",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    voter: text("voter").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);
