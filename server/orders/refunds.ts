import { and, asc, eq, ne, sql } from "drizzle-orm";
import { itemLabel } from "@core/variant";
import { recordAudit, type Actor } from "@server/audit";
import { db, transaction, type Db, type Tx } from "../db/client";
import { orderItems, orderRefunds, orders, type RefundLine } from "../db/schema";
import { chargesFromTotals, lineRefund, shippingRefund } from "@server/pricing";
import type { RefundChoices, RefundStatus } from "@core/order-view";
import { allocateFromTotals, chargesOf } from "./charges";
import { nextDocumentNumber } from "./documents";
import { log } from "../log";
import { metrics } from "../metrics";
import { paymentProvider } from "../payments";
import { recordOrderEvent } from "./events";
import { sendRefundMail } from "./mail";
import { restock, type StockActor } from "../inventory";
import { formatMoney } from "@core/money";
import { RefusedError } from "../errors";

/**
 * Staff give money back on a paid order (docs/back-office.md, "Refunds"; docs/payments.md, "Refunds"):
 * by line, with a restock choice per line, the shipping, plus a free amount (goodwill), with a reason;
 * any number of times, after fulfilment too, never more in total than was paid.
 *
 * A line's units give back what they were charged (server/pricing/charges.ts): their share of the
 * discount taken off, their tax added where it was added, the line's last unit taking the remainder.
 *
 * Every refund is one business action with a key (a staff form's submission, a return's refund step,
 * a cancellation). Two steps. (1) In one transaction under the order's row lock (and the caller's
 * own, e.g. the return's): an action already recorded is not done again; otherwise the amount is
 * checked against what is left (paid minus every refund not failed), the lines counted as refunded,
 * restocked units put back, the refund written 'pending' with the audit entry. (2) After commit the
 * provider is asked with the action's key as idempotency key, and the outcome recorded on the
 * timeline; a refusal marks the refund failed (its amount is free again) and asks staff to refund by
 * hand. The same action again after a failure asks the provider again with the same key, so a retry
 * after a timeout the provider did act on still refunds once.
 */

/** A refund the rules refuse; the message is safe to show staff. */
export class RefundRefusedError extends RefusedError {}

export type RefundRequest = {
  lines: RefundLine[];
  /** Give back the shipping (with its tax); refused when it was given back already. */
  shipping?: boolean;
  /** An amount on top of the lines: goodwill. */
  extraCents: number;
  reason: string;
  /** What the stock ledger calls the restocked units: a return when the goods came back (returns.ts). */
  restockReason?: "refund-restock" | "return";
  /** The business action (refundActionKey): one refund per key. */
  actionKey: string;
};

export type RefundOutcome = {
  refundId: string;
  amountCents: number;
  /** "pending": the same action is being sent to the provider by another request right now. */
  status: RefundStatus;
  providerRefundId: string | null;
  /** The action had been done before: nothing new was sent. */
  repeated: boolean;
};

/** The action keys of the money-moving actions (the provider's idempotency keys too). */
export const refundActionKey = {
  /** A staff refund form: the order page hands each rendering of the form a fresh key. */
  form: (orderId: string, formKey: string) => `refund-form-${orderId}-${formKey}`,
  returnRefund: (returnId: string) => `return-${returnId}-refund`,
  cancellation: (orderId: string) => `cancel-${orderId}`,
};

type LockedOrder = Pick<
  typeof orders.$inferSelect,
  "id" | "number" | "totalCents" | "currency" | "paidAt" | "subtotalCents" | "shippingCents" | "shippingTaxCents" | "taxLines" | "chargesAllocated"
>;

