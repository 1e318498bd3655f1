import { sql } from "drizzle-orm";
import { pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";

/** Contact messages and newsletter sign-ups. */

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: timestamps.createdAt,
});

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("newsletter_email_idx").on(sql`lower(${t.email})`)],
);

/**
 * Addresses that asked for no more marketing email (the one-click unsubscribe of the abandoned
 * checkout reminder, RFC 8058): stored in lower case, one row per address, never mailed again.
 */
export const marketingUnsubscribes = pgTable("marketing_unsubscribes", {
  email: text("email").primaryKey(),
  createdAt: timestamps.createdAt,
});
