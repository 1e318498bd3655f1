import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startCheckout } from "../../server/checkout";
import { database, db } from "../../server/db/client";
import { orderEvents, orders } from "../../server/orders/schema";
import { outboxMail } from "../../server/mail/schema";
import { paymentEvents } from "../../server/payments/schema";
import { stockReservations } from "../../server/inventory/schema";
import { sweepLapsedReservations } from "../../server/orders/sweep";
import { reconcilePayments } from "../../server/checkout/reconcile";
import { payTestSession, readTestSession, testProvider } from "../../server/payments/test-provider";
import { buyer, cartWith, lapseReservation, orderById, paidEventFor, postTestWebhook, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

/**
 * Reconciliation against the built-in test provider: a payment the shop never heard of (the webhook
 * could not be delivered) is found in the provider's ledger and applied exactly once.
 */

const card = { cardNumber: "4242424242424242", expiry: "12 / 39", cvc: "123" };
/** The shop is down: the provider takes the money, but its webhook gets no answer. */
const shopDown = async () => false;

async function pendingOrder(n: number, quantity = 1) {
  const variant = await variantOf("r36s", "Orange");
  const { cartId } = await cartWith([{ variantId: variant.id, quantity }]);
  const started = await startCheckout({ cartId, userId: null, details: buyer(n) });
  return { ...started, variant, stockBefore: await stockOf(variant.id) };
}

const emailsTo = async (n: number) => (await db().select().from(outboxMail).where(eq(outboxMail.to, `buyer${n}@example.com`))).length;
const paidEvents = async (orderId: string) =>
  (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.type === "paid").length;

describe("payment reconciliation (test provider)", () => {
  useTestDatabase();
  useCatalogue();

  it("applies a payment whose webhook never arrived, once; a later run and a late webhook change nothing", async () => {
    const o = await pendingOrder(1, 2);
    const paid = await payTestSession(readTestSession(o.sessionId)!, card, shopDown);
    // The provider kept the money, so the shopper is sent to the return page, which waits for it.
    expect(paid).toMatchObject({ ok: true });
    expect((await orderById(o.orderId)).status).toBe("pending");

    expect(await reconcilePayments()).toMatchObject({ checked: 1, confirmed: 1 });
    const order = await orderById(o.orderId);
    expect(order).toMatchObject({ status: "processing", paymentBrand: "visa", paymentLast4: "4242" });
    expect(order.paymentIntentId).toMatch(/^pi_test_/);
    expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 2);
    expect(await emailsTo(1)).toBe(1);

    expect(await reconcilePayments()).toEqual({ checked: 0, confirmed: 0, soldOut: 0, closed: 0, open: 0, errors: 0 });
    const late = paidEventFor(o.sessionId);
    expect((await postTestWebhook(late.body, late.signature)).status).toBe(200);
    expect(await paidEvents(o.orderId)).toBe(1);
    expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 2);
    expect(await emailsTo(1)).toBe(1);
  });

  it("paying a session again does not charge twice: the ledger keeps the first payment", async () => {
    const o = await pendingOrder(2);
    await payTestSession(readTestSession(o.sessionId)!, card, shopDown);
    const first = await testProvider().sessionState(o.sessionId);
    await payTestSession(readTestSession(o.sessionId)!, card, shopDown);
    expect(await testProvider().sessionState(o.sessionId)).toEqual(first);
    expect(first).toMatchObject({ status: "paid", paymentId: expect.stringMatching(/^pi_test_/) });
    expect(await reconcilePayments()).toMatchObject({ checked: 1, confirmed: 1 });
    expect(await paidEvents(o.orderId)).toBe(1);
  });

  it("leaves an open session alone, and closes an expired one as its expiry event would", async () => {
    const open = await pendingOrder(3);
    const expired = await pendingOrder(4);
    // The same order with a session that expired a minute ago (test sessions are signed tokens).
    const session = readTestSession(expired.sessionId)!;
    const past = await testProvider().createSession({
      orderId: expired.orderId,
      orderNumber: expired.orderNumber,
      email: session.email,
      lines: [],
      shipping: session.shipping!,
      taxLines: session.taxLines,
      totalCents: session.amountCents,
      currency: session.currency,
      expiresAt: new Date(Date.now() - 60_000),
      successUrl: session.successUrl,
      cancelUrl: session.cancelUrl,
    });
    await db().update(orders).set({ providerSessionId: past.id }).where(eq(orders.id, expired.orderId));

    const report = await reconcilePayments();
    expect(report).toMatchObject({ checked: 2, open: 1, closed: 1 });
    expect((await orderById(open.orderId)).status).toBe("pending");
    expect(await orderById(expired.orderId)).toMatchObject({ status: "cancelled", cancelReason: "The payment session expired" });
    const holds = await db().select().from(stockReservations).where(eq(stockReservations.orderId, expired.orderId));
    expect(holds.every((h) => h.releasedAt !== null)).toBe(true);
    // The expiry is final: the next run asks about the open session only.
    expect(await reconcilePayments()).toMatchObject({ checked: 1, open: 1 });
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, open.orderId));
  });

  it("honours a payment made while the shop was down even if the sweep closed the window first", async () => {
    const o = await pendingOrder(5);
    await payTestSession(readTestSession(o.sessionId)!, card, shopDown);
    await lapseReservation(o.orderId);
    await sweepLapsedReservations();
    expect(await orderById(o.orderId)).toMatchObject({ status: "cancelled", cancelReason: "Payment window expired" });
    expect(await reconcilePayments()).toMatchObject({ confirmed: 1 });
    expect((await orderById(o.orderId)).status).toBe("processing");
    expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 1);
    expect(await emailsTo(5)).toBe(1);
  });

  it("reconciliation, the webhook and a second reconciler at once: one paid order, one decrement, one email", async () => {
    const o = await pendingOrder(6);
    await payTestSession(readTestSession(o.sessionId)!, card, shopDown);
    const webhook = paidEventFor(o.sessionId);
    const [a, b] = await Promise.all([
      reconcilePayments(),
      reconcilePayments(),
      postTestWebhook(webhook.body, webhook.signature),
      postTestWebhook(webhook.body, webhook.signature),
    ]);
    expect([a, b].filter((r) => r !== null).length).toBeGreaterThanOrEqual(1);
    expect((await orderById(o.orderId)).status).toBe("processing");
    expect(await paidEvents(o.orderId)).toBe(1);
    expect(await stockOf(o.variant.id)).toBe(o.stockBefore - 1);
    expect(await emailsTo(6)).toBe(1);
  });

  it.runIf(testDbKind === "postgres")("runs in one instance at a time: the advisory lock turns a second run away", async () => {
    const inner = await database().exclusively("payments:reconcile", () => reconcilePayments());
    expect(inner).toBeNull();
    // Released afterwards.
    expect(await reconcilePayments()).not.toBeNull();
    const recorded = await db().select().from(paymentEvents).where(eq(paymentEvents.type, "reconcile.session.paid"));
    expect(recorded.length).toBeGreaterThan(0);
  });
});
