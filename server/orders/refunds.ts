import { and, eq, ne, sql } from "drizzle-orm";
import { itemLabel } from "~/lib/variant";
import { recordAudit, type Actor } from "../admin/audit";
import { db, transaction, type Tx } from "../db/client";
import { orderItems, orderRefunds, orders, type RefundLine } from "../db/schema";
import { log } from "../log";
import { paymentProvider } from "../payments";
import { recordOrderEvent } from "./events";
import { sendRefundMail } from "./mail";
import { restock, type StockActor } from "../inventory";
import { formatMoney } from "~/lib/money";
import { RefusedError } from "../errors";

/**
 * Staff give money back on a paid order (docs/back-office.md, "Refunds"): by line, with a restock
 * choice per line, plus a free amount (shipping, goodwill), with a reason; any number of times, after
 * fulfilment too, never more in total than was paid.
 *
 * Two steps. (1) In one transaction under the order's row lock: check the amount against what is left
 * (paid minus every refund not failed), count the lines as refunded, put restocked units back, write
 * the refund 'pending' and the audit entry. Concurrent refunds queue on the lock and each sees the
 * others' pending amounts, so their sum cannot pass the paid amount. (2) After commit the provider is
 * asked (idempotency key: the refund's id) and the outcome is recorded on the timeline; a refusal
 * marks the refund failed, which frees its amount again, and asks staff to refund by hand.
 */

/** A refund the rules refuse; the message is safe to show staff. */
export class RefundRefusedError extends RefusedError {}

export type RefundRequest = {
  lines: RefundLine[];
  /** An amount on top of the lines: shipping, goodwill. */
  extraCents: number;
  reason: string;
  /** What the stock ledger calls the restocked units: a return when the goods came back (returns.ts). */
  restockReason?: "refund-restock" | "return";
};

export type RefundOutcome = { refundId: string; amountCents: number; status: "succeeded" | "failed"; providerRefundId: string | null };

type LockedOrder = { id: string; number: string; totalCents: number; currency: string; paidAt: Date | null };

/** What is left to refund on a locked order: paid minus every refund that did not fail. */
async function refundableCents(tx: Tx, order: LockedOrder): Promise<number> {
  if (!order.paidAt) return 0;
  const [{ refunded }] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)`.mapWith(Number) })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, "failed")));
  return order.totalCents - refunded;
}

async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder | undefined> {
  const [order] = await tx
    .select({ id: orders.id, number: orders.number, totalCents: orders.totalCents, currency: orders.currency, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return order;
}

type ItemRow = { id: string; variantId: string | null };

type Restock = { orderId: string; reason: "refund-restock" | "return"; actor: StockActor };

/** Counts the lines as refunded and puts the restocked units back on the shelf. */
async function takeLines(tx: Tx, items: ItemRow[], lines: RefundLine[], { actor, ...move }: Restock) {
  for (const line of lines) {
    await tx
      .update(orderItems)
      .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}` })
      .where(eq(orderItems.id, line.itemId));
  }
  // A colour removed since the sale has nowhere to go back to.
  const back = lines.flatMap((l) => {
    const variantId = items.find((i) => i.id === l.itemId)?.variantId;
    return l.restock && variantId ? [{ variantId, quantity: l.quantity }] : [];
  });
  if (back.length > 0) await restock(tx, back, move, actor);
}

async function insertPendingRefund(tx: Tx, orderId: string, lines: RefundLine[], amountCents: number, reason: string, actorId: string): Promise<string> {
  const [refund] = await tx
    .insert(orderRefunds)
    .values({ orderId, amountCents, reason, lines, actor: actorId })
    .returning({ id: orderRefunds.id });
  return refund.id;
}

