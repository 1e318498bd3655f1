import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import { itemLabel } from "@core/variant";
import { recordAudit, type Actor } from "@server/audit";
import { db, transaction, type Db } from "../db/client";
import type { TierRunner } from "../db/trigram";
import { orderEvents, orderItems, orderRefunds, orders } from "./schema";
import { abandonedCheckout, inSearchTier, keptUsdCentsOf, refundedCentsOf, returnedOf, type AdminOrderFilter } from "./filters";
import { user } from "../auth/schema";
import type { OrderStatus } from "@core/order-status";
import { log } from "../log";
import { paymentProvider } from "../payments";
import type { ShopEvent } from "../realtime/bus";
import type { SseMessage } from "../realtime/sse";
import { recordOrderEvent } from "./events";
import { orderConfirmationMail, sendStatusChangeMail } from "./mail";
import { deliverQueued, queueMail } from "@server/mail";
import { OrderNotFoundError, OrderTransitionError } from "./errors";
import { cancelPendingOrder } from "./place";
import { getOrderSummary } from "./queries";
import type { AdminOrderDetail, AdminOrderEvent, AdminOrderRow } from "@core/order-view";
import { refundChoices, reserveCancellationRefund, settleRefund } from "./refunds";
import { listReturns } from "./returns";
import { statusChangeRefusal, type AdminOrderStatus } from "@core/order-transitions";

/** The back office's orders (spec "Admin orders"; DESIGN.md sections 6 and 7). */

export type { AdminOrderRow } from "@core/order-view";

export type { AdminOrderFilter } from "./filters";

export const ADMIN_ORDERS_PAGE_SIZE = 20;

function describeItems(items: { title: string; variantName: string; quantity: number }[]): string {
  return items.map((i) => `${itemLabel(i.title, i.variantName)}${i.quantity > 1 ? ` ×${i.quantity}` : ""}`).join(", ");
}

/**
 * One page of orders, newest first. Search, filters, count and page are all answered by the database
 * through indexes (search: orders_search_trgm_idx or the primary key; status:
 * orders_status_created_idx; since and the order: orders_created_idx), so it stays fast with 100,000
 * orders (docs/back-office.md). A search that finds nothing as typed is asked again for near misses.
 */
export function listAdminOrders(f: AdminOrderFilter): Promise<OrderPage> {
  return inSearchTier(
    f,
    (runner, where, tier) => (tier === "near" ? listOrdersInOneScan(where, f, runner) : listOrdersWhere(where, f, runner)).then((page) => ({ ...page, near: tier === "near" })),
    (page) => page.total > 0,
  );
}

/**
 * Checkouts that never took money (see abandonedCheckout in ./filters), newest first: still open
 * (pending, units reserved) or closed (expired, or cancelled by staff). Staff see who started to buy
 * what; they are not orders and are counted nowhere else.
 */
export function listAbandonedCheckouts(f: { page?: number; pageSize?: number }): Promise<OrderPage> {
  return listOrdersWhere(abandonedCheckout(), f);
}

export type OrderPage = {
  rows: AdminOrderRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Nothing matched the search as typed: these are near misses ("lovlace" for Lovelace). */
  near?: boolean;
};

/** The columns of a row of the orders list (refunds and returns for the page's rows only). */
const rowColumns = () => ({
  id: orders.id,
  number: orders.number,
  name: orders.name,
  email: orders.email,
  totalCents: orders.totalCents,
  currency: orders.currency,
  refundedCents: refundedCentsOf(),
  paidAt: orders.paidAt,
  fulfilledAt: orders.fulfilledAt,
  returned: returnedOf(),
  status: orders.status,
  cancelReason: orders.cancelReason,
  createdAt: orders.createdAt,
});

type FoundRow = Awaited<ReturnType<typeof pageQuery>>[number];

