import { eq, sql } from "drizzle-orm";
import { countOrderDiscount, releaseDiscountUses } from "@server/discounts";
import { db, transaction, type Tx } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { orderItems, orders } from "./schema";
import type { OrderStatus } from "@core/order-status";
import { recordOrderEvent } from "./events";
import { documentNumberTaken } from "./documents";
import { orderSummaryFrom } from "./queries";
import type { OrderSummary } from "@core/order-view";
import { firstDelivery, type PaymentEvent } from "@server/payments";
import { lockAvailableEndingHolds, releaseReservations, stockChanged, takeStock } from "../inventory";
import { removePurchasedLines } from "@server/cart";
import { ORDER_STATUS_LABELS } from "@core/order-status";

/**
 * What a provider's webhook tells us, already verified and translated by the payment adapter.
 * `eventId` is the provider's event id: applying an event is idempotent on (provider, eventId).
 */
export type PaymentConfirmation = Omit<PaidEvent, "kind" | "amountCents" | "currency"> & {
  provider: string;
  /** The amount and currency the provider reports as paid; null when it does not say. */
  amountCents?: PaidEvent["amountCents"];
  currency?: PaidEvent["currency"];
};

/** Derived from the adapters' PaymentEvent, so a field the provider reports is declared once. */
type PaidEvent = Extract<PaymentEvent, { kind: "paid" }>;

export type PaymentOutcome =
  | { kind: "duplicate" | "unknown-session" | "already-paid" }
  /**
   * `accountRequests`: checkout asked to save the address or create an account (server/accounts/after-payment.ts).
   * `summary`: the order as the payment left it, for the confirmation email.
   */
  | { kind: "paid"; orderId: string; accountRequests: boolean; summary: OrderSummary }
  /** The provider reports another amount or currency than the order's: never marked paid; staff look. */
  | { kind: "mismatch"; orderId: string }
  /** Paid after its reservation lapsed and the units were sold: cancelled, to be refunded. */
  | { kind: "sold-out"; orderId: string; paymentId: string | null; amountCents: number };

export const SOLD_OUT_REASON = "Sold out: the payment arrived after the reserved units were sold";

async function lockOrderBySession(tx: Tx, sessionId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.providerSessionId, sessionId)).for("update");
  return order;
}

type PaidItem = Pick<typeof orderItems.$inferSelect, "id" | "variantId" | "title" | "variantName" | "unitPriceCents" | "quantity" | "refundedQuantity">;

/** lockOrderBySession with the order's items, in one statement (the lock is the order row's alone). */
const lockOrderWithItems = preparedQuery("order_with_items_locked", (d) => {
  // Spelled out: in a one-table select drizzle leaves columns unqualified, and "id" would be the item's.
  const items = sql.raw(`(select coalesce(json_agg(json_build_object(
    'id', oi.id, 'variantId', oi.variant_id, 'title', oi.title, 'variantName', oi.variant_name,
    'unitPriceCents', oi.unit_price_cents, 'quantity', oi.quantity, 'refundedQuantity', oi.refunded_quantity)), '[]'::json)
    from order_items oi where oi.order_id = "orders"."id")`);
  return d
    .select({ order: orders, items: sql<PaidItem[]>`${items}` })
    .from(orders)
    .where(eq(orders.providerSessionId, sql.placeholder("sessionId")))
    .for("update", { of: orders });
});

/**
 * The paid order's final update, taking the invoice number in the same statement: the counter's row
 * lock (every payment's) is held only until the commit. Placeholders in a SET go through sql
 * (drizzle types only values there).
 */
const markPaid = preparedQuery("order_paid", (d) => {
  const invoice = documentNumberTaken(d, "invoice", sql.placeholder("year"));
  const [text, time] = [(name: string) => sql`${sql.placeholder(name)}`, (name: string) => sql`${sql.placeholder(name)}::timestamptz`];
  return d
    .with(invoice.counter)
    .update(orders)
    .set({
      status: "processing",
      cancelReason: null,
      paidAt: time("paidAt"),
      paymentIntentId: text("paymentId"),
      paymentBrand: text("brand"),
      paymentLast4: text("last4"),
      updatedAt: time("updatedAt"),
      invoiceNumber: invoice.number,
    })
    .from(invoice.counter)
    .where(eq(orders.id, sql.placeholder("orderId")))
    .returning({ invoiceNumber: orders.invoiceNumber });
});

/**
 * A payment succeeded. In ONE transaction: mark the order paid ('processing') with brand and last 4,
 * turn its reservation into a stock decrement guarded never to go below 0, record the event.
 * If the units it needs are no longer there (its reservation lapsed and others bought them), the
 * order is cancelled instead and the caller refunds the payment.
 */
