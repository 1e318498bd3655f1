import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { itemLabel } from "@core/variant";
import { recordAudit, type Actor } from "@server/audit";
import { db, transaction, type Tx } from "../db/client";
import { log } from "../log";
import { recordOrderEvent } from "./events";
import { sendReturnMail, type ReturnMailStep } from "./mail";
import { OrderNotFoundError, OrderTransitionError } from "./errors";
import { refundActionKey, refundOrder, RefundRefusedError } from "./refunds";
import { orderItems, orders, returnRequests, type ReturnLine } from "./schema";
import { RETURN_WINDOW_CLOSED, type ReturnStatus, type ReturnView } from "@core/order-view";
import { RefusedError } from "../errors";

/**
 * Returns under the Refund Policy (content/refund-policy.md): a customer asks within 30 days of
 * dispatch, with a reason; staff approve or decline, mark the parcel received, then refund it with
 * restock (server/orders/refunds.ts). Every step is on the order's timeline and emailed.
 *
 * The shop does not hear from carriers when a parcel arrives, so the window counts from dispatch, the
 * moment the order was fulfilled (or marked Completed), and every text the customer reads says so
 * ("30 days from dispatch"): it closes 30 days after it. A customer whose parcel took long can still
 * write to support; staff decide.
 */

export const RETURN_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;


/** A request the rules refuse; the message is safe to show the customer or staff. */
export class ReturnRefusedError extends RefusedError {}

/** When the window of an order dispatched at `dispatchedAt` closes (the last instant a request is accepted). */
export function returnWindowClosesAt(dispatchedAt: Date): Date {
  return new Date(dispatchedAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

const OPEN: ReturnStatus[] = ["requested", "approved", "received"];

/** The order's return requests with their lines named, oldest first. */
export async function listReturns(orderId: string): Promise<ReturnView[]> {
  const rows = await db().select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(asc(returnRequests.createdAt));
  if (rows.length === 0) return [];
  const items = await db().select({ id: orderItems.id, title: orderItems.title, variantName: orderItems.variantName }).from(orderItems).where(eq(orderItems.orderId, orderId));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    lines: r.lines.map((l) => {
      const item = items.find((i) => i.id === l.itemId);
      return { itemId: l.itemId, title: item?.title ?? "Removed item", variantName: item?.variantName ?? "", quantity: l.quantity };
    }),
  }));
}

/** Whether the customer may ask now, and until when (for the account page). */
export function returnEligibility(order: { status: string; fulfilledAt: Date | null }, now = new Date()): { open: boolean; closesAt: Date | null } {
  if (!order.fulfilledAt || order.status !== "completed") return { open: false, closesAt: null };
  const closesAt = returnWindowClosesAt(order.fulfilledAt);
  return { open: now.getTime() <= closesAt.getTime(), closesAt };
}

/**
 * Who asks: a signed-in customer for an order of theirs, or whoever looked the order up by its
 * number and email (/orders/lookup: a guest, or a customer who is not signed in).
 */
export type ReturnRequester = { userId: string } | { lookedUp: true };

/** The customer asks to return units of their delivered order. */
export async function requestReturn(by: ReturnRequester, orderId: string, req: { lines: ReturnLine[]; reason: string }, now = new Date()): Promise<string> {
  const lines = req.lines.filter((l) => l.quantity > 0);
  const id = await transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status, fulfilledAt: orders.fulfilledAt })
      .from(orders)
      .where(and(eq(orders.id, orderId), "userId" in by ? eq(orders.userId, by.userId) : isNotNull(orders.paidAt)))
      .for("update");
    if (!order) throw new OrderNotFoundError();
    if (!order.fulfilledAt || order.status !== "completed") throw new ReturnRefusedError("This order has not been dispatched yet, so it cannot be returned.");
    if (!returnEligibility(order, now).open) throw new ReturnRefusedError(RETURN_WINDOW_CLOSED);
    const open = await tx.select({ id: returnRequests.id }).from(returnRequests).where(and(eq(returnRequests.orderId, order.id), inArray(returnRequests.status, OPEN)));
    if (open.length > 0) throw new ReturnRefusedError("A return for this order is already under way.");
    if (lines.length === 0) throw new ReturnRefusedError("Choose at least one item to return.");
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    for (const line of lines) {
      const item = items.find((i) => i.id === line.itemId);
      if (!item) throw new ReturnRefusedError("An item to return is not part of this order.");
      if (line.quantity > item.quantity - item.refundedQuantity) throw new ReturnRefusedError(`You can return at most ${item.quantity - item.refundedQuantity} of ${itemLabel(item.title, item.variantName)}.`);
    }
    const [row] = await tx.insert(returnRequests).values({ orderId: order.id, reason: req.reason, lines }).returning({ id: returnRequests.id });
    await recordOrderEvent(tx, { orderId: order.id, actor: "customer", type: "return_requested", note: `Return requested: ${describe(items, lines)}. Reason: ${req.reason}` });
    return row.id;
  });
  await mail(orderId, "requested");
  return id;
}