function pageQuery(runner: Pick<Db, "select">, where: SQL | undefined, pageSize: number, page: number) {
  return runner
    .select(rowColumns())
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

const pageSizeOf = (f: { pageSize?: number }) => Math.min(Math.max(1, f.pageSize ?? ADMIN_ORDERS_PAGE_SIZE), 100);
const requestedPage = (f: { page?: number }) => Math.max(1, Math.floor(f.page ?? 1));

/** A page of orders matching `where`, newest first, with their products (the list, abandoned checkouts, a customer). */
export async function listOrdersWhere(where: SQL | undefined, f: { page?: number; pageSize?: number }, runner: Pick<Db, "select"> = db()): Promise<OrderPage> {
  const pageSize = pageSizeOf(f);
  const requested = requestedPage(f);
  // Count and page side by side; a page past the end (the list shrank) is asked again as the last one.
  const [[{ total }], firstTry] = await Promise.all([runner.select({ total: count() }).from(orders).where(where), pageQuery(runner, where, pageSize, requested)]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(requested, pageCount);
  const found = page === requested ? firstTry : await pageQuery(runner, where, pageSize, page);
  return withProducts(found, total, page, pageCount, runner);
}

/**
 * listOrdersWhere for the near tier of the search, whose WHERE computes the word similarity of every
 * candidate (10-20 µs each) and runs in one transaction, where count and page cannot go side by side:
 * the matching orders are found once (a CTE, named twice so PostgreSQL computes it once), then
 * counted, and the page is cut from them. As two queries, the page walked orders_created_idx
 * computing word similarity again until it had 20 rows (2,590 + about 800 computations for
 * "lovlace" at 100,000 orders, against 2,590).
 */
async function listOrdersInOneScan(where: SQL | undefined, f: { page?: number; pageSize?: number }, runner: TierRunner): Promise<OrderPage> {
  const pageSize = pageSizeOf(f);
  const matched = runner.$with("matched").as(runner.select({ id: orders.id, createdAt: orders.createdAt }).from(orders).where(where));
  const pageOf = (page: number) =>
    runner
      .with(matched)
      .select({ ...rowColumns(), total: sql<number>`(select count(*) from "matched")`.mapWith(Number) })
      .from(orders)
      .where(
        inArray(
          orders.id,
          runner
            .select({ id: matched.id })
            .from(matched)
            .orderBy(desc(matched.createdAt), desc(matched.id))
            .limit(pageSize)
            .offset((page - 1) * pageSize),
        ),
      )
      .orderBy(desc(orders.createdAt), desc(orders.id));
  const requested = requestedPage(f);
  let rows = await pageOf(requested);
  // No row carries the count: nothing matched, or the page is past the end (asked again as the last one).
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && requested > 1) {
    [{ total }] = await runner.select({ total: count() }).from(orders).where(where);
    if (total > 0) rows = await pageOf(Math.ceil(total / pageSize));
  }
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return withProducts(
    rows.map(({ total: _, ...row }) => row),
    total,
    Math.min(requested, pageCount),
    pageCount,
    runner,
  );
}

async function withProducts(found: FoundRow[], total: number, page: number, pageCount: number, runner: Pick<Db, "select">): Promise<OrderPage> {
  const items = found.length
    ? await runner
        .select({ orderId: orderItems.orderId, title: orderItems.title, variantName: orderItems.variantName, quantity: orderItems.quantity })
        .from(orderItems)
        .where(inArray(orderItems.orderId, found.map((o) => o.id)))
        .orderBy(asc(orderItems.title), asc(orderItems.variantName))
    : [];
  const rows = found.map(({ paidAt, ...o }) => ({
    ...o,
    paid: paidAt !== null,
    products: describeItems(items.filter((i) => i.orderId === o.id)),
    fulfilledAt: o.fulfilledAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
  }));
  return { rows, total, page, pageCount };
}

function actorLabel(actor: string, adminEmail: string | null): string {
  if (adminEmail) return adminEmail;
  if (actor === "customer") return "Customer";
  if (actor === "system") return "System";
  if (actor.startsWith("provider:")) return `Payment provider (${actor.slice("provider:".length)})`;
  return "A former admin";
}

/** The detail dialog: the order's summary (brand and last 4 only, never card data) and its history. */
export async function getAdminOrder(orderId: string): Promise<AdminOrderDetail | null> {
  const summary = await getOrderSummary(orderId);
  if (!summary) return null;
  const events = await db()
    .select({
      id: orderEvents.id,
      actor: orderEvents.actor,
      type: orderEvents.type,
      from: orderEvents.fromStatus,
      to: orderEvents.toStatus,
      note: orderEvents.note,
      createdAt: orderEvents.createdAt,
      adminEmail: user.email,
    })
    .from(orderEvents)
    .leftJoin(user, eq(user.id, orderEvents.actor))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const [refunds, [customer], returns] = await Promise.all([
    db()
      .select({
        id: orderRefunds.id,
        createdAt: orderRefunds.createdAt,
        amountCents: orderRefunds.amountCents,
        reason: orderRefunds.reason,
        status: orderRefunds.status,
        providerRefundId: orderRefunds.providerRefundId,
        creditNoteNumber: orderRefunds.creditNoteNumber,
      })
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId))
      .orderBy(asc(orderRefunds.createdAt)),
    db()
      .select({
        orderCount: sql<number>`count(*)::int`,
        totalSpentCents: sql<number>`coalesce(sum(${keptUsdCentsOf()}), 0)`.mapWith(Number),
      })
      .from(orders)
      .where(and(eq(orders.email, summary.email), isNotNull(orders.paidAt))),
    listReturns(orderId),
  ]);
  return {
    ...summary,
    refundChoices: await refundChoices(orderId, returns),
    refundFormKey: crypto.randomUUID(),
    refunds: refunds.map(({ createdAt, ...r }) => ({ ...r, at: createdAt.toISOString() })),
    refundedCents: refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amountCents, 0),
    customer,
    returns,
    history: events.map((e) => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      by: actorLabel(e.actor, e.adminEmail),
      type: e.type,
      from: e.from as OrderStatus | null,
      to: e.to as OrderStatus | null,
      note: e.note,
    })),
  };
}

