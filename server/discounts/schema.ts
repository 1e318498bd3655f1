import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { carts } from "../cart/schema";
import { money, timestamps } from "../db/columns";
import { orders } from "../orders/schema";
import type { DiscountKind } from "@core/discount-form";

/**
 * Discount codes (issue 13, docs/discounts.md). Amounts are integer minor units keyed by currency
 * ("USD", "GBP"): a currency without its own amount uses the USD one converted at the market's rate
 * and rounding. The CHECKs repeat the editor's rules, so nothing absurd is stored whoever writes.
 */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Upper case: codes are case-insensitive. */
    code: text("code").notNull(),
    title: text("title").notNull(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    percentOff: integer("percent_off"),
    /** Fixed amount off per currency (USD always set for the fixed kind). */
    amounts: jsonb("amounts").$type<Record<string, number>>().notNull().default({}),
    /** Minimum subtotal of the eligible lines per currency; empty: none. */
    minSubtotals: jsonb("min_subtotals").$type<Record<string, number>>().notNull().default({}),
    /** Free shipping only for these markets' zones; null: every zone. */
    freeShippingMarkets: text("free_shipping_markets").array(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    usageLimit: integer("usage_limit"),
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    /** Only these products; null: all products. */
    productIds: uuid("product_ids").array(),
    /** false once deactivated by the merchant (a used code is deactivated instead of deleted). */
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("discount_codes_code_idx").on(t.code),
    check("discount_codes_code_format", sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check("discount_codes_kind_known", sql`${t.kind} in ('percentage', 'fixed', 'free_shipping')`),
    check("discount_codes_percent", sql`(${t.kind} = 'percentage') = (${t.percentOff} is not null) and coalesce(${t.percentOff} between 1 and 100, true)`),
    check("discount_codes_usage_limit", sql`${t.usageLimit} is null or ${t.usageLimit} > 0`),
    check("discount_codes_window", sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

export type DiscountUseStatus = "held" | "counted" | "released";

/**
 * One order's use of a code. HELD when its checkout session is created (until `expiresAt`, like the
 * stock reservation), COUNTED in the transaction that marks the order paid, RELEASED when the
 * checkout is cancelled, replaced or expires. It also keeps what the order was given (code, amount,
 * currency), so the order's record survives the code being changed or deactivated.
 */
export const discountUses = pgTable(
  "discount_uses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    discountId: uuid("discount_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Lower case, for "one use per customer". */
    email: text("email").notNull(),
    code: text("code").notNull(),
    label: text("label").notNull(),
    amountMinor: money("amount_minor").notNull(),
    freeShipping: boolean("free_shipping").notNull().default(false),
    currency: text("currency").notNull(),
    status: text("status").$type<DiscountUseStatus>().notNull().default("held"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    countedAt: timestamp("counted_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("discount_uses_order_idx").on(t.orderId),
    index("discount_uses_discount_status_idx").on(t.discountId, t.status),
    index("discount_uses_discount_email_idx").on(t.discountId, t.email),
    check("discount_uses_status_known", sql`${t.status} in ('held', 'counted', 'released')`),
    check("discount_uses_amount", sql`${t.amountMinor} >= 0`),
  ],
);

/** The code a cart carries (one per cart: a new one replaces the old). */
export const cartDiscountCodes = pgTable("cart_discount_codes", {
  cartId: uuid("cart_id")
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  code: text("code").notNull(),
  updatedAt: timestamps.updatedAt,
});
