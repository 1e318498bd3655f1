import { salesReport } from "../../server/admin/sales";
import { todayInZone } from "../../core/admin-time";
import { salesRangeOf } from "../../core/sales-range";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { auditLog, orderItems, orders, outboxMail, returnRequests, user } from "../../server/db/schema";
import { dashboardStats } from "../../server/admin/dashboard";
import {
  OrderTransitionError,
  changeOrderStatus,
  countAbandonedCheckouts,
  getAdminOrder,
  listAbandonedCheckouts,
  listAdminOrders,
  resendOrderConfirmation,
} from "../../server/orders/admin";
import { fulfilOrder } from "../../server/orders/fulfil";
import { adminOrderListPage } from "../../server/orders/list-page";
import { refundOrder } from "../../server/orders/refunds";
import { sweepLapsedReservations } from "../../server/orders/sweep";
import { startBus } from "../../server/realtime/bus";
import { orderListFilterOf, orderListQuery, orderListRange } from "../../core/order-list-filter";
import { formatInZone, timeZoneFromCookie, zonedDayStart } from "../../core/admin-time";
import { checkoutOf, lapseReservation, orderById, paidOrderOf, useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const admin = { id: "order-list-admin", email: "order.list@pocketretro.example" };
const numbers = (r: { rows: { number: string }[] }) => r.rows.map((o) => o.number).sort();

describe("orders, abandoned checkouts and the counts that must agree", () => {
  useTestDatabase();
  useCatalogue();
  const o: Record<string, { orderId: string; orderNumber: string }> = {};

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Order List", email: admin.email, role: "owner" });
    await startBus();
    // Orders: paid, paid then refunded in part, paid then refunded in full, fulfilled, returned, payment failed.
    o.paid = await paidOrderOf(60, [{ colour: "White", quantity: 1 }]);
    o.partial = await paidOrderOf(61, [{ colour: "White", quantity: 2 }]);
    o.refunded = await paidOrderOf(62, [{ colour: "Black", quantity: 1 }]);
    o.shipped = await paidOrderOf(63, [{ colour: "Black", quantity: 1 }]);
    o.returned = await paidOrderOf(64, [{ colour: "Orange", quantity: 1 }]);
    o.failed = await checkoutOf(65, [{ colour: "Orange", quantity: 1 }]);
    await db().update(orders).set({ status: "payment_failed" }).where(eq(orders.id, o.failed.orderId));
    const [partialLine] = await db().select().from(orderItems).where(eq(orderItems.orderId, o.partial.orderId));
    await refundOrder(o.partial.orderId, { lines: [{ itemId: partialLine.id, quantity: 1, restock: true }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "One was scratched" }, admin);
    await changeOrderStatus(o.refunded.orderId, "cancelled", admin);
    await fulfilOrder(o.shipped.orderId, { carrier: "royal_mail", trackingNumber: "AB123456789GB" }, admin);
    await fulfilOrder(o.returned.orderId, { carrier: null, trackingNumber: null }, admin);
    const [returnedLine] = await db().select().from(orderItems).where(eq(orderItems.orderId, o.returned.orderId));
    await db().insert(returnRequests).values({ orderId: o.returned.orderId, status: "received", reason: "Changed my mind", lines: [{ itemId: returnedLine.id, quantity: 1 }] });
    // Abandoned checkouts: one still open, one that lapsed (swept), one cancelled by staff before payment.
    o.open = await checkoutOf(66, [{ colour: "Purple", quantity: 1 }]);
    o.lapsed = await checkoutOf(67, [{ colour: "Purple", quantity: 1 }]);
    await lapseReservation(o.lapsed.orderId);
    await sweepLapsedReservations();
    o.staffCancelled = await checkoutOf(68, [{ colour: "Purple", quantity: 1 }]);
    await changeOrderStatus(o.staffCancelled.orderId, "cancelled", admin);
  });

  it("lists unpaid checkouts apart, and the dashboard counts exactly the list's orders", async () => {
    const list = await listAdminOrders({});
    expect(numbers(list)).toEqual(["paid", "partial", "refunded", "shipped", "returned", "failed"].map((k) => o[k].orderNumber).sort());
    const abandoned = await listAbandonedCheckouts({});
    expect(numbers(abandoned)).toEqual([o.open, o.lapsed, o.staffCancelled].map((x) => x.orderNumber).sort());
    expect(abandoned.rows.find((r) => r.number === o.lapsed.orderNumber)).toMatchObject({ status: "cancelled", cancelReason: "Payment window expired", products: "R36S Retro Handheld (Purple)", totalCents: 4999 + 1299 /* US Standard under $75 */, email: "buyer67@example.com" });
    expect(abandoned.rows.find((r) => r.number === o.open.orderNumber)).toMatchObject({ status: "pending", cancelReason: null });
    expect(await countAbandonedCheckouts()).toBe(3);

    const stats = await dashboardStats();
    expect(stats.orders.total).toBe(list.total);
    expect(stats.orders.current).toBe(6);
    // The sales figures count the orders that took a payment: every listed order but the failed one.
    const sales = await salesReport(salesRangeOf(new URLSearchParams("range=7d"), todayInZone(new Date(), "UTC")).range, "UTC");
    expect(sales.current.orders).toBe(5);
  });

  it("filters by payment status and fulfilment status as the order page names them", async () => {
    const by = async (f: Parameters<typeof listAdminOrders>[0]) => numbers(await listAdminOrders(f));
    expect(await by({ payment: "paid" })).toEqual([o.paid, o.shipped, o.returned].map((x) => x.orderNumber).sort());
    expect(await by({ payment: "partially_refunded" })).toEqual([o.partial.orderNumber]);
    expect(await by({ payment: "refunded" })).toEqual([o.refunded.orderNumber]);
    expect(await by({ payment: "failed" })).toEqual([o.failed.orderNumber]);
    expect(await by({ payment: "unpaid" })).toEqual([]);
    expect(await by({ fulfilment: "fulfilled" })).toEqual([o.shipped.orderNumber]);
    expect(await by({ fulfilment: "returned" })).toEqual([o.returned.orderNumber]);
    expect(await by({ fulfilment: "unfulfilled" })).toEqual([o.paid, o.partial, o.refunded, o.failed].map((x) => x.orderNumber).sort());
    expect(await by({ payment: "paid", fulfilment: "unfulfilled", q: "buyer60" })).toEqual([o.paid.orderNumber]);
    // Checkout's lines are searchable from the moment they are written (product, colour, any part of either).
    expect(await by({ q: "orange" })).toEqual([o.returned, o.failed].map((x) => x.orderNumber).sort());
    expect(await by({ q: "handheld hite" })).toEqual([o.paid, o.partial].map((x) => x.orderNumber).sort());
    expect(await by({ q: "purple" })).toEqual([]);
    // The rows carry what the list shows next to the status.
    const rows = (await listAdminOrders({ q: o.partial.orderNumber })).rows;
    expect(rows.map((r) => r.number)).toEqual([o.partial.orderNumber]);
    const row = rows[0];
    expect(row).toMatchObject({ paid: true, refundedCents: 4999, returned: false, currency: "usd" });
    expect((await listAdminOrders({ q: o.returned.orderNumber })).rows[0]).toMatchObject({ returned: true, fulfilledAt: expect.any(String) });
    // The customer card takes the order's own succeeded refunds off what they spent (2 units paid, 1 refunded).
    expect((await getAdminOrder(o.partial.orderId))!.customer).toEqual({ orderCount: 1, totalSpentCents: 4999 });
  });

  it("reads the date range as whole days in the admin's time zone", async () => {
    const stamp = (id: string, iso: string) => db().update(orders).set({ createdAt: new Date(iso) }).where(eq(orders.id, id));
    // 23:30 in New York on 1 March is 04:30 UTC on 2 March.
    await stamp(o.paid.orderId, "2026-03-02T04:30:00Z");
    await stamp(o.partial.orderId, "2026-03-02T05:30:00Z");
    const filter = orderListFilterOf(new URLSearchParams("from=2026-03-01&to=2026-03-01"));
    expect(numbers(await listAdminOrders({ ...filter, ...orderListRange(filter, "America/New_York") }))).toEqual([o.paid.orderNumber]);
    expect(numbers(await listAdminOrders({ ...filter, ...orderListRange(filter, "UTC") }))).toEqual([]);
    const march2 = orderListFilterOf(new URLSearchParams("from=2026-03-02&to=2026-03-02"));
    expect(numbers(await listAdminOrders({ ...march2, ...orderListRange(march2, "UTC") }))).toEqual([o.paid.orderNumber, o.partial.orderNumber].sort());
    // The list's page (its loader's work) reads the same range from the URL and the admin's zone cookie.
    const page = await adminOrderListPage(new URLSearchParams("from=2026-03-01&to=2026-03-01"), "admin_tz=America%2FNew_York");
    expect(numbers(page)).toEqual([o.paid.orderNumber]);
    expect(page.filter).toEqual(filter);
    expect(page.abandoned).toBe(await countAbandonedCheckouts());
    expect(numbers(await adminOrderListPage(new URLSearchParams("from=2026-03-01&to=2026-03-01"), null))).toEqual([]);
    expect(formatInZone("2026-03-02T04:30:00Z", "America/New_York")).toBe("Mar 1, 2026, 23:30 EST");
    expect(formatInZone("2026-03-02T04:30:00Z", "UTC")).toBe("Mar 2, 2026, 04:30 UTC");
  });
});

