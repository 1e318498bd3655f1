import { pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import { user } from "../auth/schema";

/** What a customer keeps in their account besides better-auth's tables. */

/** A customer's saved shipping address, used to prefill checkout. */
export const customerAddresses = pgTable("customer_addresses", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  line1: text("line1").notNull(),
  line2: text("line2"),
  city: text("city").notNull(),
  /** As orders.ship_region: a US state's code, or free text elsewhere. */
  region: text("region"),
  postalCode: text("postal_code").notNull(),
  country: text("country").notNull(),
  updatedAt: timestamps.updatedAt,
});
