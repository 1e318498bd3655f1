import { pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { money, timestamps } from "../db/columns";

/** What the shop records about payment providers. */

/** Provider events already applied: the idempotency key of webhook handling. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").notNull(),
    provider: text("provider").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] })],
);

/**
 * The built-in test provider's own ledger of paid sessions: what a real provider keeps on its side.
 * Only server/payments/test-provider.ts reads or writes it; the shop learns of a payment through the
 * webhook or, when that never arrived, by reconciliation asking the provider.
 */
export const testProviderPayments = pgTable("test_provider_payments", {
  sessionId: text("session_id").primaryKey(),
  paymentId: text("payment_id").notNull(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The test provider's refunds: its side of the books, one row per idempotency key. */
export const testProviderRefunds = pgTable("test_provider_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  id: text("id").notNull(),
  paymentId: text("payment_id").notNull(),
  amountCents: money("amount_cents").notNull(),
  createdAt: timestamps.createdAt,
});

/**
 * Sessions the shop closed (the shopper cancelled, the checkout was replaced or staff cancelled it):
 * the test provider's payment page refuses them afterwards, as Stripe refuses an expired session.
 */
export const testProviderClosedSessions = pgTable("test_provider_closed_sessions", {
  sessionId: text("session_id").primaryKey(),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull().defaultNow(),
});