export async function confirmPayment(p: PaymentConfirmation): Promise<PaymentOutcome> {
  return transaction(async (tx): Promise<PaymentOutcome> => {
    if (!(await firstDelivery(tx, p.provider, p.eventId, p.eventType))) return { kind: "duplicate" };
    const [locked] = await lockOrderWithItems({ sessionId: p.sessionId }, tx);
    if (!locked) return { kind: "unknown-session" };
    const { order, items } = locked;
    // A payment was applied already: paid (even if staff cancelled it since), or refunded as sold out.
    // Another success event for the session (a redelivery under a new id, reconciliation) changes nothing.
    if (order.paidAt || order.status === "processing" || order.status === "completed" || order.cancelReason === SOLD_OUT_REASON) {
      return { kind: "already-paid" };
    }
    const paidOther =
      (p.amountCents !== undefined && p.amountCents !== null && p.amountCents !== order.totalCents) ||
      (p.currency !== undefined && p.currency !== null && p.currency.toLowerCase() !== order.currency.toLowerCase());
    if (paidOther) {
      await recordOrderEvent(tx, {
        orderId: order.id,
        actor: `provider:${p.provider}`,
        type: "payment_mismatch",
        note: `The provider reports ${p.amountCents ?? "?"} ${p.currency?.toUpperCase() ?? "?"} paid, the order is ${order.totalCents} ${order.currency.toUpperCase()} (minor units): not marked paid. Check the payment with the provider.`,
      });
      return { kind: "mismatch", orderId: order.id };
    }

    const variantIds = items.flatMap((i) => (i.variantId ? [i.variantId] : []));
    // This order's own active reservation counts for it; everyone else's is off limits. Its holds end
    // here: consumed by the sale below, or given back if the units are gone.
    const free = await lockAvailableEndingHolds(tx, order.id, variantIds);
    const fits = items.every((i) => i.variantId && i.quantity <= (free.get(i.variantId) ?? 0));
    const actor = `provider:${p.provider}`;

    if (!fits) {
      await stockChanged(tx, { rose: true });
      await releaseDiscountUses(tx, [order.id]);
      await tx
        .update(orders)
        .set({ status: "cancelled", cancelReason: SOLD_OUT_REASON, paymentIntentId: p.paymentId, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      await recordOrderEvent(tx, {
        orderId: order.id,
        actor,
        type: "cancelled",
        fromStatus: order.status,
        toStatus: "cancelled",
        note: `${SOLD_OUT_REASON}; the payment will be refunded.`,
      });
      return { kind: "sold-out", orderId: order.id, paymentId: p.paymentId, amountCents: order.totalCents };
    }

    await stockChanged(tx, { rose: false });
    if (order.cartId) await removePurchasedLines(tx, order.cartId, variantIds);
    await takeStock(tx, items.map((i) => ({ variantId: i.variantId!, quantity: i.quantity })), order.id, { id: actor, email: null });
    // The code's use is counted with the payment, whatever happened to the code since checkout.
    const discount = await countOrderDiscount(tx, order.id);
    const card = p.brand && p.last4 ? ` by ${p.brand} ending ${p.last4}` : "";
    // A payment for a checkout that had ended (cancelled at the payment page, replaced, lapsed, or
    // failed) is never lost: with every unit still there, the order goes ahead and says so.
    const late = order.status === "pending" ? "" : ` after the checkout had ended (${order.cancelReason ?? ORDER_STATUS_LABELS[order.status]}); every unit could still be reserved, so the order goes ahead`;
    await recordOrderEvent(
      tx,
      {
        orderId: order.id,
        actor,
        type: "paid",
        fromStatus: order.status,
        toStatus: "processing",
        note: `Paid${card}${late}; reserved units taken from stock.`,
      },
      "paid",
    );
    const paidAt = new Date();
    const set = {
      status: "processing" as const,
      cancelReason: null,
      paidAt,
      paymentIntentId: p.paymentId,
      paymentBrand: p.brand,
      paymentLast4: p.last4,
      updatedAt: new Date(),
    };
    // Last of the payment's writes, with the invoice number (markPaid).
    const [paid] = await markPaid(
      {
        orderId: order.id,
        year: paidAt.getUTCFullYear(),
        paidAt: paidAt.toISOString(),
        paymentId: set.paymentIntentId,
        brand: set.paymentBrand,
        last4: set.paymentLast4,
        updatedAt: set.updatedAt.toISOString(),
      },
      tx,
    );
    const summary = orderSummaryFrom({ ...order, ...set, invoiceNumber: paid.invoiceNumber }, items, discount);
    return { kind: "paid", orderId: order.id, accountRequests: order.saveAddress || order.createAccount, summary };
  });
}

/**
 * The payment failed (async method) or the session expired: an order still pending becomes
 * 'payment_failed' or 'cancelled' and its units are released. Idempotent like confirmPayment.
 */
export async function closeUnpaidOrder(
  p: Pick<PaymentConfirmation, "provider" | "eventId" | "eventType" | "sessionId">,
  to: Extract<OrderStatus, "payment_failed" | "cancelled">,
): Promise<{ orderId: string } | null> {
  const reason = to === "payment_failed" ? "The payment failed" : "The payment session expired";
  return transaction(async (tx) => {
    if (!(await firstDelivery(tx, p.provider, p.eventId, p.eventType))) return null;
    const order = await lockOrderBySession(tx, p.sessionId);
    if (!order || order.status !== "pending") return null;
    await tx
      .update(orders)
      .set({ status: to, cancelReason: to === "cancelled" ? reason : null, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await releaseReservations(tx, order.id);
    await releaseDiscountUses(tx, [order.id]);
    await recordOrderEvent(tx, {
      orderId: order.id,
      actor: `provider:${p.provider}`,
      type: to,
      fromStatus: "pending",
      toStatus: to,
      note: `${reason}; reserved units released.`,
    });
    return { orderId: order.id };
  });
}

/** An event we do not act on is still recorded, so a redelivery is recognised. */
export async function recordIgnoredEvent(provider: string, eventId: string, eventType: string) {
  await db().transaction((tx) => firstDelivery(tx, provider, eventId, eventType));
}

export async function recordRefund(orderId: string, result: { refundId: string } | { error: string }) {
  await db().transaction((tx) =>
    recordOrderEvent(
      tx,
      "refundId" in result
        ? { orderId, actor: "system", type: "refunded", note: `Payment refunded (${result.refundId}).` }
        : { orderId, actor: "system", type: "refund_failed", note: `Automatic refund failed: ${result.error}. Refund it by hand.` },
    ),
  );
}
