import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { db, transaction } from "../../server/db/client";
import { SYSTEM_ACTOR, moveStock } from "../../server/inventory";
import { backInStockRequests } from "../../server/inventory/schema";
import {
  backInStockSchema,
  requestBackInStock,
  sendBackInStockNotices,
  startBackInStockNotices,
  UnknownVariantError,
} from "../../server/inventory/back-in-stock";
import { outboxMail } from "../../server/mail/schema";
import { abandonOrder } from "../../server/orders/place";
import { notify, startBus, subscribe, type ShopEvent } from "../../server/realtime/bus";
import { checkoutOf, orderById, paidEventFor, postTestWebhook, setStock, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const mailsTo = (email: string) => db().select().from(outboxMail).where(eq(outboxMail.to, email));

describe("back-in-stock sign-ups", () => {
  useTestDatabase();
  useCatalogue();

  it("mails each sign-up exactly once when its colour returns, even with several senders at once", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    await setStock(teal.id, 0);
    await requestBackInStock({ variantId: teal.id, email: "Waiting@Example.com" });
    await requestBackInStock({ variantId: teal.id, email: "waiting@example.com" });
    await requestBackInStock({ variantId: teal.id, email: "second@example.com" });
    expect(await db().select().from(backInStockRequests).where(eq(backInStockRequests.variantId, teal.id))).toHaveLength(2);

    // Still sold out: nobody is mailed.
    expect(await sendBackInStockNotices()).toBe(0);
    expect(await mailsTo("waiting@example.com")).toHaveLength(0);

    await setStock(teal.id, 3);
    // Three instances waking on the same stock change.
    const mailed = await Promise.all([sendBackInStockNotices(), sendBackInStockNotices(), sendBackInStockNotices()]);
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(2);
    const mails = await mailsTo("waiting@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Back in stock: 35XXPro Handheld Console (Teal)");
    expect(mails[0].text).toContain("/products/rg35xx-pro");
    expect(await sendBackInStockNotices()).toBe(0);

    // A new sign-up after the mail is a new sign-up with its own single mail.
    await setStock(teal.id, 0);
    await requestBackInStock({ variantId: teal.id, email: "waiting@example.com" });
    await setStock(teal.id, 5);
    expect(await sendBackInStockNotices()).toBe(1);
    expect(await mailsTo("waiting@example.com")).toHaveLength(2);
    await setStock(teal.id, 12);
  });

  it("says on the bus whether stock may have risen: a hold or a sale does not, a release or a restock does", async () => {
    await startBus();
    const events: ShopEvent[] = [];
    const stop = subscribe((e) => void (e.type === "stock" && events.push(e)));
    // The stock events one act announces. The bus delivers after commit, in order: a marker sent
    // afterwards arrives after them.
    const stockEventsOf = async (act: () => Promise<unknown>) => {
      events.length = 0;
      await act();
      await notify(undefined, { type: "stock", marker: true } as unknown as ShopEvent);
      await vi.waitFor(() => expect(events.some((e) => "marker" in e)).toBe(true));
      return events.filter((e) => !("marker" in e));
    };
    try {
      let held = { orderId: "", variantId: "" };
      expect(await stockEventsOf(async () => (held = await checkoutOf(1, [{ colour: "Black", quantity: 1 }])))).toEqual([{ type: "stock", rose: false }]);
      const paid = await checkoutOf(2, [{ colour: "Black", quantity: 1 }]);
      const { body, signature } = paidEventFor(paid.sessionId);
      expect(await stockEventsOf(async () => expect((await postTestWebhook(body, signature)).status).toBe(200))).toEqual([{ type: "stock", rose: false }]);
      expect((await orderById(paid.orderId)).status).toBe("processing");
      expect(await stockEventsOf(() => abandonOrder(held.orderId, "Changed my mind", "customer"))).toEqual([{ type: "stock", rose: true }]);
      expect(await stockEventsOf(() => transaction((tx) => moveStock(tx, [{ variantId: held.variantId, delta: 2, reason: "received" }], SYSTEM_ACTOR)))).toEqual([
        { type: "stock", rose: true },
      ]);
    } finally {
      stop();
    }
  });

  it("the running sender mails when a colour is restocked", async () => {
    await startBus();
    const stopJob = startBackInStockNotices(3_600_000);
    try {
      const white = await variantOf("rg35xx-pro", "White");
      await setStock(white.id, 0);
      await requestBackInStock({ variantId: white.id, email: "restocked@example.com" });
      await transaction((tx) => moveStock(tx, [{ variantId: white.id, delta: 4, reason: "received" }], SYSTEM_ACTOR));
      await vi.waitFor(async () => expect(await mailsTo("restocked@example.com")).toHaveLength(1), { timeout: 10_000 });
    } finally {
      await stopJob();
    }
  });

  it("refuses bad input and unknown colours", async () => {
    expect(backInStockSchema.safeParse({ variantId: "nope", email: "a@example.com" }).success).toBe(false);
    const bad = backInStockSchema.safeParse({ variantId: crypto.randomUUID(), email: "not-an-email" });
    expect(bad.success ? null : bad.error.issues[0].message).toBe("Please enter a valid email address.");
    await expect(requestBackInStock({ variantId: crypto.randomUUID(), email: "a@example.com" })).rejects.toBeInstanceOf(UnknownVariantError);
  });
});