/** What is left to refund on a locked order (paid minus every refund that did not fail), and the shipping given back. */
async function refundedSoFar(runner: Pick<Db, "select">, order: Pick<LockedOrder, "id" | "paidAt" | "totalCents">): Promise<{ leftCents: number; shippingRefunded: boolean }> {
  const [{ refunded, shipping }] = await runner
    .select({
      refunded: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)`.mapWith(Number),
      shipping: sql<number>`coalesce(sum(${orderRefunds.shippingCents}), 0)`.mapWith(Number),
    })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), ne(orderRefunds.status, "failed")));
  return { leftCents: order.paidAt ? order.totalCents - refunded : 0, shippingRefunded: shipping > 0 };
}

/** Locks the order; an order placed before lines kept their charges is allocated now, under the lock. */
async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder | undefined> {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      totalCents: orders.totalCents,
      currency: orders.currency,
      paidAt: orders.paidAt,
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingCents,
      shippingTaxCents: orders.shippingTaxCents,
      taxLines: orders.taxLines,
      chargesAllocated: orders.chargesAllocated,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (order && !order.chargesAllocated) {
    await allocateFromTotals(tx, order);
    const [again] = await tx.select({ shippingTaxCents: orders.shippingTaxCents }).from(orders).where(eq(orders.id, orderId));
    return { ...order, shippingTaxCents: again.shippingTaxCents, chargesAllocated: true };
  }
  return order;
}

const itemColumns = {
  id: orderItems.id,
  variantId: orderItems.variantId,
  unitPriceCents: orderItems.unitPriceCents,
  quantity: orderItems.quantity,
  refundedQuantity: orderItems.refundedQuantity,
  discountCents: orderItems.discountCents,
  taxCents: orderItems.taxCents,
  title: orderItems.title,
  variantName: orderItems.variantName,
};
type ItemRow = { [K in keyof typeof itemColumns]: (typeof orderItems.$inferSelect)[K] };

function itemsOf(tx: Tx, orderId: string): Promise<ItemRow[]> {
  return tx.select(itemColumns).from(orderItems).where(eq(orderItems.orderId, orderId));
}

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

/** The money of refunding these units of these lines: each line's amount and tax (the credit note's lines). */
function priceLines(order: LockedOrder, items: ItemRow[], lines: RefundLine[]): RefundLine[] {
  const charges = chargesOf(order, items);
  return lines.map((line) => {
    const i = items.findIndex((item) => item.id === line.itemId);
    if (i < 0) throw new RefundRefusedError("An item to refund is not part of this order.");
    const item = items[i];
    const left = item.quantity - item.refundedQuantity;
    if (line.quantity > left) throw new RefundRefusedError(`Only ${left} of ${itemLabel(item.title, item.variantName)} can still be refunded.`);
    const part = lineRefund(charges.lines[i], charges.taxIncluded, item.refundedQuantity, line.quantity);
    return { ...line, amountCents: part.amountMinor, taxCents: part.taxMinor };
  });
}

type Reserved = { kind: "send"; refundId: string } | { kind: "done"; outcome: RefundOutcome };

/** The same action again: its refund as it stands, or (after a failure) sent again with the same key. */
async function repeatAction(tx: Tx, order: LockedOrder, refund: typeof orderRefunds.$inferSelect): Promise<Reserved> {
  if (refund.orderId !== order.id) throw new RefundRefusedError("This refund belongs to another order.");
  if (refund.status !== "failed") {
    return { kind: "done", outcome: { refundId: refund.id, amountCents: refund.amountCents, status: refund.status, providerRefundId: refund.providerRefundId, repeated: true } };
  }
  const { leftCents } = await refundedSoFar(tx, order);
  if (refund.amountCents > leftCents) throw new RefundRefusedError(`Only ${formatMoney(leftCents, order.currency.toUpperCase())} is left to refund on this order.`);
  await tx.update(orderRefunds).set({ status: "pending", error: null }).where(eq(orderRefunds.id, refund.id));
  return { kind: "send", refundId: refund.id };
}

/** Step 1, in the caller's transaction: the action's refund checked, written 'pending', its lines taken. */
async function reserveRefund(tx: Tx, orderId: string, req: RefundRequest, actor: Actor): Promise<Reserved> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new RefundRefusedError("This order no longer exists.");
  if (!order.paidAt) throw new RefundRefusedError("This order has not been paid, so there is nothing to refund.");
  const [done] = await tx.select().from(orderRefunds).where(eq(orderRefunds.actionKey, req.actionKey));
  if (done) return repeatAction(tx, order, done);

  const items = await itemsOf(tx, order.id);
  const lines = priceLines(order, items, req.lines.filter((l) => l.quantity > 0));
  const { leftCents, shippingRefunded } = await refundedSoFar(tx, order);
  let shipping = { amountMinor: 0, taxMinor: 0 };
  if (req.shipping) {
    if (shippingRefunded) throw new RefundRefusedError("The shipping of this order has been refunded already.");
    shipping = shippingRefund(chargesOf(order, items));
    if (shipping.amountMinor === 0) throw new RefundRefusedError("This order's shipping was free: there is no shipping to refund.");
  }
  const linesCents = lines.reduce((sum, l) => sum + (l.amountCents ?? 0), 0);
  const amountCents = linesCents + shipping.amountMinor + req.extraCents;
  if (amountCents <= 0) throw new RefundRefusedError("Choose items or enter an amount to refund.");
  if (amountCents > leftCents) {
    throw new RefundRefusedError(
      leftCents > 0 ? `Only ${formatMoney(leftCents, order.currency.toUpperCase())} is left to refund on this order.` : "This order has been refunded in full.",
    );
  }
  await takeLines(tx, items, lines, { orderId: order.id, reason: req.restockReason ?? "refund-restock", actor });
  const taxCents = lines.reduce((sum, l) => sum + (l.taxCents ?? 0), shipping.taxMinor);
  const [refund] = await tx
    .insert(orderRefunds)
    .values({ orderId: order.id, amountCents, shippingCents: shipping.amountMinor, taxCents, actionKey: req.actionKey, reason: req.reason, lines, actor: actor.id })
    .returning({ id: orderRefunds.id });
  await recordAudit(tx, {
    actor,
    action: "refund",
    entity: "order",
    entityId: order.id,
    data: { number: order.number, amountCents, lines: lines.length, restocked: lines.filter((l) => l.restock).reduce((n, l) => n + l.quantity, 0) },
  });
  return { kind: "send", refundId: refund.id };
}

/**
 * A refund action from start to end: reserved (after `lockFirst`, in the same transaction, e.g. the
 * return's row lock and state check), sent, emailed. The same action again sends nothing new.
 */
export async function refundOrder(orderId: string, req: RefundRequest, admin: Actor, lockFirst?: (tx: Tx) => Promise<void>): Promise<RefundOutcome> {
  const reserved = await transaction(async (tx) => {
    await lockFirst?.(tx);
    return reserveRefund(tx, orderId, req, admin);
  });
  if (reserved.kind === "done") return reserved.outcome;
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
 * and whatever is left of the payment is reserved for a refund, under the cancellation's action key.
 * Inside the caller's transaction. Returns the refund's id, or null when nothing was left to refund.
 */
export async function reserveCancellationRefund(tx: Tx, orderId: string, reason: string, admin: Actor): Promise<string | null> {
  const order = await lockOrder(tx, orderId);
  if (!order?.paidAt) return null;
  const items = await itemsOf(tx, orderId);
  const remaining = items.filter((i) => i.quantity > i.refundedQuantity).map((i) => ({ itemId: i.id, quantity: i.quantity - i.refundedQuantity, restock: true }));
  const lines = priceLines(order, items, remaining);
  const { leftCents, shippingRefunded } = await refundedSoFar(tx, order);
  await takeLines(tx, items, lines, { orderId, reason: "refund-restock", actor: admin });
  if (leftCents <= 0) return null;
  const shipping = shippingRefunded ? { amountMinor: 0, taxMinor: 0 } : shippingRefund(chargesOf(order, items));
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amountCents: leftCents,
      shippingCents: shipping.amountMinor,
      taxCents: lines.reduce((sum, l) => sum + (l.taxCents ?? 0), shipping.taxMinor),
      actionKey: refundActionKey.cancellation(order.id),
      reason,
      lines,
      actor: admin.id,
    })
    .onConflictDoNothing({ target: orderRefunds.actionKey })
    .returning({ id: orderRefunds.id });
  return refund?.id ?? null;
}

/**
 * What the order page's refund form offers (read without a lock; the refund itself checks again):
 * per line, what refunding 0, 1, … of its units not yet refunded gives back; the shipping, while
 * it has not been given back; and each return's exact value.
 */
export async function refundChoices(orderId: string, returns: readonly { id: string; lines: readonly { itemId: string; quantity: number }[] }[]): Promise<RefundChoices | null> {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt) return null;
  const items = await db().select(itemColumns).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const charges = order.chargesAllocated
    ? chargesOf(order, items)
    : chargesFromTotals({
        lines: items.map((i) => ({ quantity: i.quantity, unitPriceMinor: i.unitPriceCents })),
        subtotalMinor: order.subtotalCents,
        shippingMinor: order.shippingCents,
        totalMinor: order.totalCents,
        taxLines: order.taxLines.map((t) => ({ rateBps: t.rateBps, amountMinor: t.amountCents, included: t.included })),
      });
  const refundOf = (i: number, units: number) => lineRefund(charges.lines[i], charges.taxIncluded, items[i].refundedQuantity, units).amountMinor;
  const { shippingRefunded } = await refundedSoFar(db(), order);
  return {
    lineSteps: Object.fromEntries(items.map((item, i) => [item.id, Array.from({ length: item.quantity - item.refundedQuantity + 1 }, (_, units) => refundOf(i, units))])),
    shippingCents: shippingRefunded ? 0 : shippingRefund(charges).amountMinor,
    returnCents: Object.fromEntries(
      returns.map((r) => [
        r.id,
        r.lines.reduce((sum, l) => {
          const i = items.findIndex((item) => item.id === l.itemId);
          return sum + (i < 0 ? 0 : refundOf(i, Math.min(l.quantity, items[i].quantity - items[i].refundedQuantity)));
        }, 0),
      ]),
    ),
  };
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
      result = await provider.refund({ paymentId: row.paymentId, amountCents: refund.amountCents, reason: refund.reason, idempotencyKey: refund.actionKey ?? `refund-${refund.id}` });
    } catch (err) {
      log.error({ err, orderId: refund.orderId }, "refund through the provider failed");
      result = { error: err instanceof Error ? err.message : String(err) };
    }
  }
  const providerRefundId = "id" in result ? result.id : null;
  metrics.refund(providerRefundId ? "succeeded" : "failed");
  const amount = formatMoney(refund.amountCents, row.currency.toUpperCase());
  await transaction(async (tx) => {
    await tx
      .update(orderRefunds)
      .set("id" in result ? { status: "succeeded", providerRefundId, creditNoteNumber: await nextDocumentNumber(tx, "credit-note", new Date()) } : { status: "failed", error: result.error })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "pending")));
    await recordOrderEvent(tx, {
      orderId: refund.orderId,
      actor: refund.actor,
      type: providerRefundId ? "refunded" : "refund_failed",
      note: "id" in result ? `Refunded ${amount} (${result.id}). Reason: ${refund.reason}` : `Refund of ${amount} failed: ${result.error}. Refund it by hand.`,
    });
  });
  return { refundId: refund.id, amountCents: refund.amountCents, status: providerRefundId ? "succeeded" : "failed", providerRefundId, repeated: false };
}
