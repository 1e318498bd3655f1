import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { orderEvents } from "../../server/orders/schema";
import { outboxMail } from "../../server/mail/schema";
import { paymentEvents } from "../../server/payments/schema";
import { signPayload } from "../../server/payments/signature";
import { testWebhookSecret } from "../../server/payments/test-provider";
import { buyer, cartWith, lapseReservation, orderById, paidEventFor, postTestWebhook, setStock, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/**
 * Providers deliver events late, twice, at once and out of order. Whatever the order, a paid order
 * never goes back to unpaid, its units leave stock once, and the customer gets one email.
 */

async function pendingOrder(n: number, colour: string, quantity = 2) {
  const variant = await variantOf("rg35xx-pro", colour);
  const { cartId } = await cartWith([{ variantId: variant.id, quantity }]);
  const started = await startCheckout({ cartId, userId: null, details: buyer(n) });
  return { ...started, variant, stockBefore: await stockOf(variant.id) };
}

let nextEvent = 0;
/** A signed session event other than success (failed, expired), as the provider would send it. */
function sessionEvent(type: "checkout.session.async_payment_failed" | "checkout.session.expired", sessionId: string) {
  const body = JSON.stringify({ id: `evt_fault_${++nextEvent}`, object: "event", type, data: { object: { id: sessionId, object: "checkout.session" } } });
  return { body, signature: signPayload(body, testWebhookSecret()) };
}

async function deliver(event: { body: string; signature: string }) {
  const res = await postTestWebhook(event.body, event.signature);
  expect(res.status).toBe(200);
}

/** What a customer and the stock saw of one order. */
async function outcome(orderId: string, email: string) {
  const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return {
    status: (await orderById(orderId)).status,
    paidEvents: history.filter((e) => e.type === "paid").length,
    emails: (await db().select().from(outboxMail).where(eq(outboxMail.to, email))).length,
  };
}

describe("out-of-order and duplicate payment events", () => {
  useTestDatabase();
  useCatalogue();

  it("completed after expired: the payment is honoured (units still there), once", async () => {
    const o = await pendingOrder(1, "Teal");
    await deliver(sessionEvent("checkout.session.expired", o.sessionId));
    expect((await orderById(o.orderId)).status).toBe("cancelled");
    await deliver(paidEventFor(o.sessionId));
    expect(await outcome(o.orderId, "buyer1@example.com")).toEqual({ status: "processing", paidEvents: 1, emails: 1 });
    expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 2);
  });

  it("failed or expired after completed: the paid order stays paid, nothing is released or sent", async () => {
    for (const [n, type] of [
      [2, "checkout.session.async_payment_failed"],
      [3, "checkout.session.expired"],
    ] as const) {
      const o = await pendingOrder(n, "Black");
      await deliver(paidEventFor(o.sessionId));
      await deliver(sessionEvent(type, o.sessionId));
      // And a redelivery of the same late event.
      await deliver(sessionEvent(type, o.sessionId));
      const order = await orderById(o.orderId);
      expect(order.paidAt).toBeInstanceOf(Date);
      expect(await outcome(o.orderId, `buyer${n}@example.com`)).toEqual({ status: "processing", paidEvents: 1, emails: 1 });
      expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 2);
    }
  });

  it("the same completed event 10 times at once: one paid order, one decrement, one email, one event row", async () => {
    const o = await pendingOrder(4, "White");
    const event = paidEventFor(o.sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postTestWebhook(event.body, event.signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await outcome(o.orderId, "buyer4@example.com")).toEqual({ status: "processing", paidEvents: 1, emails: 1 });
    expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 2);
    const [{ count }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, (JSON.parse(event.body) as { id: string }).id));
    expect(count).toBe(1);
  });

  it("10 different success events and an expiry for one session at once: still one of everything", async () => {
    const o = await pendingOrder(5, "Teal", 1);
    const events = [...Array.from({ length: 10 }, () => paidEventFor(o.sessionId)), sessionEvent("checkout.session.expired", o.sessionId)];
    const answers = await Promise.all(events.map((e) => postTestWebhook(e.body, e.signature)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // The expiry may land first (then the payment revives the order) or last (then it changes nothing).
    expect(await outcome(o.orderId, "buyer5@example.com")).toEqual({ status: "processing", paidEvents: 1, emails: 1 });
    expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 1);
  });

  it("a second success event for an order refunded as sold out changes nothing, even once units are back", async () => {
    const o = await pendingOrder(6, "Black", 1);
    await lapseReservation(o.orderId);
    await setStock(o.variant.id, 0);
    await deliver(paidEventFor(o.sessionId));
    expect((await orderById(o.orderId)).status).toBe("cancelled");
    await setStock(o.variant.id, 5);
    await deliver(paidEventFor(o.sessionId));
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, o.orderId));
    expect(history.filter((e) => e.type === "refunded")).toHaveLength(1);
    expect(await outcome(o.orderId, "buyer6@example.com")).toEqual({ status: "cancelled", paidEvents: 0, emails: 1 });
    expect(await stockOf(o.variant.id)).toBe(5);
  });
});
