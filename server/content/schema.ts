import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

/** Shop settings (name, contact details), one JSON value per key. */

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