describe("the orders list's URL and the admin's zone", () => {
  it("keeps every filter in the query string and drops what it cannot read", () => {
    const f = orderListFilterOf(new URLSearchParams("q=ada&status=completed&payment=refunded&fulfilment=returned&from=2026-01-01&to=2026-01-31&page=3"));
    expect(f).toEqual({ q: "ada", status: "completed", payment: "refunded", fulfilment: "returned", from: "2026-01-01", to: "2026-01-31", page: 3 });
    expect(orderListQuery(f, 2)).toBe("?q=ada&status=completed&payment=refunded&fulfilment=returned&from=2026-01-01&to=2026-01-31&page=2");
    expect(orderListQuery(f)).toBe("?q=ada&status=completed&payment=refunded&fulfilment=returned&from=2026-01-01&to=2026-01-31");
    expect(orderListFilterOf(new URLSearchParams("status=pending&payment=free&from=2026-02-30&to=yesterday&page=-1"))).toEqual({
      q: undefined,
      status: undefined,
      payment: undefined,
      fulfilment: undefined,
      from: undefined,
      to: undefined,
      page: undefined,
    });
  });

  it("takes the zone from its cookie only when it is a real zone, and finds a day's start across DST", () => {
    expect(timeZoneFromCookie("a=1; admin_tz=Europe%2FParis")).toBe("Europe/Paris");
    expect(timeZoneFromCookie("admin_tz=Mars%2FOlympus")).toBe("UTC");
    expect(timeZoneFromCookie("admin_tz=%E0%A4%A")).toBe("UTC");
    expect(timeZoneFromCookie(null)).toBe("UTC");
    expect(zonedDayStart("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(zonedDayStart("2026-03-30", "Europe/Paris").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(zonedDayStart("2026-11-23", "Asia/Kolkata").toISOString()).toBe("2026-11-22T18:30:00.000Z");
  });
});

describe("resending the order confirmation", () => {
  useTestDatabase();
  useCatalogue();

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Order List", email: admin.email, role: "owner" });
    await startBus();
  });

  it("queues the confirmation again, on the timeline and in the audit log", async () => {
    const order = await paidOrderOf(70, [{ colour: "White", quantity: 1 }]);
    const subject = `Your Pocket Retro order ${order.orderNumber}`;
    const sent = () => db().select().from(outboxMail).where(and(eq(outboxMail.to, "buyer70@example.com"), eq(outboxMail.subject, subject)));
    expect(await sent()).toHaveLength(1);
    expect(await resendOrderConfirmation(order.orderId, admin)).toEqual({ to: "buyer70@example.com" });
    const mails = await sent();
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toBe(mails[0].text);
    expect((await getAdminOrder(order.orderId))!.history.at(-1)).toMatchObject({ by: admin.email, type: "confirmation_resent", note: "Order confirmation sent again to buyer70@example.com." });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, order.orderId), eq(auditLog.action, "resend_confirmation")));
    expect(audit).toMatchObject({ actorEmail: admin.email, entity: "order", data: { number: order.orderNumber, to: "buyer70@example.com" } });
  });

  it("refuses an unpaid checkout and writes nothing", async () => {
    const pending = await checkoutOf(71, [{ colour: "White", quantity: 1 }]);
    await expect(resendOrderConfirmation(pending.orderId, admin)).rejects.toThrow(OrderTransitionError);
    expect(await db().select().from(outboxMail).where(eq(outboxMail.to, "buyer71@example.com"))).toHaveLength(0);
    expect(await db().select().from(auditLog).where(eq(auditLog.entityId, pending.orderId))).toHaveLength(0);
    expect((await orderById(pending.orderId)).status).toBe("pending");
  });
});
