import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import { user } from "../auth/schema";
import { productVariants, products } from "../catalog/schema";

/** A cart per visitor (signed cookie) or per user, and its lines. */

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("carts_user_idx").on(t.userId)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("cart_lines_cart_variant_idx").on(t.cartId, t.variantId),
    check("cart_lines_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);
