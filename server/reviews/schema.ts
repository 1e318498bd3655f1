import { pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import { reviews } from "../catalog/schema";

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
