import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { availableStock } from "../../server/inventory";
import { OutOfStockError, startCheckout, type CheckoutStarted } from "../../server/checkout";
import { db } from "../../server/db/client";
import { orderEvents, orders } from "../../server/orders/schema";
import { outboxMail } from "../../server/mail/schema";
import { SOLD_OUT_REASON } from "../../server/orders/payment";
import { sweepLapsedReservations } from "../../server/orders/sweep";
import { buyer, cartWith, lapseReservation, orderById, paidEventFor, postTestWebhook, setStock, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

describe("stock: reservations, races and late payments", () => {
  useTestDatabase();
  useCatalogue();

  it.skipIf(testDbKind !== "postgres")(
    "50 concurrent buyers of the last 5 units: exactly 5 payment sessions, 45 sold-out answers, then stock 0 (real PostgreSQL only: PGlite has one connection, so nothing runs concurrently there)",
    async () => {
      const variant = await variantOf("r36s", "Orange");
      await setStock(variant.id, 5);
      const carts = await Promise.all(Array.from({ length: 50 }, () => cartWith([{ variantId: variant.id, quantity: 1 }])));
      const results = await Promise.allSettled(carts.map((c, i) => startCheckout({ cartId: c.cartId, userId: null, details: buyer(100 + i) })));
      const winners = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      const losers = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
      expect(winners).toHaveLength(5);
      expect(losers).toHaveLength(45);
      for (const e of losers) {
        expect(e).toBeInstanceOf(OutOfStockError);
        expect((e as OutOfStockError).shortages).toEqual([expect.objectContaining({ variantName: "Orange", available: 0 })]);
      }
      const sessions = await db().select({ id: orders.id }).from(orders).where(eq(orders.status, "pending"));
      expect(sessions.length).toBeGreaterThanOrEqual(5);
      expect((await availableStock([variant.id])).get(variant.id)).toBe(0);

      await Promise.all(winners.map((w: CheckoutStarted) => paidEventFor(w.sessionId)).map((e) => postTestWebhook(e.body, e.signature)));
      for (const w of winners) expect((await orderById(w.orderId)).status).toBe("processing");
      expect(await stockOf(variant.id)).toBe(0);
    },
  );

  it("a lapsed reservation gives its units back; the sweep cancels the unpaid order once, even when two run at once", async () => {
    const purple = await variantOf("rg35xx-pro", "Black");
    await setStock(purple.id, 2);
    const { cartId } = await cartWith([{ variantId: purple.id, quantity: 2 }]);
    const started = await startCheckout({ cartId, userId: null, details: buyer(7) });
    expect((await availableStock([purple.id])).get(purple.id)).toBe(0);
    await lapseReservation(started.orderId);
    // Availability ignores an expired hold at once, before any sweep.
    expect((await availableStock([purple.id])).get(purple.id)).toBe(2);
    const [a, b] = await Promise.all([sweepLapsedReservations(), sweepLapsedReservations()]);
    expect(a.cancelled + b.cancelled).toBe(1);
    expect(a.released + b.released).toBe(1);
    expect(await sweepLapsedReservations()).toEqual({ released: 0, cancelled: 0 });
    const order = await orderById(started.orderId);
    expect(order).toMatchObject({ status: "cancelled", cancelReason: "Payment window expired" });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.type === "cancelled")).toHaveLength(1);
    expect(await stockOf(purple.id)).toBe(2);
  });

  it("a payment after its units were sold to someone else: the order is Cancelled (sold out), refunded and the customer emailed", async () => {
    const white = await variantOf("rg35xx-pro", "White");
    await setStock(white.id, 1);
    const late = await startCheckout({ cartId: (await cartWith([{ variantId: white.id, quantity: 1 }])).cartId, userId: null, details: buyer(8) });
    await lapseReservation(late.orderId);
    const prompt = await startCheckout({ cartId: (await cartWith([{ variantId: white.id, quantity: 1 }])).cartId, userId: null, details: buyer(9) });
    const first = paidEventFor(prompt.sessionId);
    await postTestWebhook(first.body, first.signature);
    expect(await stockOf(white.id)).toBe(0);

    const tooLate = paidEventFor(late.sessionId);
    expect((await postTestWebhook(tooLate.body, tooLate.signature)).status).toBe(200);
    const order = await orderById(late.orderId);
    expect(order).toMatchObject({ status: "cancelled", cancelReason: SOLD_OUT_REASON });
    expect(order.paymentIntentId).toMatch(/^pi_test_/);
    expect(await stockOf(white.id)).toBe(0);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["created", "cancelled", "refunded"]));
    expect(events.find((e) => e.type === "refunded")?.note).toMatch(/re_test_/);
    const [mail] = await db().select().from(outboxMail).where(eq(outboxMail.to, "buyer8@example.com"));
    expect(mail.subject).toContain("cancelled and refunded");
    await setStock(white.id, 22);
  });

  it("a late payment whose units are still there is simply accepted", async () => {
    const black = await variantOf("r36s", "Black");
    const stock = await stockOf(black.id);
    const started = await startCheckout({ cartId: (await cartWith([{ variantId: black.id, quantity: 1 }])).cartId, userId: null, details: buyer(10) });
    await lapseReservation(started.orderId);
    await sweepLapsedReservations();
    expect((await orderById(started.orderId)).status).toBe("cancelled");
    const event = paidEventFor(started.sessionId);
    await postTestWebhook(event.body, event.signature);
    expect((await orderById(started.orderId)).status).toBe("processing");
    expect(await stockOf(black.id)).toBe(stock - 1);
  });
});