function describe(items: { id: string; title: string; variantName: string }[], lines: ReturnLine[]): string {
  return lines
    .map((l) => {
      const item = items.find((i) => i.id === l.itemId);
      return `${l.quantity} × ${item ? itemLabel(item.title, item.variantName) : "an item"}`;
    })
    .join(", ");
}

async function mail(orderId: string, step: ReturnMailStep) {
  try {
    await sendReturnMail(orderId, step);
  } catch (err) {
    log.error({ err, orderId }, "return email failed");
  }
}

/** Locks a request and checks it is at `from`; returns it. */
async function lockReturn(tx: Tx, returnId: string, from: ReturnStatus) {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, returnId)).for("update");
  if (!row) throw new OrderNotFoundError();
  if (row.status !== from) throw new OrderTransitionError(`This return is ${row.status}, so that step does not apply.`);
  return row;
}

const STEP_EVENTS = {
  approve: { from: "requested", to: "approved", type: "return_approved", note: "Return approved; the customer was sent the return instructions." },
  decline: { from: "requested", to: "declined", type: "return_declined", note: "Return declined." },
  receive: { from: "approved", to: "received", type: "return_received", note: "Returned parcel received; inspection under way." },
} as const satisfies Record<string, { from: ReturnStatus; to: ReturnStatus; type: string; note: string }>;

/** Staff move a return one step: approve or decline a request, or mark an approved one received. */
export async function advanceReturn(returnId: string, step: keyof typeof STEP_EVENTS, admin: Actor): Promise<void> {
  const s = STEP_EVENTS[step];
  const orderId = await transaction(async (tx) => {
    const row = await lockReturn(tx, returnId, s.from);
    await tx.update(returnRequests).set({ status: s.to, updatedAt: new Date() }).where(eq(returnRequests.id, row.id));
    await recordOrderEvent(tx, { orderId: row.orderId, actor: admin.id, type: s.type, note: s.note });
    await recordAudit(tx, { actor: admin, action: `return_${step}`, entity: "order", entityId: row.orderId, data: { returnId: row.id } });
    return row.orderId;
  });
  await mail(orderId, s.to as ReturnMailStep);
}

/**
 * The returned units are refunded and put back on the shelf, once. The return is locked and checked
 * at 'received' in the same transaction that reserves the refund (refundOrder, under the return's
 * action key): of two clicks or two instances, the second finds the action recorded and sends
 * nothing. The request is marked refunded once the provider confirmed; a refund the provider
 * refused leaves it at 'received', and trying again asks the provider again with the same key.
 */
export async function refundReturn(returnId: string, admin: Actor): Promise<void> {
  const [row] = await db().select().from(returnRequests).where(eq(returnRequests.id, returnId));
  if (!row) throw new OrderNotFoundError();
  const outcome = await refundOrder(
    row.orderId,
    { lines: row.lines.map((l) => ({ ...l, restock: true })), extraCents: 0, reason: `Return: ${row.reason}`, restockReason: "return", actionKey: refundActionKey.returnRefund(row.id) },
    admin,
    async (tx) => {
      await lockReturn(tx, returnId, "received");
    },
  );
  if (outcome.status === "pending") throw new RefundRefusedError("This return's refund is already being sent to the payment provider.");
  if (outcome.status === "failed") throw new RefundRefusedError("The payment provider refused the refund: see the timeline and refund it by hand.");
  await transaction(async (tx) => {
    const [locked] = await tx.select({ status: returnRequests.status }).from(returnRequests).where(eq(returnRequests.id, returnId)).for("update");
    // A repeated click that found the refund done closes the return only if the first did not.
    if (locked?.status !== "received") return;
    await tx.update(returnRequests).set({ status: "refunded", refundId: outcome.refundId, updatedAt: new Date() }).where(eq(returnRequests.id, returnId));
    await recordOrderEvent(tx, { orderId: row.orderId, actor: admin.id, type: "return_refunded", note: "Return closed: refunded and restocked." });
  });
}