/** Staff's refund: validated, reserved, then sent to the provider. */
export async function refundOrder(orderId: string, req: RefundRequest, admin: Actor): Promise<RefundOutcome> {
  const lines = req.lines.filter((l) => l.quantity > 0);
  const reserved = await transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new RefundRefusedError("This order no longer exists.");
    if (!order.paidAt) throw new RefundRefusedError("This order has not been paid, so there is nothing to refund.");
    const items = await tx
      .select({ id: orderItems.id, variantId: orderItems.variantId, unit: orderItems.unitPriceCents, quantity: orderItems.quantity, refunded: orderItems.refundedQuantity, title: orderItems.title, variantName: orderItems.variantName })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id));
    let linesCents = 0;
    for (const line of lines) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item) throw new RefundRefusedError("An item to refund is not part of this order.");
      const left = item.quantity - item.refunded;
      if (line.quantity > left) {
        throw new RefundRefusedError(`Only ${left} of ${itemLabel(item.title, item.variantName)} can still be refunded.`);
      }
      linesCents += item.unit * line.quantity;
    }
    const amountCents = linesCents + req.extraCents;
    if (amountCents <= 0) throw new RefundRefusedError("Choose items or enter an amount to refund.");
    const left = await refundableCents(tx, order);
    if (amountCents > left) {
      throw new RefundRefusedError(
        left > 0 ? `Only ${formatMoney(left, order.currency.toUpperCase())} is left to refund on this order.` : "This order has been refunded in full.",
      );
    }
    await takeLines(tx, items, lines, { orderId: order.id, reason: req.restockReason ?? "refund-restock", actor: admin });
    const refundId = await insertPendingRefund(tx, order.id, lines, amountCents, req.reason, admin.id);
    await recordAudit(tx, {
      actor: admin,
      action: "refund",
      entity: "order",
      entityId: order.id,
      data: { number: order.number, amountCents, lines: lines.length, restocked: lines.filter((l) => l.restock).reduce((n, l) => n + l.quantity, 0) },
    });
    return { refundId, amountCents };
  });
  const outcome = await settleRefund(reserved.refundId);
  try {
    if (outcome.status === "succeeded") await sendRefundMail(orderId, outcome.amountCents, req.reason);
  } catch (err) {
    log.error({ err, orderId }, "refund email failed");
  }
  return outcome;
}

/**
 * Cancelling a paid order (server/orders/admin.ts): every unit not yet refunded goes back on the shelf
 * and whatever is left of the payment is reserved for a refund. Inside the caller's transaction. Returns the refund's id, or null when nothing was left to refund.
 */
export async function reserveCancellationRefund(tx: Tx, orderId: string, reason: string, admin: Actor): Promise<string | null> {
  const order = await lockOrder(tx, orderId);
  if (!order?.paidAt) return null;
  const items = await tx
    .select({ id: orderItems.id, variantId: orderItems.variantId, quantity: orderItems.quantity, refunded: orderItems.refundedQuantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const lines = items.filter((i) => i.quantity > i.refunded).map((i) => ({ itemId: i.id, quantity: i.quantity - i.refunded, restock: true }));
  await takeLines(tx, items, lines, { orderId, reason: "refund-restock", actor: admin });
  const left = await refundableCents(tx, order);
  return left > 0 ? insertPendingRefund(tx, order.id, lines, left, reason, admin.id) : null;
}

/**
 * Step 2: asks the provider for a reserved refund and records the outcome. The order's payment id
 * and provider are read here; a payment taken by a provider not enabled on this instance cannot be
 * refunded from it (staff are told to do it by hand).
 */
export async function settleRefund(refundId: string): Promise<RefundOutcome> {
  const [row] = await db()
    .select({ refund: orderRefunds, provider: orders.paymentProvider, paymentId: orders.paymentIntentId, currency: orders.currency })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(eq(orderRefunds.id, refundId));
  const { refund } = row;
  const provider = paymentProvider();
  let result: { id: string } | { error: string };
  if (row.provider !== provider.name) result = { error: `it was paid through ${row.provider}, which is not enabled here` };
  else if (!row.paymentId) result = { error: "the provider reported no payment id" };
  else {
    try {
      result = await provider.refund({ paymentId: row.paymentId, amountCents: refund.amountCents, reason: refund.reason, idempotencyKey: `refund-${refund.id}` });
    } catch (err) {
      log.error({ err, orderId: refund.orderId }, "refund through the provider failed");
      result = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  const providerRefundId = "id" in result ? result.id : null;
  const amount = formatMoney(refund.amountCents, row.currency.toUpperCase());
  await transaction(async (tx) => {
    await tx
      .update(orderRefunds)
      .set("id" in result ? { status: "succeeded", providerRefundId } : { status: "failed", error: result.error })
      .where(eq(orderRefunds.id, refund.id));
    await recordOrderEvent(tx, {
      orderId: refund.orderId,
      actor: refund.actor,
      type: providerRefundId ? "refunded" : "refund_failed",
      note: "id" in result ? `Refunded ${amount} (${result.id}). Reason: ${refund.reason}` : `Refund of ${amount} failed: ${result.error}. Refund it by hand.`,
    });
  });
  return { refundId: refund.id, amountCents: refund.amountCents, status: providerRefundId ? "succeeded" : "failed", providerRefundId };
}
