import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import { user } from "../auth/schema";

/** What a customer keeps in their account besides better-auth's tables. */

/**
 * A customer's address book (server/accounts/address.ts): several shipping addresses, at most one
 * the default, which checkout preselects. The partial unique index keeps "one default" true even
 * when two requests change it at once.
 */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    /** As orders.ship_region: a US state's code, or free text elsewhere. */
    region: text("region"),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("customer_addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("customer_addresses_one_default_idx").on(t.userId).where(sql`${t.isDefault}`),
  ],
);
