import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns";
import { user } from "../auth/schema";
import { productVariants, products } from "../catalog/schema";

/**
 * A customer's saved products (guests keep theirs in a signed cookie: server/wishlist/guest.ts).
 * One row per product: the colour is the one chosen when it was saved, so "Add to Cart" from the
 * wishlist knows what to add.
 */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("wishlist_items_user_product_idx").on(t.userId, t.productId), index("wishlist_items_variant_idx").on(t.variantId)],
);
