import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { StockReason } from "@core/stock";
import { productVariants } from "../catalog/schema";
import { orders } from "../orders/schema";

/** Units held for a pending order while its customer pays. Available = stock minus active reservations. */

export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    /** An opaque key (HMAC) of the client address that took it: caps what one client holds. */
    clientKey: text("client_key"),
  },
  (t) => [
    index("stock_reservations_active_idx").on(t.variantId, t.expiresAt),
    index("stock_reservations_order_idx").on(t.orderId),
    index("stock_reservations_client_idx").on(t.clientKey, t.expiresAt).where(sql`${t.releasedAt} is null`),
  ],
);

/**
 * "Email me when it's back": one row per sign-up for a sold-out colour. `notifiedAt` is set in the
 * same transaction that queues the email, so each sign-up is mailed exactly once, whichever instance
 * sees the stock return (server/inventory/back-in-stock.ts). One open sign-up per address and colour.
 */
export const backInStockRequests = pgTable(
  "back_in_stock_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    // Also the index the sender reads open sign-ups by (variant first).
    uniqueIndex("back_in_stock_open_idx").on(t.variantId, t.email).where(sql`${t.notifiedAt} is null`),
  ],
);

/**
 * Every stock movement (issue 14): which colour, by how much, why, who and when. Written only by
 * moveStock (stock.ts) in the transaction that changes product_variants.stock, so for each colour
 * the sum of its deltas is its stock on hand. A colour's entries go with it when it is deleted.
 */
export const stockLedger = pgTable(
  "stock_ledger",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    /** On hand after this movement, for reading the history without summing it. */
    balance: integer("balance").notNull(),
    reason: text("reason").$type<StockReason>().notNull(),
    /** An admin's id, "provider:<name>" for a payment, or "system". */
    actorId: text("actor_id").notNull(),
    actorEmail: text("actor_email"),
    /** The order a sale or restock belongs to. */
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    note: text("note"),
    /** clock_timestamp(), not now(): the movements of one transaction keep their order. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    index("stock_ledger_variant_idx").on(t.variantId, t.createdAt),
    index("stock_ledger_created_idx").on(t.createdAt),
    check("stock_ledger_delta_nonzero", sql`${t.delta} <> 0`),
    check("stock_ledger_balance_nonnegative", sql`${t.balance} >= 0`),
  ],
);
