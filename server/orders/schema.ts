import { sql, type SQL } from "drizzle-orm";
import { ORDER_NOTE_MAX } from "@core/checkout-form";
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { money, timestamps } from "../db/columns";
import type { OrderStatus } from "@core/order-status";
import type { RefundStatus, ReturnStatus } from "@core/order-view";
import { user } from "../auth/schema";
import { productVariants, products } from "../catalog/schema";
import { SEARCH_FOLD } from "./search-text";

/**
 * Orders, their line snapshots and their status history. Money is integer minor units of the
 * order's own currency (pence for a GBP order): every amount of an order, its items, its tax lines
 * and its refunds is in `orders.currency`.
 */

/** A tax line as charged (docs/pricing.md): "Including VAT (20%) £8.33" (included) or "Sales tax $0.00" (added). */
export type OrderTaxLine = { name: string; rateBps: number; amountCents: number; included: boolean };

/**
 * What the back office's order search matches (server/orders/filters.ts): the name, email and number
 * and the order's lines (product titles and colour names, `lines_text`), accents folded and in lower
 * case, trigram-indexed so any part of it is found through the index ("velace" finds Lovelace).
 */
function orderSearchText(): SQL {
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const text = sql`${orders.name} || ' ' || ${orders.email} || ' ' || ${orders.number} || ' ' || ${orders.linesText}`;
  return sql`lower(translate(${text}, ${sql.raw(quote(SEARCH_FOLD.from))}, ${sql.raw(quote(SEARCH_FOLD.to))}))`;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    shipLine1: text("ship_line1").notNull(),
    shipLine2: text("ship_line2"),
    shipCity: text("ship_city").notNull(),
    /** A US state's code for a US address; free text elsewhere (province, county); null when none. */
    shipRegion: text("ship_region"),
    shipPostalCode: text("ship_postal_code").notNull(),
    shipCountry: text("ship_country").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    cancelReason: text("cancel_reason"),
    subtotalCents: money("subtotal_cents").notNull(),
    shippingCents: money("shipping_cents").notNull().default(0),
    totalCents: money("total_cents").notNull(),
    /** ISO 4217, lower case as the payment providers write it ("gbp"). */
    currency: text("currency").notNull().default("usd"),
    /**
     * The market the order was priced in and its exchange rate then (units of the currency per USD,
     * in millionths): reports convert the order's amounts back to USD with this rate, not today's.
     * Orders placed before markets existed are USD at 1000000 with no market.
     */
    marketId: text("market_id"),
    rateMicros: integer("rate_micros").notNull().default(1_000_000),
    /** The shipping method as chosen and priced at checkout (its name kept: methods may be renamed). */
    shippingMethodId: text("shipping_method_id"),
    shippingMethodName: text("shipping_method_name"),
    /** The delivery estimate shown at checkout, calendar dates on the shop's calendar. */
    deliveryFrom: date("delivery_from", { mode: "string" }),
    deliveryTo: date("delivery_to", { mode: "string" }),
    /** Each tax line as charged; the amounts are already in total_cents (included or added). */
    taxLines: jsonb("tax_lines").$type<OrderTaxLine[]>().notNull().default([]),
    /** The tax on the shipping (inside or on top of shipping_cents, as the tax lines say); the lines keep theirs. */
    shippingTaxCents: money("shipping_tax_cents").notNull().default(0),
    /**
     * Whether the lines' discount and tax shares are stored (server/pricing/charges.ts): true from
     * checkout on; older orders are allocated from their totals at start-up (server/orders/charges.ts).
     */
    chargesAllocated: boolean("charges_allocated").notNull().default(false),
    paymentProvider: text("payment_provider").notNull(),
    providerSessionId: text("provider_session_id"),
    paymentIntentId: text("payment_intent_id"),
    paymentBrand: text("payment_brand"),
    paymentLast4: text("payment_last4"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** "INV-2026-000042": sequential and gap-free per calendar year, assigned in the payment's transaction (server/orders/documents.ts). */
    invoiceNumber: text("invoice_number"),
    /** Fulfilment (server/orders/fulfil.ts): when it shipped, by which carrier, with which tracking number. */
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /**
     * The lines' product titles and colour names ("R36S Retro Handheld Purple 35XXPro Teal"), for the
     * search. Written by the trigger `order_items_search_text` (migration 0020) whenever lines are
     * inserted, however they are (checkout, a seed, a test): lines are snapshots, never edited after.
     */
    linesText: text("lines_text").notNull().default(""),
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => orderSearchText()),
    /**
     * What the shopper asked checkout to do for their account once the order is paid
     * (server/accounts/after-payment.ts): a signed-in customer's "Save this address to my account",
     * a guest's "Create an account with this order". Cleared when done, so it is done once.
     */
    saveAddress: boolean("save_address").notNull().default(false),
    /**
     * The cart the order was bought from: its lines for the order's colours are taken out when the
     * order is paid, however late (server/orders/payment.ts), so the shopper cannot pay for them twice.
     */
    cartId: uuid("cart_id"),
    createAccount: boolean("create_account").notNull().default(false),
    /**
     * The shopper's optional note at checkout ("a gift, please leave with a neighbour"), shown to staff
     * on the order and to the customer on theirs; plain text, at most 500 characters (core/checkout-form.ts).
     */
    customerNote: text("customer_note"),
    /**
     * The shopper ticked "Email me offers and reminders" at checkout: the one consent the abandoned
     * checkout reminder (server/checkout/reminder.ts) needs. Unticked by default.
     */
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    /** When the abandoned checkout reminder was queued for this checkout: set once, in the job's locked transaction. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_number_idx").on(t.number),
    uniqueIndex("orders_provider_session_idx").on(t.providerSessionId),
    uniqueIndex("orders_invoice_number_idx").on(t.invoiceNumber),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_user_idx").on(t.userId),
    index("orders_email_idx").on(t.email),
    // The reminder job's candidates: consenting checkouts not reminded or paid yet (few rows, small index).
    index("orders_reminder_due_idx").on(t.createdAt).where(sql`${t.marketingConsent} and ${t.remindedAt} is null and ${t.paidAt} is null`),
    index("orders_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`).with({ fastupdate: false }),
    check("orders_rate_micros_positive", sql`${t.rateMicros} > 0`),
    check("orders_customer_note_length", sql`char_length(${t.customerNote}) <= ${sql.raw(String(ORDER_NOTE_MAX))}`),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    variantName: text("variant_name").notNull(),
    unitPriceCents: money("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    /** The line's share of the order's discount (largest remainder: the shares add up to the discount). */
    discountCents: money("discount_cents").notNull().default(0),
    /** The tax on the discounted line, inside it or added to it as the order's tax lines say. */
    taxCents: money("tax_cents").notNull().default(0),
    /** Units refunded so far (server/orders/refunds.ts); never more than the quantity. */
    refundedQuantity: integer("refunded_quantity").notNull().default(0),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    check("order_items_refunded_quantity_range", sql`${t.refundedQuantity} >= 0 AND ${t.refundedQuantity} <= ${t.quantity}`),
  ],
);

