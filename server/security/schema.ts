import { bigint, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * better-auth's own rate-limit table (its name and columns): the sign-in's progressive lockout per
 * account (server/security/rate-limit.ts checkBackoff) keeps its rows here.
 */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  // Milliseconds since the epoch: does not fit in an integer.
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * The fixed windows of every rate limit, better-auth's and the shop's (server/security/rate-limit.ts),
 * in rate-limiter-flexible's Drizzle store: its table shape (key, points, expire).
 */
export const rateLimitWindows = pgTable("rate_limiter_flexible", {
  key: text("key").primaryKey(),
  points: integer("points").notNull(),
  expire: timestamp("expire", { withTimezone: true }),
});
