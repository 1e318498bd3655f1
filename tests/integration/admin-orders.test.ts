import { and, count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { auditLog } from "../../server/audit/schema";
import { orderEvents, orderItems, orders } from "../../server/orders/schema";
import { outboxMail } from "../../server/mail/schema";
import { stockReservations } from "../../server/inventory/schema";
import { user } from "../../server/auth/schema";
import type { OrderStatus } from "../../core/order-status";
import {
  OrderTransitionError,
  adminOrderFilter,
  changeOrderStatus,
  getAdminOrder,
  listAdminOrders,
} from "../../server/orders/admin";
import { startBus, subscribe, type ShopEvent } from "../../server/realtime/bus";
import { checkoutOf, orderById, paidEventFor, paidOrderOf, postTestWebhook, stockOf, useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const admin = { id: "admin-orders-1", email: "orders.admin@pocketretro.example" };

let serial = 0;
/** An order row as checkout leaves it, written directly: the list tests need many, with chosen dates. */
async function insertOrder(o: { name: string; email: string; status?: OrderStatus; createdAt?: Date; items?: [string, string, number][]; paid?: boolean }) {
  serial += 1;
  const status = o.status ?? "processing";
  const createdAt = o.createdAt ?? new Date(Date.now() - serial * 60_000);
  const [row] = await db()
    .insert(orders)
    .values({
      number: `PR-260314-${String(serial).padStart(5, "A")}`,
      email: o.email,
      name: o.name,
      shipLine1: "1 Test Street",
      shipCity: "London",
      shipPostalCode: "N1 1AA",
      shipCountry: "GB",
      status,
      subtotalCents: 4999,
      totalCents: 4999,
      paymentProvider: "test",
      // As checkout leaves them: processing and completed orders were paid; a cancelled one was paid unless told otherwise.
      paidAt: (o.paid ?? (status !== "pending" && status !== "payment_failed")) ? createdAt : null,
      createdAt,
    })
    .returning();
  const items = o.items ?? [["R36S", "Purple", 1]];
  await db().insert(orderItems).values(items.map(([title, variantName, quantity]) => ({ orderId: row.id, title, variantName, quantity, unitPriceCents: 4999 })));
  return row;
}

const numbers = (r: { rows: { number: string }[] }) => r.rows.map((o) => o.number);

describe("the admin order list", () => {
  useTestDatabase();
  const made: Record<string, Awaited<ReturnType<typeof insertOrder>>> = {};

  beforeAll(async () => {
    made.ada = await insertOrder({ name: "Ada Lovelace", email: "ada.lovelace+shop@example.co.uk", items: [["R36S", "Purple", 2], ["35XXPro", "Teal", 1]] });
    made.obrien = await insertOrder({ name: "Seán O'Brien", email: "sean@obrien.ie", status: "cancelled" });
    made.grace = await insertOrder({ name: "Grace Hopper", email: "grace@navy.example", status: "completed", createdAt: new Date(Date.now() - 10 * 86_400_000), items: [["R36PRO", "Orange", 1]] });
    for (let i = 0; i < 32; i++) await insertOrder({ name: `Filler Person${i}`, email: `filler${i}@example.com`, status: i % 3 === 1 ? "pending" : "processing" });
  });

  it("lists newest first with the products of each order, 20 to a page; abandoned checkouts are not orders", async () => {
    const all = await listAdminOrders({});
    expect(all).toMatchObject({ total: 24, page: 1, pageCount: 2 });
    expect(all.rows).toHaveLength(20);
    expect(all.rows[0]).toMatchObject({ number: made.ada.number, name: "Ada Lovelace", products: "35XXPro (Teal), R36S (Purple) ×2", totalCents: 4999, status: "processing" });
    expect(all.rows.map((r) => r.createdAt)).toEqual([...all.rows.map((r) => r.createdAt)].sort().reverse());
  });

  it("finds orders by words of the name, the email, the number and the id prefix", async () => {
    expect(numbers(await listAdminOrders({ q: "ada" }))).toEqual([made.ada.number]);
    expect(numbers(await listAdminOrders({ q: "LOVE" }))).toEqual([made.ada.number]);
    expect(numbers(await listAdminOrders({ q: "ada lovelace" }))).toEqual([made.ada.number]);
    expect(numbers(await listAdminOrders({ q: "ada.lovelace+shop@exa" }))).toEqual([made.ada.number]);
    expect(numbers(await listAdminOrders({ q: "example.co.uk" }))).toEqual([made.ada.number]);
    expect(numbers(await listAdminOrders({ q: "o'brien" }))).toEqual([made.obrien.number]);
    expect(numbers(await listAdminOrders({ q: "seán" }))).toEqual([made.obrien.number]);
    expect(numbers(await listAdminOrders({ q: made.grace.number.toLowerCase() }))).toEqual([made.grace.number]);
    expect(numbers(await listAdminOrders({ q: made.grace.number.slice(-5) }))).toEqual([made.grace.number]);
    expect(numbers(await listAdminOrders({ q: made.grace.id.slice(0, 8) }))).toEqual([made.grace.number]);
    expect(numbers(await listAdminOrders({ q: made.grace.id.toUpperCase() }))).toEqual([made.grace.number]);
    expect((await listAdminOrders({ q: "lovelace hopper" })).total).toBe(0);
    expect((await listAdminOrders({ q: "ada" })).near).toBe(false);
    expect((await listAdminOrders({ q: "nobody" })).rows).toEqual([]);
    // Nothing typed is tsquery syntax.
    expect((await listAdminOrders({ q: "a & | ! ( ) : * ' \\" })).total).toBeGreaterThanOrEqual(0);
  });

  it("finds any part of the name, email, number, product or colour, accents folded, and near misses when nothing matches as typed", async () => {
    const find = async (q: string) => numbers(await listAdminOrders({ q }));
    // Mid-word: the words' starts are not needed.
    expect(await find("velace")).toEqual([made.ada.number]);
    expect(await find("OPPE")).toEqual([made.grace.number]);
    expect(await find("navy.exa")).toEqual([made.grace.number]);
    expect(await find(made.grace.number.slice(7))).toEqual([made.grace.number]);
    // Products and colours, whole or in part, with the customer's name too.
    expect(await find("35XXPro")).toEqual([made.ada.number]);
    expect(await find("xxpr")).toEqual([made.ada.number]);
    expect(await find("teal")).toEqual([made.ada.number]);
    expect(await find("orange r36pro")).toEqual([made.grace.number]);
    expect(await find("ada purple")).toEqual([made.ada.number]);
    expect(await find("grace purple")).toEqual([]);
    expect((await listAdminOrders({ q: "purple" })).total).toBe(23); // every order but Grace's
    // Accents either way: the stored name has them, the typed one not, or the other way round.
    expect(await find("sean o'brien")).toEqual([made.obrien.number]);
    expect(await find("lóvelàce")).toEqual([made.ada.number]);
    // Typos: only when nothing matches as typed, and the page says they are near misses.
    expect(await listAdminOrders({ q: "lovlace" })).toMatchObject({ near: true, rows: [{ number: made.ada.number }] });
    expect(await listAdminOrders({ q: "hoppr orang" })).toMatchObject({ near: true, rows: [{ number: made.grace.number }] });
    // An exact hit hides the near ones: "filler1" is in Filler Person1 and 10 to 19 (6 of them placed
    // orders), never in the near misses filler2, filler3...
    const fillers = await listAdminOrders({ q: "filler1", pageSize: 50 });
    expect(fillers).toMatchObject({ near: false, total: 6 });
    // LIKE's wildcards are plain characters: "ada_lovelace" is no exact match (as a wildcard "_" would
    // take Ada's space), only a near one.
    expect((await listAdminOrders({ q: "%" })).total).toBe(0);
    expect(await listAdminOrders({ q: "ada_lovelace" })).toMatchObject({ near: true, rows: [{ number: made.ada.number }] });
  });

  it("filters by status and by date, with the count and page in the database", async () => {
    expect(await listAdminOrders({ status: "cancelled" })).toMatchObject({ total: 1, rows: [{ number: made.obrien.number }] });
    const processing = await listAdminOrders({ status: "processing", pageSize: 4, page: 2 });
    expect(processing).toMatchObject({ total: 22, page: 2, pageCount: 6 });
    expect(processing.rows).toHaveLength(4);
    const last = await listAdminOrders({ status: "processing", pageSize: 4, page: 99 });
    expect(last).toMatchObject({ page: 6, pageCount: 6 });
    expect(last.rows).toHaveLength(2);
    // Pending checkouts are abandoned checkouts, never in the list.
    expect(await listAdminOrders({ status: "pending" })).toMatchObject({ total: 0 });
    expect(await listAdminOrders({ status: "completed", since: new Date(Date.now() - 7 * 86_400_000) })).toMatchObject({ total: 0, rows: [] });
    expect((await listAdminOrders({ since: new Date(Date.now() - 7 * 86_400_000) })).total).toBe(23);
    expect((await listAdminOrders({ until: new Date(Date.now() - 7 * 86_400_000) })).total).toBe(1);
    // The dashboard's call: search, period, three rows.
    expect(await listAdminOrders({ q: "filler", since: new Date(Date.now() - 86_400_000), pageSize: 3 })).toMatchObject({ total: 21, pageCount: 7 });
    // Near misses page the same way (one statement counts them and cuts the page), a page past the end too.
    const near = await listAdminOrders({ q: "fillr", pageSize: 100 });
    expect(near).toMatchObject({ near: true, total: 21, page: 1, pageCount: 1 });
    const numbers = near.rows.map((r) => r.number);
    const second = await listAdminOrders({ q: "fillr", pageSize: 4, page: 2 });
    expect(second).toMatchObject({ near: true, total: 21, page: 2, pageCount: 6 });
    expect(second.rows.map((r) => r.number)).toEqual(numbers.slice(4, 8));
    const pastTheEnd = await listAdminOrders({ q: "fillr", pageSize: 4, page: 99 });
    expect(pastTheEnd).toMatchObject({ near: true, total: 21, page: 6, pageCount: 6 });
    expect(pastTheEnd.rows.map((r) => r.number)).toEqual(numbers.slice(20));
    expect(await listAdminOrders({ q: "qwzxv", page: 3 })).toMatchObject({ near: true, total: 0, page: 1, pageCount: 1, rows: [] });
  });
});

describe("changing an order's status", () => {
  useTestDatabase();
  useCatalogue();

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Orders Admin", email: admin.email, role: "owner" });
    await startBus();
  });

  const checkout = (n: number, colour: string, quantity: number) => checkoutOf(n, [{ colour, quantity }]);
  const paidOrder = (n: number, colour: string, quantity: number) => paidOrderOf(n, [{ colour, quantity }]);

  /** Everything a status change may write, to see that a refused or no-op change wrote none of it. */
  async function writesFor(orderId: string) {
    const [events] = await db().select({ n: count() }).from(orderEvents).where(eq(orderEvents.orderId, orderId));
    const [audits] = await db().select({ n: count() }).from(auditLog).where(eq(auditLog.entityId, orderId));
    const [mails] = await db().select({ n: count() }).from(outboxMail);
    return { events: events.n, audits: audits.n, mails: mails.n, status: (await orderById(orderId)).status };
  }

  /**
   * The next order event of this kind on the bus, and what the admins' stream makes of it. Filtered
   * by action: the bus delivers after commit, so the checkout's own "created" may still be on its way.
   */
  function nextOrderEvent(action: "paid" | "updated") {
    return new Promise<{ event: ShopEvent; message: unknown }>((resolve) => {
      const unsubscribe = subscribe((event) => {
        if (event.type !== "order" || event.action !== action) return;
        unsubscribe();
        void Promise.resolve(adminOrderFilter(event)).then((message) => resolve({ event, message }));
      });
    });
  }

  it("announces a paid order as 'paid' with the customer's name (the 'New Order Received' toast)", async () => {
    const started = await checkout(20, "White", 1);
    const heard = nextOrderEvent("paid");
    const { body, signature } = paidEventFor(started.sessionId);
    await postTestWebhook(body, signature);
    expect((await heard).message).toEqual({ event: "order", data: { id: started.orderId, action: "paid", name: "Buyer Number20" } });
  });

  it("marks a paid order completed: event (admin, from, to), audit entry, announcement and email, in one go", async () => {
    const order = await paidOrder(21, "Black", 1);
    const heard = nextOrderEvent("updated");
    expect(await changeOrderStatus(order.orderId, "completed", admin)).toEqual({ changed: true });
    expect((await heard).message).toEqual({ event: "order", data: { id: order.orderId, action: "updated", name: "Buyer Number21" } });
    expect((await orderById(order.orderId)).status).toBe("completed");
    const [event] = await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, order.orderId), eq(orderEvents.actor, admin.id)));
    expect(event).toMatchObject({ type: "completed", fromStatus: "processing", toStatus: "completed" });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, order.orderId));
    expect(audit).toMatchObject({ actorId: admin.id, actorEmail: admin.email, action: "status_change", entity: "order", data: { number: order.orderNumber, from: "processing", to: "completed" } });
    const [mail] = await db().select().from(outboxMail).where(eq(outboxMail.subject, `Your Pocket Retro order ${order.orderNumber} is complete`));
    expect(mail).toMatchObject({ to: "buyer21@example.com" });
    expect(mail.text).toContain("1 x R36S");

    const detail = (await getAdminOrder(order.orderId))!;
    expect(detail.history.map((h) => [h.by, h.from, h.to])).toEqual([
      ["Customer", null, "pending"],
      ["Payment provider (test)", "pending", "processing"],
      [admin.email, "processing", "completed"],
    ]);
    // One R36S ($49.99) to the United States: Standard shipping $12.99 below $75.
    expect(detail).toMatchObject({ paymentBrand: "visa", paymentLast4: "4242", shippingCents: 1299, lines: [{ variantName: "Black", quantity: 1 }] });
    expect(JSON.stringify(detail)).not.toMatch(/4242 ?4242|cvc|expiry/i);

    // Reopened: completed can go back to processing (marked by mistake).
    expect(await changeOrderStatus(order.orderId, "processing", admin)).toEqual({ changed: true });
  });

  it("writes nothing when the status does not change", async () => {
    const order = await paidOrder(22, "Black", 1);
    const before = await writesFor(order.orderId);
    expect(await changeOrderStatus(order.orderId, "processing", admin)).toEqual({ changed: false });
    expect(await writesFor(order.orderId)).toEqual(before);
  });

  it("refuses what makes no sense, and writes nothing", async () => {
    const pending = await checkout(23, "Orange", 1);
    for (const to of ["processing", "completed"] as const) {
      const before = await writesFor(pending.orderId);
      await expect(changeOrderStatus(pending.orderId, to, admin)).rejects.toThrow(new OrderTransitionError("This order has not been paid."));
      expect(await writesFor(pending.orderId)).toEqual(before);
    }
    const shipped = await paidOrder(24, "Orange", 1);
    await changeOrderStatus(shipped.orderId, "completed", admin);
    await expect(changeOrderStatus(shipped.orderId, "cancelled", admin)).rejects.toThrow("A completed order has shipped and cannot be cancelled.");
    await changeOrderStatus(pending.orderId, "cancelled", admin);
    await expect(changeOrderStatus(pending.orderId, "processing", admin)).rejects.toThrow("A cancelled order cannot be reopened.");
  });

  it("cancelling a pending order releases its reservation; the customer was not charged", async () => {
    const order = await checkout(25, "Purple", 2);
    const stock = await stockOf(order.variantId);
    const active = () =>
      db().select().from(stockReservations).where(and(eq(stockReservations.orderId, order.orderId), isNull(stockReservations.releasedAt)));
    expect(await active()).toHaveLength(1);
    expect(await changeOrderStatus(order.orderId, "cancelled", admin)).toEqual({ changed: true });
    expect(await active()).toHaveLength(0);
    expect(await stockOf(order.variantId)).toBe(stock);
    expect(await orderById(order.orderId)).toMatchObject({ status: "cancelled", cancelReason: "Cancelled by staff" });
    const [mail] = await db().select().from(outboxMail).where(eq(outboxMail.subject, `Your Pocket Retro order ${order.orderNumber} was cancelled`));
    expect(mail.text).toContain("You have not been charged.");
  });

  it("cancelling a paid order returns its units to stock and refunds the payment", async () => {
    const order = await paidOrder(26, "Purple", 3);
    const stock = await stockOf(order.variantId);
    expect(await changeOrderStatus(order.orderId, "cancelled", admin)).toEqual({ changed: true });
    expect(await stockOf(order.variantId)).toBe(stock + 3);
    const history = (await getAdminOrder(order.orderId))!.history;
    expect(history.at(-2)).toMatchObject({ by: admin.email, from: "processing", to: "cancelled" });
    expect(history.at(-1)).toMatchObject({ by: admin.email, type: "refunded", note: expect.stringMatching(/^Refunded \$149\.97 \(re_test_.*\)\. Reason: Cancelled by staff$/) });
    const [mail] = await db().select().from(outboxMail).where(eq(outboxMail.subject, `Your Pocket Retro order ${order.orderNumber} was cancelled`));
    expect(mail.text).toMatch(/We are refunding \$149\.97 to your card/);
  });
});