/**
 * The lines a refund gave back: order item, units, whether they went back on the shelf, and (from
 * issue 25 on) the money those units returned and the tax inside it, as the credit note prints them.
 */
export type RefundLine = { itemId: string; quantity: number; restock: boolean; amountCents?: number; taxCents?: number };

/**
 * Money given back on an order (server/orders/refunds.ts). A refund is written 'pending' under the
 * order's row lock before the provider is asked, so concurrent refunds see each other's amounts and
 * their sum never exceeds what was paid; a refund the provider refused becomes 'failed' and frees
 * its amount again.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountCents: money("amount_cents").notNull(),
    /** Of the amount: the shipping given back (with its tax), and the tax in the whole refund. */
    shippingCents: money("shipping_cents").notNull().default(0),
    taxCents: money("tax_cents").notNull().default(0),
    /**
     * The business action this refund is (a staff form's submission, a return's refund step, a
     * cancellation): one refund per action, whatever the clicks, retries or instances, and the
     * provider's idempotency key. Null for refunds written before issue 25.
     */
    actionKey: text("action_key"),
    reason: text("reason").notNull(),
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    status: text("status").$type<RefundStatus>().notNull().default("pending"),
    providerRefundId: text("provider_refund_id"),
    /** "CN-2026-000007": the credit note's own gap-free sequence, assigned when the provider confirmed the refund. */
    creditNoteNumber: text("credit_note_number"),
    error: text("error"),
    /** Who: an admin's id, or "system". */
    actor: text("actor").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("order_refunds_order_idx").on(t.orderId),
    uniqueIndex("order_refunds_action_key_idx").on(t.actionKey),
    uniqueIndex("order_refunds_credit_note_idx").on(t.creditNoteNumber),
    check("order_refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The last number given of each kind of document per calendar year (UTC): invoices and credit notes.
 * Taken with an upsert in the transaction that issues the document, so its row lock orders the
 * instances and a rollback gives the number back: the sequence has no gaps and no duplicates.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: text("kind").$type<"invoice" | "credit-note">().notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actor: text("actor").notNull(),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    note: text("note"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** The lines a customer asks to send back: order item and units. */
export type ReturnLine = { itemId: string; quantity: number };

/**
 * A customer's return request (server/orders/returns.ts): requested → approved or declined;
 * approved → received → refunded (through order_refunds, with restock). At most one open per order.
 */
export const returnRequests = pgTable(
  "return_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status").$type<ReturnStatus>().notNull().default("requested"),
    reason: text("reason").notNull(),
    lines: jsonb("lines").$type<ReturnLine[]>().notNull(),
    refundId: uuid("refund_id").references(() => orderRefunds.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index("return_requests_order_idx").on(t.orderId)],
);
