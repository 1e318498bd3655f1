import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * The rate-limit windows: better-auth's store when it is kept in the database (its own table name and
 * columns), and the shop's own limits (server/security/rate-limit.ts) in the same rows.
 */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  // Milliseconds since the epoch: does not fit in an integer.
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
