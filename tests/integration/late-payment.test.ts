import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readCart } from "../../server/cart";
import { cancelCheckoutForRequest, startCheckoutForRequest } from "../../server/checkout/start";
import { db } from "../../server/db/client";
import { orderEvents, outboxMail, testProviderPayments, testProviderRefunds } from "../../server/db/schema";
import { isTestSessionClosed, payTestSession, readTestSession } from "../../server/payments/test-provider";
import { startBus } from "../../server/realtime/bus";
import { buyer, cartWith, orderById, paidEventFor, postTestWebhook, setStock, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

/**
 * Issue 25, item 3: a cancelled checkout's session can no longer be paid at the provider, and a
 * payment that still arrives (it raced the cancellation) is never lost: revived when every unit can
 * be reserved, refunded in full otherwise. The cart it was bought from is emptied when it is paid.
 */

const card = { cardNumber: "4242424242424242", expiry: "12 / 40", cvc: "123" };

/** Buyer n's checkout of one colour, started as the checkout page does (cookie and all). */
async function checkoutFromCart(n: number, colour: string, quantity = 1) {
  const variant = await variantOf("r36s", colour);
  const cart = await cartWith([{ variantId: variant.id, quantity }]);
  const request = new Request("http://localhost:3000/checkout", { method: "POST", headers: { Cookie: cart.cookie } });
  const started = await startCheckoutForRequest(request, null, buyer(n), "203.0.113.25");
  const cookies = `${cart.cookie}; ${started.setCookie.split(";")[0]}`;
  return { ...started, variantId: variant.id, cartId: cart.cartId, cookies };
}

async function cancelAtPaymentPage(c: Awaited<ReturnType<typeof checkoutFromCart>>) {
  const request = new Request(`http://localhost:3000/cancel?order=${c.orderId}`, { headers: { Cookie: c.cookies } });
  expect(await cancelCheckoutForRequest(request, c.orderId)).not.toBeNull();
  // The session is closed in the background (best effort), as the cancel page does it.
  await expect.poll(() => isTestSessionClosed(c.sessionId)).toBe(true);
}

async function timeline(orderId: string) {
  return db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt);
}

describe(`late payments (${testDbKind})`, () => {
  useTestDatabase();
  useCatalogue();
  beforeAll(startBus);

  it("after Cancel at the payment page, the test provider refuses the session and the order stays cancelled", async () => {
    const c = await checkoutFromCart(601, "White");
    await cancelAtPaymentPage(c);
    const paid = await payTestSession(readTestSession(c.sessionId)!, card, async () => true);
    expect(paid).toEqual({ ok: false, status: 410, error: "This payment session has expired. Return to the shop and check out again." });
    expect(await db().select().from(testProviderPayments).where(eq(testProviderPayments.sessionId, c.sessionId))).toHaveLength(0);
    expect(await orderById(c.orderId)).toMatchObject({ status: "cancelled", paidAt: null });
  });

  it("a payment that raced the cancellation revives the order when every unit is there: timeline, confirmation email, cart emptied", async () => {
    const c = await checkoutFromCart(602, "Black", 2);
    const event = paidEventFor(c.sessionId); // the shopper paid just before the cancel took effect
    await cancelAtPaymentPage(c);
    const stockBefore = await stockOf(c.variantId);
    expect((await postTestWebhook(event.body, event.signature)).status).toBe(200);
    const order = await orderById(c.orderId);
    expect(order).toMatchObject({ status: "processing", cancelReason: null });
    expect(await stockOf(c.variantId)).toBe(stockBefore - 2);
    const paidEvent = (await timeline(c.orderId)).find((e) => e.type === "paid")!;
    expect(paidEvent).toMatchObject({ fromStatus: "cancelled", toStatus: "processing" });
    expect(paidEvent.note).toContain("after the checkout had ended (Cancelled at the payment page); every unit could still be reserved, so the order goes ahead");
    const mails = await db().select().from(outboxMail).where(eq(outboxMail.to, "buyer602@example.com"));
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringContaining(order.number));
    expect((await readCart(c.cartId))?.lines ?? []).toEqual([]);
  });

  it("a payment for a cancelled order whose units were sold meanwhile is refunded in full, on the timeline and by email", async () => {
    const c = await checkoutFromCart(603, "Orange", 1);
    const event = paidEventFor(c.sessionId);
    await cancelAtPaymentPage(c);
    await setStock(c.variantId, 0);
    expect((await postTestWebhook(event.body, event.signature)).status).toBe(200);
    const order = await orderById(c.orderId);
    expect(order.status).toBe("cancelled");
    const [refund] = await db().select().from(testProviderRefunds).where(eq(testProviderRefunds.paymentId, order.paymentIntentId!));
    expect(refund.amountCents).toBe(order.totalCents);
    const events = await timeline(c.orderId);
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["refunded"]));
    const mails = await db().select().from(outboxMail).where(eq(outboxMail.to, "buyer603@example.com"));
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });
});
