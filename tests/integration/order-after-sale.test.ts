import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { auditLog, orderItems, orderRefunds, orders, outboxMail, returnRequests, testProviderRefunds, user } from "../../server/db/schema";
import { OrderTransitionError, addOrderNote, changeOrderStatus, getAdminOrder } from "../../server/orders/admin";
import { fulfilOrder, updateShippingAddress } from "../../server/orders/fulfil";
import { RefundRefusedError, refundOrder } from "../../server/orders/refunds";
import { OrderNotFoundError } from "../../server/orders/errors";
import { ReturnRefusedError, advanceReturn, refundReturn, requestReturn, returnWindowClosesAt } from "../../server/orders/returns";
import { RETURN_WINDOW_CLOSED } from "../../core/order-view";
import { startBus } from "../../server/realtime/bus";
import { checkoutOf, orderById, paidOrderOf, stockOf, useCatalogue } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

const admin = { id: "after-sale-admin", email: "after.sale@pocketretro.example" };

async function itemsOf(orderId: string) {
  return db().select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.variantName);
}

async function mailsTo(email: string) {
  return db().select().from(outboxMail).where(eq(outboxMail.to, email));
}

describe("after the sale: notes, fulfilment, address, refunds", () => {
  useTestDatabase();
  useCatalogue();

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "After Sale", email: admin.email, role: "owner" });
    await startBus();
  });

  it("a staff note goes on the timeline and never to the customer", async () => {
    const order = await paidOrderOf(40, [{ colour: "White", quantity: 1 }]);
    const before = (await mailsTo("buyer40@example.com")).length;
    await addOrderNote(order.orderId, "Customer phoned: leave with neighbour at no. 12", admin);
    const detail = (await getAdminOrder(order.orderId))!;
    expect(detail.history.at(-1)).toMatchObject({ by: admin.email, type: "note", note: "Customer phoned: leave with neighbour at no. 12" });
    expect(await mailsTo("buyer40@example.com")).toHaveLength(before);
  });

  it("the customer card counts the customer's paid orders and what they spent", async () => {
    await paidOrderOf(41, [{ colour: "White", quantity: 1 }]);
    const second = await paidOrderOf(41, [{ colour: "Black", quantity: 2 }]);
    await checkoutOf(41, [{ colour: "Black", quantity: 1 }]); // an abandoned checkout does not count
    const detail = (await getAdminOrder(second.orderId))!;
    // $49.99 + $12.99 US Standard shipping (below $75), then 2 × $49.99 shipped free.
    expect(detail.customer).toEqual({ orderCount: 2, totalSpentCents: 4999 + 1299 + 2 * 4999 });
  });

  it("fulfils with carrier and tracking: Completed, timeline, audit, and a shipping email with the tracking link", async () => {
    const order = await paidOrderOf(42, [{ colour: "Orange", quantity: 1 }]);
    await fulfilOrder(order.orderId, { carrier: "royal_mail", trackingNumber: "AB123456789GB" }, admin);
    const row = await orderById(order.orderId);
    expect(row).toMatchObject({ status: "completed", carrier: "royal_mail", trackingNumber: "AB123456789GB" });
    expect(row.fulfilledAt).toBeInstanceOf(Date);
    const detail = (await getAdminOrder(order.orderId))!;
    expect(detail.history.at(-1)).toMatchObject({ by: admin.email, type: "fulfilled", note: "Shipped with Royal Mail, tracking number AB123456789GB; shipping confirmation emailed." });
    const [mail] = (await mailsTo("buyer42@example.com")).filter((m) => m.subject.endsWith("has shipped"));
    expect(mail.text).toContain("Tracking number: AB123456789GB");
    expect(mail.text).toContain("https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB");
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, order.orderId), eq(auditLog.action, "fulfil")));
    expect(audit).toMatchObject({ actorId: admin.id });
    // Twice is refused, and the address can no longer change.
    await expect(fulfilOrder(order.orderId, { carrier: null, trackingNumber: null }, admin)).rejects.toThrow(OrderTransitionError);
    await expect(
      updateShippingAddress(order.orderId, { name: "X", line1: "2 Other Road", line2: undefined, city: "Leeds", region: undefined, postalCode: "LS1 1AA", country: "GB" }, admin),
    ).rejects.toThrow("This order has shipped: its address can no longer change.");
  });

  it("an unpaid order cannot be fulfilled; its address can be corrected before shipping", async () => {
    const pending = await checkoutOf(43, [{ colour: "Orange", quantity: 1 }]);
    await expect(fulfilOrder(pending.orderId, { carrier: null, trackingNumber: null }, admin)).rejects.toThrow(
      "Only a paid order that is being processed can be fulfilled.",
    );
    const paid = await paidOrderOf(44, [{ colour: "Orange", quantity: 1 }]);
    await updateShippingAddress(paid.orderId, { name: "Buyer Moved", line1: "2 New Road", line2: undefined, city: "Leeds", region: undefined, postalCode: "LS1 1AA", country: "GB" }, admin);
    expect(await orderById(paid.orderId)).toMatchObject({ name: "Buyer Moved", shipLine1: "2 New Road", shipLine2: null, shipCity: "Leeds" });
    expect((await getAdminOrder(paid.orderId))!.history.at(-1)).toMatchObject({ type: "address_changed" });
  });

  it("refunds one line of two with restock: stock back up, partial refund at the provider, on the timeline and emailed", async () => {
    const order = await paidOrderOf(45, [
      { colour: "Purple", quantity: 1 },
      { colour: "White", quantity: 1 },
    ]);
    await fulfilOrder(order.orderId, { carrier: "dpd", trackingNumber: "1550 1234" }, admin);
    const [purple, white] = order.variantIds;
    const stockBefore = [await stockOf(purple), await stockOf(white)];
    const items = await itemsOf(order.orderId);
    const purpleItem = items.find((i) => i.variantName === "Purple")!;

    const outcome = await refundOrder(order.orderId, { lines: [{ itemId: purpleItem.id, quantity: 1, restock: true }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "Returned unopened" }, admin);
    expect(outcome).toMatchObject({ status: "succeeded", amountCents: 4999, providerRefundId: expect.stringMatching(/^re_test_/) });
    expect([await stockOf(purple), await stockOf(white)]).toEqual([stockBefore[0] + 1, stockBefore[1]]);
    expect((await itemsOf(order.orderId)).map((i) => [i.variantName, i.refundedQuantity])).toEqual([["Purple", 1], ["White", 0]]);
    const [ledger] = await db().select().from(testProviderRefunds).where(eq(testProviderRefunds.id, outcome.providerRefundId!));
    expect(ledger).toMatchObject({ amountCents: 4999, paymentId: (await orderById(order.orderId)).paymentIntentId });

    const detail = (await getAdminOrder(order.orderId))!;
    expect(detail).toMatchObject({ refundedCents: 4999, status: "completed" });
    expect(detail.history.at(-1)).toMatchObject({ by: admin.email, type: "refunded", note: `Refunded $49.99 (${outcome.providerRefundId}). Reason: Returned unopened` });
    const refundMail = (await mailsTo("buyer45@example.com")).find((m) => m.subject.endsWith("refund"))!;
    expect(refundMail.text).toContain("We have refunded $49.99 on order");

    // The same line cannot be refunded twice; what is left can, as a free amount, down to zero.
    await expect(refundOrder(order.orderId, { lines: [{ itemId: purpleItem.id, quantity: 1, restock: false }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "again" }, admin)).rejects.toThrow(
      "Only 0 of R36S Retro Handheld (Purple) can still be refunded.",
    );
    await expect(refundOrder(order.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 5000, reason: "too much" }, admin)).rejects.toThrow("Only $49.99 is left to refund on this order.");
    await refundOrder(order.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 4999, reason: "Goodwill" }, admin);
    await expect(refundOrder(order.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 1, reason: "more" }, admin)).rejects.toThrow("This order has been refunded in full.");
    expect((await getAdminOrder(order.orderId))!.refundedCents).toBe(9998);
  });

  it("refuses refunds of unpaid orders, of nothing, and of another order's items", async () => {
    const pending = await checkoutOf(46, [{ colour: "Black", quantity: 1 }]);
    await expect(refundOrder(pending.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 100, reason: "x" }, admin)).rejects.toThrow(RefundRefusedError);
    const paid = await paidOrderOf(47, [{ colour: "Black", quantity: 1 }]);
    await expect(refundOrder(paid.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 0, reason: "x" }, admin)).rejects.toThrow("Choose items or enter an amount to refund.");
    const [foreign] = await itemsOf(pending.orderId);
    await expect(refundOrder(paid.orderId, { lines: [{ itemId: foreign.id, quantity: 1, restock: true }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "x" }, admin)).rejects.toThrow(
      "An item to refund is not part of this order.",
    );
    expect(await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId))).toEqual([]);
  });

  it("cancelling after a partial refund refunds only what is left and restocks only units not yet refunded", async () => {
    const order = await paidOrderOf(48, [{ colour: "Orange", quantity: 3 }]);
    const [item] = await itemsOf(order.orderId);
    const stock = await stockOf(order.variantId);
    await refundOrder(order.orderId, { lines: [{ itemId: item.id, quantity: 1, restock: false }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "Damaged in transit" }, admin);
    expect(await stockOf(order.variantId)).toBe(stock);
    await changeOrderStatus(order.orderId, "cancelled", admin);
    expect(await stockOf(order.variantId)).toBe(stock + 2);
    const refunds = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId)).orderBy(orderRefunds.createdAt);
    expect(refunds.map((r) => [r.amountCents, r.status])).toEqual([
      [4999, "succeeded"],
      [9998, "succeeded"],
    ]);
  });

  it.runIf(testDbKind === "postgres")(
    "10 concurrent refunds of $20 on a $62.98 order ($49.99 and $12.99 US shipping): exactly 3 succeed, the sum never exceeds the payment (real PostgreSQL only)",
    async () => {
      const order = await paidOrderOf(49, [{ colour: "White", quantity: 1 }]);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => refundOrder(order.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 2000, reason: `Concurrent ${i}` }, admin)),
      );
      const ok = results.filter((r) => r.status === "fulfilled");
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
      expect(ok).toHaveLength(3);
      expect(refused).toHaveLength(7);
      for (const err of refused) expect(err.message).toBe("Only $2.98 is left to refund on this order.");
      const refunds = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.orderId));
      expect(refunds.reduce((s, r) => s + r.amountCents, 0)).toBe(6000);
      const ledger = await db().select().from(testProviderRefunds).where(eq(testProviderRefunds.paymentId, (await orderById(order.orderId)).paymentIntentId!));
      expect(ledger.reduce((s, r) => s + r.amountCents, 0)).toBe(6000);
    },
  );
});

