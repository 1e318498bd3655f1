import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { orderItems, orderRefunds, orders, testProviderRefunds, user } from "../../server/db/schema";
import { saveDiscount, setCartDiscountCode } from "../../server/discounts";
import { startCheckout } from "../../server/checkout";
import { allocateOlderOrders } from "../../server/orders/charges";
import { fulfilOrder } from "../../server/orders/fulfil";
import { refundActionKey, refundOrder } from "../../server/orders/refunds";
import { advanceReturn, refundReturn, requestReturn } from "../../server/orders/returns";
import { startBus } from "../../server/realtime/bus";
import { discountFormSchema } from "../../core/discount-form";
import { buyer, cartWith, orderById, paidEventFor, paidOrderOf, postTestWebhook, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

/**
 * Issue 25: a refund gives back what was charged, once. Each test places its own orders and codes.
 * On the code before issue 25 the discounted refund gave back $79.99 and the concurrent return
 * refunds made 2 refund rows (PostgreSQL); see docs/payments.md, "Refunds".
 */

const staff = [
  { id: "refund-exact-a", email: "refund.a@pocketretro.example" },
  { id: "refund-exact-b", email: "refund.b@pocketretro.example" },
];

let buyerNo = 500;

/** A paid order of `quantity` 35XXPro in a colour, with a fresh 10% code: 2 × $79.99 − $16.00 = $143.98. */
async function discountedOrder(colour: string, quantity: number) {
  const n = buyerNo++;
  const code = `EXACT${n}`;
  await saveDiscount(null, discountFormSchema.parse({ title: "Exact refunds", kind: "percentage", percentOff: "10", code }), staff[0]);
  const variant = await variantOf("rg35xx-pro", colour);
  const { cartId } = await cartWith([{ variantId: variant.id, quantity }]);
  await setCartDiscountCode(cartId, code);
  const started = await startCheckout({ cartId, userId: null, details: buyer(n) });
  const paid = paidEventFor(started.sessionId);
  expect((await postTestWebhook(paid.body, paid.signature)).status).toBe(200);
  const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, started.orderId));
  return { orderId: started.orderId, variantId: variant.id, item };
}

async function refundsOf(orderId: string) {
  return db().select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId));
}

