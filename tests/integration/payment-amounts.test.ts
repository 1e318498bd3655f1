import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { orderEvents } from "../../server/orders/schema";
import { signPayload } from "../../server/payments/signature";
import { completedEvent, readTestSession, testWebhookSecret } from "../../server/payments/test-provider";
import { buyer, cartWith, orderById, postTestWebhook, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/** A paid event claiming another amount or currency than the order's is never marked paid (issue 12). */
async function pendingOrder(n: number) {
  const variant = await variantOf("r36s", "Orange");
  const { cartId } = await cartWith([{ variantId: variant.id, quantity: 1 }]);
  const started = await startCheckout({ cartId, userId: null, details: buyer(n) });
  return { ...started, variant };
}

function paidEvent(sessionId: string, change: { amountCents?: number; currency?: string }) {
  const session = readTestSession(sessionId)!;
  const event = completedEvent({ ...session, ...change }, { paymentId: `pi_test_${crypto.randomUUID()}`, brand: "visa", last4: "4242" });
  const body = JSON.stringify(event);
  return { body, signature: signPayload(body, testWebhookSecret()) };
}

describe("the paid amount and currency are checked against the order", () => {
  useTestDatabase();
  useCatalogue();

  for (const [what, change] of [
    ["a cent less", (total: number) => ({ amountCents: total - 1 })],
    ["another currency", () => ({ currency: "eur" })],
  ] as const) {
    it(`${what}: answered 200, the order stays pending with its units, and staff see why`, async () => {
      const { orderId, sessionId, variant } = await pendingOrder(what.length);
      const order = await orderById(orderId);
      const stock = await stockOf(variant.id);
      const { body, signature } = paidEvent(sessionId, change(order.totalCents));
      expect((await postTestWebhook(body, signature)).status).toBe(200);
      const after = await orderById(orderId);
      expect(after.status).toBe("pending");
      expect(after.paidAt).toBeNull();
      expect(await stockOf(variant.id)).toBe(stock);
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(events.map((e) => e.type)).toEqual(["created", "payment_mismatch"]);
      expect(events[1].note).toContain("not marked paid");
    });
  }

  it("the order's own amount and currency: paid", async () => {
    const { orderId, sessionId } = await pendingOrder(30);
    const { body, signature } = paidEvent(sessionId, {});
    expect((await postTestWebhook(body, signature)).status).toBe(200);
    expect((await orderById(orderId)).status).toBe("processing");
  });
});