describe("returns under the 30-day policy", () => {
  useTestDatabase();
  useCatalogue();
  const customer = { id: "returns-customer", email: "buyer60@example.com" };

  beforeAll(async () => {
    await db().insert(user).values([
      { id: admin.id, name: "After Sale", email: admin.email, role: "owner" },
      { id: customer.id, name: "Return Customer", email: customer.email, role: "user" },
    ]);
    await startBus();
  });

  /** A delivered order of the customer's, fulfilled at `at`. */
  async function delivered(n: number, at: Date) {
    const order = await paidOrderOf(n, [
      { colour: "Purple", quantity: 1 },
      { colour: "White", quantity: 1 },
    ]);
    await db().update(orders).set({ userId: customer.id }).where(eq(orders.id, order.orderId));
    await fulfilOrder(order.orderId, { carrier: "dpd", trackingNumber: "R1" }, admin);
    await db().update(orders).set({ fulfilledAt: at }).where(eq(orders.id, order.orderId));
    return { ...order, items: await itemsOf(order.orderId) };
  }

  it("window edges: accepted at exactly 30 days after dispatch, refused a millisecond later with the policy's words", async () => {
    const at = new Date("2026-10-01T12:00:00Z");
    const lastInstant = new Date(at.getTime() + 30 * 86_400_000);
    expect(returnWindowClosesAt(at)).toEqual(lastInstant);

    const late = await delivered(60, at);
    const line = [{ itemId: late.items[0].id, quantity: 1 }];
    await expect(requestReturn({ userId: customer.id }, late.orderId, { lines: line, reason: "Too late" }, new Date(lastInstant.getTime() + 1))).rejects.toThrow(RETURN_WINDOW_CLOSED);
    expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, late.orderId))).toEqual([]);

    await requestReturn({ userId: customer.id }, late.orderId, { lines: line, reason: "Just in time" }, lastInstant);
    const [row] = await db().select().from(returnRequests).where(eq(returnRequests.orderId, late.orderId));
    expect(row).toMatchObject({ status: "requested", reason: "Just in time" });
  });

  it("refuses another customer's order, undelivered orders, a second open request and nothing chosen", async () => {
    const order = await delivered(61, new Date());
    const line = [{ itemId: order.items[0].id, quantity: 1 }];
    await expect(requestReturn({ userId: "someone-else" }, order.orderId, { lines: line, reason: "x" })).rejects.toThrow(OrderNotFoundError);
    await expect(requestReturn({ userId: customer.id }, order.orderId, { lines: [], reason: "x" })).rejects.toThrow("Choose at least one item to return.");
    await expect(requestReturn({ userId: customer.id }, order.orderId, { lines: [{ itemId: order.items[0].id, quantity: 2 }], reason: "x" })).rejects.toThrow(/You can return at most 1 of/);
    await requestReturn({ userId: customer.id }, order.orderId, { lines: line, reason: "Changed my mind" });
    await expect(requestReturn({ userId: customer.id }, order.orderId, { lines: line, reason: "again" })).rejects.toThrow("A return for this order is already under way.");
    const pending = await paidOrderOf(62, [{ colour: "Black", quantity: 1 }]);
    await db().update(orders).set({ userId: customer.id }).where(eq(orders.id, pending.orderId));
    await expect(requestReturn({ userId: customer.id }, pending.orderId, { lines: [{ itemId: (await itemsOf(pending.orderId))[0].id, quantity: 1 }], reason: "x" })).rejects.toThrow(ReturnRefusedError);
  });

  it("staff approve, receive and refund with restock; every step on the timeline and emailed", async () => {
    const order = await delivered(63, new Date());
    const purple = order.items.find((i) => i.variantName === "Purple")!;
    const stock = await stockOf(order.variantIds[0]);
    const returnId = await requestReturn({ userId: customer.id }, order.orderId, { lines: [{ itemId: purple.id, quantity: 1 }], reason: "Screen too small" });
    await expect(advanceReturn(returnId, "receive", admin)).rejects.toThrow(OrderTransitionError);
    await advanceReturn(returnId, "approve", admin);
    await advanceReturn(returnId, "receive", admin);
    await refundReturn(returnId, admin);
    expect(await stockOf(order.variantIds[0])).toBe(stock + 1);
    const detail = (await getAdminOrder(order.orderId))!;
    expect(detail.returns.map((r) => r.status)).toEqual(["refunded"]);
    expect(detail.refundedCents).toBe(4999);
    expect(detail.history.map((h) => h.type).filter((t) => t.startsWith("return") || t === "refunded")).toEqual([
      "return_requested",
      "return_approved",
      "return_received",
      "refunded",
      "return_refunded",
    ]);
    const subjects = (await mailsTo("buyer63@example.com")).map((m) => m.subject);
    for (const end of ["return request received", "return approved", "return received", "refund"]) {
      expect(subjects.some((s) => s.endsWith(`${order.orderNumber} ${end}`))).toBe(true);
    }
    await expect(refundReturn(returnId, admin)).rejects.toThrow(OrderTransitionError);
  });
});