describe(`refunds give back exactly what was charged, once (${testDbKind})`, () => {
  useTestDatabase();
  useCatalogue();

  beforeAll(async () => {
    await db().insert(user).values(staff.map((s) => ({ ...s, name: s.email, role: "owner" as const })));
    await startBus();
  });

  it("one unit of 2 × 35XXPro bought with 10% off refunds $71.99, not the $79.99 list price; the second unit the rest", async () => {
    const order = await discountedOrder("White", 2);
    expect(await orderById(order.orderId)).toMatchObject({ subtotalCents: 15998, totalCents: 14398, chargesAllocated: true });
    expect(order.item).toMatchObject({ unitPriceCents: 7999, quantity: 2, discountCents: 1600, taxCents: 0 });
    const first = await refundOrder(order.orderId, { lines: [{ itemId: order.item.id, quantity: 1, restock: true }], extraCents: 0, reason: "One back", actionKey: crypto.randomUUID() }, staff[0]);
    expect(first).toMatchObject({ status: "succeeded", amountCents: 7199 });
    const second = await refundOrder(order.orderId, { lines: [{ itemId: order.item.id, quantity: 1, restock: true }], extraCents: 0, reason: "Other back", actionKey: crypto.randomUUID() }, staff[0]);
    expect(second).toMatchObject({ status: "succeeded", amountCents: 7199 });
    expect((await refundsOf(order.orderId)).reduce((s, r) => s + r.amountCents, 0)).toBe(14398);
    const [row] = await refundsOf(order.orderId);
    expect(row.lines).toEqual([{ itemId: order.item.id, quantity: 1, restock: true, amountCents: 7199, taxCents: 0 }]);
  });

  it("an older order without stored charges is allocated from its totals and refunds the same $71.99", async () => {
    const order = await discountedOrder("Black", 2);
    await db().update(orderItems).set({ discountCents: 0, taxCents: 0 }).where(eq(orderItems.orderId, order.orderId));
    await db().update(orders).set({ chargesAllocated: false }).where(eq(orders.id, order.orderId));
    expect(await allocateOlderOrders()).toBeGreaterThanOrEqual(1);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    expect(item).toMatchObject({ discountCents: 1600, taxCents: 0 });
    const outcome = await refundOrder(order.orderId, { lines: [{ itemId: item.id, quantity: 1, restock: false }], extraCents: 0, reason: "Old order", actionKey: crypto.randomUUID() }, staff[0]);
    expect(outcome.amountCents).toBe(7199);
  });

  it("10 concurrent 'Refund and restock' on a return of 1 of 2 units make one refund and one restock", async () => {
    // The case: 2 × $49.99 bought (no code), 1 returned; the second click must not refund the unit that was kept.
    const placed = await paidOrderOf(buyerNo++, [{ colour: "Purple", quantity: 2 }]);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    const order = { orderId: placed.orderId, variantId: placed.variantId, item };
    await fulfilOrder(order.orderId, { carrier: null, trackingNumber: null }, staff[0]);
    const returnId = await requestReturn({ lookedUp: true }, order.orderId, { lines: [{ itemId: order.item.id, quantity: 1 }], reason: "Changed my mind" });
    await advanceReturn(returnId, "approve", staff[0]);
    await advanceReturn(returnId, "receive", staff[0]);
    const stockBefore = await stockOf(order.variantId);

    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => refundReturn(returnId, staff[i % 2])));
    const refunds = await refundsOf(order.orderId);
    const providerRefunds = await db().select().from(testProviderRefunds).where(eq(testProviderRefunds.idempotencyKey, refundActionKey.returnRefund(returnId)));
    expect(refunds.map((r) => r.amountCents)).toEqual([4999]);
    expect(providerRefunds).toHaveLength(1);
    expect(await stockOf(order.variantId)).toBe(stockBefore + 1);
    expect(results.filter((r) => r.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    for (const r of results) if (r.status === "rejected") expect(String(r.reason)).toMatch(/already being sent|This return is refunded/);
  });

  it("10 concurrent refunds of one unit of a 2-unit line by two staff refund at most its 2 units", async () => {
    const order = await discountedOrder("White", 2);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        refundOrder(order.orderId, { lines: [{ itemId: order.item.id, quantity: 1, restock: true }], extraCents: 0, reason: `Click ${i}`, actionKey: crypto.randomUUID() }, staff[i % 2]),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const refunds = await refundsOf(order.orderId);
    expect(refunds.map((r) => r.amountCents).sort()).toEqual([7199, 7199]);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.id, order.item.id));
    expect(item.refundedQuantity).toBe(2);
  });

  it("one refund form submitted 10 times at once (double clicks, retries) refunds once", async () => {
    const order = await discountedOrder("Black", 2);
    const actionKey = refundActionKey.form(order.orderId, crypto.randomUUID());
    const results = await Promise.all(
      Array.from({ length: 10 }, () => refundOrder(order.orderId, { lines: [{ itemId: order.item.id, quantity: 1, restock: true }], extraCents: 0, reason: "Double click", actionKey }, staff[0])),
    );
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
    expect((await refundsOf(order.orderId)).map((r) => r.amountCents)).toEqual([7199]);
    expect(await db().select().from(testProviderRefunds).where(eq(testProviderRefunds.idempotencyKey, actionKey))).toHaveLength(1);
  });

  it("the shipping is refunded as its own amount, once", async () => {
    // 1 × 35XXPro with 10% off is $71.99: below the $75 threshold, so US Standard costs $12.99.
    const order = await discountedOrder("Teal", 1);
    expect(await orderById(order.orderId)).toMatchObject({ shippingCents: 1299, totalCents: 7199 + 1299 });
    const ship = await refundOrder(order.orderId, { lines: [], shipping: true, extraCents: 0, reason: "Late delivery", actionKey: crypto.randomUUID() }, staff[0]);
    expect(ship.amountCents).toBe(1299);
    await expect(refundOrder(order.orderId, { lines: [], shipping: true, extraCents: 0, reason: "Again", actionKey: crypto.randomUUID() }, staff[0])).rejects.toThrow(
      "The shipping of this order has been refunded already.",
    );
  });
});