export { OrderNotFoundError, OrderTransitionError } from "./errors";

export const STAFF_CANCEL_REASON = "Cancelled by staff";

type Applied = { from: OrderStatus; refundId: string | null; sessionId: string | null };

/**
 * Staff set an order's status. In ONE transaction, under the order's row lock: the rules are checked,
 * the status written, stock put right (a pending order's reservation released, a paid order's units
 * returned), the order event recorded (announced after commit) and the audit entry written. The same
 * status again writes nothing. After commit: a paid order that was cancelled is refunded through its
 * provider, an unpaid one's payment session is closed, and the customer is emailed.
 */
export async function changeOrderStatus(orderId: string, to: AdminOrderStatus, admin: Actor): Promise<{ changed: boolean }> {
  const applied = await transaction(async (tx): Promise<Applied | null> => {
    const [order] = await tx
      .select({ id: orders.id, number: orders.number, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw new OrderNotFoundError();
    if (order.status === to) return null;
    const refusal = statusChangeRefusal(order.status, to);
    if (refusal) throw new OrderTransitionError(refusal);

    let sessionId: string | null = null;
    let refundId: string | null = null;
    if (to === "cancelled" && order.status === "pending") {
      // The checkout's own cancellation: releases the reservation and records the event.
      const cancelled = await cancelPendingOrder(tx, order.id, STAFF_CANCEL_REASON, admin.id);
      sessionId = cancelled?.sessionId ?? null;
    } else {
      const paidCancel = to === "cancelled" && order.status === "processing";
      if (paidCancel) refundId = await reserveCancellationRefund(tx, order.id, STAFF_CANCEL_REASON, admin);
      await tx
        .update(orders)
        .set({
          status: to,
          ...(to === "cancelled" ? { cancelReason: STAFF_CANCEL_REASON } : {}),
          // Completed means shipped: without fulfil's details, the moment it was marked is the
          // shipping date the return window counts from. Reopening takes the shipment back.
          ...(to === "completed" ? { fulfilledAt: sql`coalesce(${orders.fulfilledAt}, now())` } : {}),
          ...(to === "processing" ? { fulfilledAt: null, carrier: null, trackingNumber: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(orders.id, order.id));
      await recordOrderEvent(tx, {
        orderId: order.id,
        actor: admin.id,
        type: to,
        fromStatus: order.status,
        toStatus: to,
        note: paidCancel ? `${STAFF_CANCEL_REASON}; units returned to stock; the payment will be refunded.` : to === "cancelled" ? STAFF_CANCEL_REASON : null,
      });
    }
    await recordAudit(tx, { actor: admin, action: "status_change", entity: "order", entityId: order.id, data: { number: order.number, from: order.status, to } });
    return { from: order.status, refundId, sessionId };
  });
  if (!applied) return { changed: false };
  await afterChange(orderId, to, applied);
  return { changed: true };
}

/** The change is committed: what is left must not undo it, so failures are logged (and recorded). */
async function afterChange(orderId: string, to: AdminOrderStatus, applied: Applied) {
  try {
    if (applied.refundId) await settleRefund(applied.refundId);
    // Nobody should pay for a cancelled checkout any more.
    else if (applied.sessionId) await paymentProvider().expireSession(applied.sessionId);
  } catch (err) {
    log.error({ err, orderId }, "payment clean-up after a status change failed");
  }
  try {
    await sendStatusChangeMail(orderId, to);
  } catch (err) {
    log.error({ err, orderId }, "status change email failed");
  }
}

export const ADMIN_ORDER_EVENT = "order";

/** One lookup per bus event, however many admins are connected (the bus hands each the same object). */
const lookups = new WeakMap<ShopEvent, Promise<SseMessage | null>>();

export function adminOrderFilter(event: ShopEvent): Promise<SseMessage | null> | null {
  if (event.type !== "order") return null;
  let pending = lookups.get(event);
  if (!pending) {
    pending = db()
      .select({ name: orders.name })
      .from(orders)
      .where(eq(orders.id, event.id))
      .then(([row]) => (row ? { event: ADMIN_ORDER_EVENT, data: { id: event.id, action: event.action, name: row.name } satisfies AdminOrderEvent } : null));
    lookups.set(event, pending);
  }
  return pending;
}

/** A staff note on the order's timeline; notes are never shown or sent to the customer. */
export async function addOrderNote(orderId: string, note: string, admin: Actor): Promise<void> {
  await transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw new OrderNotFoundError();
    await recordOrderEvent(tx, { orderId, actor: admin.id, type: "note", note });
  });
}

/**
 * Staff send the order confirmation again (the customer lost it, or typed their address wrong and
 * staff corrected it). Only a paid order has one. The timeline entry, the audit entry and the queued
 * message commit together; the first delivery attempt follows the commit.
 */
export async function resendOrderConfirmation(orderId: string, admin: Actor): Promise<{ to: string }> {
  const mail = await orderConfirmationMail(orderId);
  if (!mail) throw new OrderNotFoundError();
  const queued = await transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id, number: orders.number, email: orders.email, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new OrderNotFoundError();
    if (!order.paidAt) throw new OrderTransitionError("Only a paid order has a confirmation to resend.");
    await recordOrderEvent(tx, { orderId, actor: admin.id, type: "confirmation_resent", note: `Order confirmation sent again to ${order.email}.` });
    await recordAudit(tx, { actor: admin, action: "resend_confirmation", entity: "order", entityId: orderId, data: { number: order.number, to: order.email } });
    return queueMail(tx, { ...mail, to: order.email });
  });
  await deliverQueued([queued]);
  return { to: queued.to };
}

/** How many abandoned checkouts there are (the orders list's tab, the dashboard's note). */
export async function countAbandonedCheckouts(): Promise<number> {
  const [{ n }] = await db().select({ n: count() }).from(orders).where(abandonedCheckout());
  return n;
}
