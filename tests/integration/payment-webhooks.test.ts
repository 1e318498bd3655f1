import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { orderEvents } from "../../server/orders/schema";
import { outboxMail } from "../../server/mail/schema";
import { paymentEvents } from "../../server/payments/schema";
import { stockReservations } from "../../server/inventory/schema";
import { signPayload } from "../../server/payments/signature";
import { testWebhookSecret } from "../../server/payments/test-provider";
import { buyer, cartWith, orderById, paidEventFor, postTestWebhook, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

async function pendingOrder(n: number, colour = "Black") {
  const variant = await variantOf("r36pro", colour);
  const { cartId } = await cartWith([{ variantId: variant.id, quantity: 2 }]);
  const started = await startCheckout({ cartId, userId: null, details: buyer(n) });
  return { ...started, variant };
}

async function snapshot(orderId: string, variantId: string) {
  const [{ count }] = await db().select({ count: sql<number>`count(*)::int` }).from(paymentEvents);
  const order = await orderById(orderId);
  return { status: order.status, paidAt: order.paidAt, stock: await stockOf(variantId), paymentEvents: count };
}

async function paidEvents(orderId: string) {
  const rows = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  return rows.filter((e) => e.type === "paid").length;
}

describe("payment webhooks", () => {
  useTestDatabase();
  useCatalogue();

  it("a missing, forged, tampered or stale signature gets 400 and changes nothing", async () => {
    const { orderId, sessionId, variant } = await pendingOrder(1);
    const before = await snapshot(orderId, variant.id);
    const { body, signature } = paidEventFor(sessionId);
    const stale = signPayload(body, testWebhookSecret(), Math.floor(Date.now() / 1000) - 10 * 60);
    const forged = signPayload(body, "not-the-secret");
    const tampered = body.replace('"paid"', '"paid" ');
    for (const [payload, header] of [
      [body, null],
      [body, ""],
      [body, "t=123,v1=deadbeef"],
      [body, forged],
      [body, stale],
      [tampered, signature],
    ] as const) {
      const res = await postTestWebhook(payload, header);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ ok: false, message: "Invalid signature" });
    }
    expect(await snapshot(orderId, variant.id)).toEqual(before);
    expect(before.status).toBe("pending");
  });

  it("a signed body that is JSON but not an event (null, a number, an array, a string) gets 400, not 500", async () => {
    const statuses = [];
    for (const body of ["null", "3", "[]", '"event"']) {
      const res = await postTestWebhook(body, signPayload(body, testWebhookSecret())).catch(() => new Response(null, { status: 500 }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400]);
  });

  it("the same event delivered twice, one after the other: one paid order, one decrement, one email", async () => {
    const { orderId, sessionId, variant } = await pendingOrder(2);
    const stock = await stockOf(variant.id);
    const { body, signature } = paidEventFor(sessionId);
    expect((await postTestWebhook(body, signature)).status).toBe(200);
    expect((await postTestWebhook(body, signature)).status).toBe(200);
    const after = await snapshot(orderId, variant.id);
    expect(after.status).toBe("processing");
    expect(after.stock).toBe(stock - 2);
    expect(await paidEvents(orderId)).toBe(1);
    expect(await db().select().from(outboxMail).where(eq(outboxMail.to, "buyer2@example.com"))).toHaveLength(1);
  });

  it("two deliveries at once, and two different success events for one session: still one decrement", async () => {
    const { orderId, sessionId, variant } = await pendingOrder(3, "Purple");
    const stock = await stockOf(variant.id);
    const first = paidEventFor(sessionId);
    const other = paidEventFor(sessionId); // another event id, e.g. async_payment_succeeded after completed
    const answers = await Promise.all([
      postTestWebhook(first.body, first.signature),
      postTestWebhook(first.body, first.signature),
      postTestWebhook(other.body, other.signature),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await orderById(orderId)).status).toBe("processing");
    expect(await stockOf(variant.id)).toBe(stock - 2);
    expect(await paidEvents(orderId)).toBe(1);
  });

  it("payment failed and session expired release the reservation", async () => {
    const secret = testWebhookSecret();
    for (const [type, status] of [
      ["checkout.session.async_payment_failed", "payment_failed"],
      ["checkout.session.expired", "cancelled"],
    ] as const) {
      const { orderId, sessionId } = await pendingOrder(type.length, "Orange");
      const body = JSON.stringify({ id: `evt_${type}`, object: "event", type, data: { object: { id: sessionId, object: "checkout.session" } } });
      expect((await postTestWebhook(body, signPayload(body, secret))).status).toBe(200);
      expect((await orderById(orderId)).status).toBe(status);
      const holds = await db().select().from(stockReservations).where(eq(stockReservations.orderId, orderId));
      expect(holds.every((h) => h.releasedAt !== null)).toBe(true);
    }
  });

  it("acknowledges events it does not act on, and a session it does not know", async () => {
    const secret = testWebhookSecret();
    const other = JSON.stringify({ id: "evt_other", object: "event", type: "charge.refunded", data: { object: { id: "ch_1" } } });
    expect((await postTestWebhook(other, signPayload(other, secret))).status).toBe(200);
    const unknown = JSON.stringify({
      id: "evt_unknown",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_unknown", payment_status: "paid", payment_intent: "pi_1" } },
    });
    expect((await postTestWebhook(unknown, signPayload(unknown, secret))).status).toBe(200);
  });
});
