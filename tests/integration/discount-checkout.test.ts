import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as checkoutAction, loader as checkoutLoader } from "../../app/routes/shop/checkout";
import { loader as cancelLoader } from "../../app/routes/shop/cancel";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { deleteDiscount, DiscountRefusedError, listDiscounts, orderDiscount, saveDiscount, setCartDiscountCode, setDiscountActive } from "../../server/discounts";
import { abandonOrder } from "../../server/orders/place";
import { discountCodes, discountUses } from "../../server/discounts/schema";
import { outboxMail } from "../../server/mail/schema";
import { getOrderSummary } from "../../server/orders/queries";
import { readTestSession } from "../../server/payments/test-provider";
import { seedPricing } from "../../server/pricing/store";
import { discountFormSchema } from "../../core/discount-form";
import { buyer, cartWith, orderById, paidEventFor, postTestWebhook, useCatalogue, variantOf } from "./shop-helpers";
import { answer, call, post } from "./route-calls";
import { testDbKind, useTestDatabase } from "./test-db";

const actor = { id: "admin-1", email: "boss@example.com" };

async function createCode(fields: Record<string, unknown>) {
  return saveDiscount(null, discountFormSchema.parse({ title: "Checkout code", kind: "percentage", percentOff: "10", ...fields }), actor);
}

/** A visitor cart with one unit of a colour and the code typed into it. */
async function cartWithCode(slug: string, colour: string, code: string, quantity = 1) {
  const variant = await variantOf(slug, colour);
  const cart = await cartWith([{ variantId: variant.id, quantity }]);
  await setCartDiscountCode(cart.cartId, code);
  return cart;
}

async function pay(sessionId: string) {
  const paid = paidEventFor(sessionId);
  expect((await postTestWebhook(paid.body, paid.signature)).ok).toBe(true);
}

describe("discount codes at checkout: held with the session, counted with the payment, exactly once", () => {
  useTestDatabase();
  useCatalogue();
  beforeAll(() => db().transaction(seedPricing));

  it("the session is opened for the discounted total; paying counts the use, and the order keeps code and amount", async () => {
    await createCode({ code: "SPRING10" });
    const { cartId } = await cartWithCode("r36pro", "Blue", "spring10", 2);
    const started = await startCheckout({ cartId, userId: null, details: buyer(41) });
    // 2 × $59.99 = $119.98; 10% = $12.00 (11.998 rounded); total $107.98.
    expect(readTestSession(started.sessionId)).toMatchObject({ amountCents: 10798, discount: { code: "SPRING10", amountCents: 1200 } });
    expect(await orderById(started.orderId)).toMatchObject({ subtotalCents: 11998, totalCents: 10798 });
    expect(await orderDiscount(started.orderId)).toMatchObject({ code: "SPRING10", label: "-10%", amountMinor: 1200, status: "held" });
    expect((await listDiscounts("SPRING10"))[0].uses).toBe(0);

    await pay(started.sessionId);
    expect(await orderById(started.orderId)).toMatchObject({ status: "processing", totalCents: 10798 });
    expect(await orderDiscount(started.orderId)).toMatchObject({ status: "counted" });
    expect((await listDiscounts("SPRING10"))[0]).toMatchObject({ uses: 1, revenueUsdCents: 10798, convertedFrom: [] });
    // The same event again changes nothing.
    await pay(started.sessionId);
    expect((await listDiscounts("SPRING10"))[0].uses).toBe(1);

    // A UK order with the same code: the list's revenue adds it in US cents at the rate it was charged at.
    const uk = await cartWithCode("r36s", "White", "SPRING10");
    const ukStarted = await startCheckout({ cartId: uk.cartId, userId: null, details: { ...buyer(44), country: "GB", postalCode: "N1 1AA", city: "London" } });
    await pay(ukStarted.sessionId);
    const ukOrder = await orderById(ukStarted.orderId);
    expect(ukOrder).toMatchObject({ currency: "gbp", status: "processing" });
    const ukInUsd = Math.round((ukOrder!.totalCents * 1_000_000) / ukOrder!.rateMicros);
    expect((await listDiscounts("SPRING10"))[0]).toMatchObject({ uses: 2, revenueUsdCents: 10798 + ukInUsd, convertedFrom: ["GBP"] });
    const mails = await db().select().from(outboxMail).where(eq(outboxMail.to, "buyer41@example.com"));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Subtotal: $119.98\nDiscount (SPRING10 -10%): -$12.00\nShipping (Standard): Free\nSales tax: $0.00\nTotal: $107.98\nDelivery: Standard, estimated delivery");
    expect((await getOrderSummary(started.orderId))!.discount).toEqual({ code: "SPRING10", label: "-10%", amountCents: 1200, freeShipping: false });
  });

  it("a code deactivated while the shopper is on the payment page: the payment is honoured at the amount shown and counted", async () => {
    const saved = await createCode({ code: "FLASH20", percentOff: "20", usageLimit: "1" });
    const { cartId } = await cartWithCode("r36s", "Purple", "FLASH20");
    const started = await startCheckout({ cartId, userId: null, details: buyer(42) });
    // $39.99 after 20% off, plus US Standard shipping ($12.99 below $75).
    expect(readTestSession(started.sessionId)!.amountCents).toBe(3999 + 1299);
    await setDiscountActive(saved.id, false, actor);
    await pay(started.sessionId);
    expect(await orderById(started.orderId)).toMatchObject({ status: "processing", totalCents: 3999 + 1299 });
    expect((await listDiscounts("FLASH20"))[0]).toMatchObject({ status: "deactivated", uses: 1 });
  });

  it("a code that expires while the shopper is on the payment page: the payment is honoured at the amount shown and counted; a new checkout is refused", async () => {
    const saved = await createCode({ code: "LASTDAY", percentOff: "25", endsAt: new Date(Date.now() + 24 * 3_600_000).toISOString().slice(0, 16) });
    const { cartId } = await cartWithCode("r36pro", "Orange", "lastday", 2);
    const started = await startCheckout({ cartId, userId: null, details: buyer(48) });
    // 2 × $59.99 = $119.98; 25% = $29.995 → $30.00; $89.98 is above the $75 free-shipping threshold.
    expect(readTestSession(started.sessionId)).toMatchObject({ amountCents: 8998, discount: { code: "LASTDAY", amountCents: 3000 } });

    // The end time passes while the payment page is open.
    await db().update(discountCodes).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(discountCodes.id, saved.id));
    const late = await cartWithCode("r36pro", "Orange", "LASTDAY", 2);
    const refused = await startCheckout({ cartId: late.cartId, userId: null, details: buyer(49) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscountRefusedError);
    expect((refused as Error).message).toBe("LASTDAY has expired.");

    await pay(started.sessionId);
    expect(await orderById(started.orderId)).toMatchObject({ status: "processing", subtotalCents: 11998, totalCents: 8998 });
    expect(await orderDiscount(started.orderId)).toMatchObject({ code: "LASTDAY", amountMinor: 3000, status: "counted" });
    expect((await getOrderSummary(started.orderId))!.discount).toEqual({ code: "LASTDAY", label: "-25%", amountCents: 3000, freeShipping: false });
    expect((await listDiscounts("LASTDAY"))[0]).toMatchObject({ status: "expired", uses: 1, revenueUsdCents: 8998 });
  });

  it("cancelling at the payment page gives the held use back at once: another shopper can then have the last use", async () => {
    await createCode({ code: "LASTUSE", usageLimit: "1" });
    const first = await cartWithCode("rg35xx-pro", "White", "LASTUSE");
    const headers = { Cookie: first.cookie, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html" };
    const started = answer(await call(checkoutAction, post("/checkout", { ...buyer(50), line2: "" }, headers), { clientIp: "203.0.113.50" }));
    expect(started.status).toBe(303);
    const sessionId = decodeURIComponent(/\/pay\/test\/([^/?]+)/.exec(started.headers.get("location") ?? "")?.[1] ?? "");
    const session = readTestSession(sessionId)!;
    expect(session.discount).toMatchObject({ code: "LASTUSE" });
    const cancelUrl = session.cancelUrl;
    const orderId = new URL(cancelUrl).searchParams.get("order")!;
    expect(await orderDiscount(orderId)).toMatchObject({ status: "held" });

    // While it is held, the second shopper is told before paying.
    const second = await cartWithCode("rg35xx-pro", "White", "lastuse");
    const blocked = await startCheckout({ cartId: second.cartId, userId: null, details: buyer(51) }).catch((e: unknown) => e);
    expect((blocked as Error).message).toBe("LASTUSE has been used up.");

    // The first shopper follows the payment page's cancel link, with the cookie their checkout set.
    const checkoutCookie = started.headers.get("Set-Cookie")!.split(";")[0];
    const cancelled = (await Promise.resolve()
      .then(() => call(cancelLoader, new Request(cancelUrl, { headers: { Cookie: `${first.cookie}; ${checkoutCookie}` } })))
      .catch((thrown: unknown) => thrown)) as Response;
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("Location")).toBe("/cancel");
    expect(await orderById(orderId)).toMatchObject({ status: "cancelled", cancelReason: "Cancelled at the payment page" });
    expect(await orderDiscount(orderId)).toMatchObject({ status: "released" });

    // At once (no sweep, no expiry): the second shopper gets the last use and pays it.
    const won = await startCheckout({ cartId: second.cartId, userId: null, details: buyer(51) });
    // 10% of $79.99 = $7.999 → $8.00.
    expect(readTestSession(won.sessionId)).toMatchObject({ discount: { code: "LASTUSE", amountCents: 800 } });
    await pay(won.sessionId);
    expect((await listDiscounts("LASTUSE"))[0]).toMatchObject({ status: "used up", uses: 1 });
  });

  it("a code whose only use is a cancelled checkout is deactivated, not deleted: that checkout paid late keeps its discount", async () => {
    const saved = await createCode({ code: "GONE10" });
    const { cartId } = await cartWithCode("r36s", "Black", "GONE10", 2);
    const started = await startCheckout({ cartId, userId: null, details: buyer(52) });
    await abandonOrder(started.orderId, "Cancelled at the payment page", "customer");
    expect(await orderDiscount(started.orderId)).toMatchObject({ status: "released" });

    expect(await deleteDiscount(saved.id, actor)).toBe("deactivated");
    // The payment page was still open in another tab: the payment arrives and is honoured.
    await pay(started.sessionId);
    // 2 × $49.99 = $99.98; 10% = $10.00.
    expect(await orderById(started.orderId)).toMatchObject({ status: "processing", totalCents: 8998 });
    expect(await orderDiscount(started.orderId)).toMatchObject({ code: "GONE10", amountMinor: 1000, status: "counted" });
    expect((await listDiscounts("GONE10"))[0]).toMatchObject({ status: "deactivated", uses: 1 });
  });

  it("a replaced or expired checkout gives its held use back; a refused code stops checkout before any session", async () => {
    await createCode({ code: "ONLYONE", usageLimit: "1" });
    const { cartId } = await cartWithCode("rg35xx-pro", "Teal", "ONLYONE");
    const first = await startCheckout({ cartId, userId: null, details: buyer(43) });
    // The same shopper starting again replaces their checkout: their own hold does not block them.
    const second = await startCheckout({ cartId, userId: null, details: buyer(43), supersedeOrderId: first.orderId });
    expect(await orderDiscount(first.orderId)).toMatchObject({ status: "released" });
    expect(await orderDiscount(second.orderId)).toMatchObject({ status: "held" });
    // Someone else is told before paying.
    const other = await cartWithCode("rg35xx-pro", "Teal", "onlyone");
    const refused = await startCheckout({ cartId: other.cartId, userId: null, details: buyer(44) }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscountRefusedError);
    expect((refused as Error).message).toBe("ONLYONE has been used up.");
    // Once the held checkout lapses, the use is free again.
    await db().update(discountUses).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(discountUses.orderId, second.orderId));
    const third = await startCheckout({ cartId: other.cartId, userId: null, details: buyer(44) });
    expect(await orderDiscount(third.orderId)).toMatchObject({ code: "ONLYONE", status: "held" });
  });

  it("one use per customer: the same email is refused at checkout, in any case", async () => {
    await createCode({ code: "WELCOME", oncePerCustomer: "on" });
    const a = await cartWithCode("r36s", "Orange", "WELCOME");
    const started = await startCheckout({ cartId: a.cartId, userId: null, details: buyer(45) });
    await pay(started.sessionId);
    const b = await cartWithCode("r36s", "Orange", "WELCOME");
    const again = await startCheckout({ cartId: b.cartId, userId: null, details: { ...buyer(45), email: "BUYER45@example.com" } }).catch((e: unknown) => e);
    expect((again as Error).message).toBe("WELCOME has already been used with this email address.");
    expect(await startCheckout({ cartId: b.cartId, userId: null, details: buyer(46) })).toMatchObject({ sessionId: expect.any(String) });
  });

  it("the checkout form: apply and remove work without JavaScript, every refusal is a 400 in words, and a tampered discount changes nothing", async () => {
    await createCode({ code: "TAMPER5", percentOff: "5" });
    const variant = await variantOf("r36s", "Black");
    const { cookie } = await cartWith([{ variantId: variant.id, quantity: 1 }]);
    const headers = { Cookie: cookie, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html" };

    const unknown = answer(await call(checkoutAction, post("/checkout", { intent: "apply-discount", code: "NOPE" }, headers)));
    expect(unknown).toMatchObject({ status: 400, body: { kind: "discount", message: "We could not find the discount code NOPE." } });
    const empty = answer(await call(checkoutAction, post("/checkout", { intent: "apply-discount", code: "  " }, headers)));
    expect(empty).toMatchObject({ status: 400, body: { kind: "discount", message: "Enter a discount code" } });

    const applied = answer(await call(checkoutAction, post("/checkout", { intent: "apply-discount", code: "tamper5" }, headers)));
    expect(applied.status).toBe(303);
    const page = (await call(checkoutLoader, new Request("http://localhost:3000/checkout", { headers: { Cookie: cookie } }))) as {
      discount: unknown;
      subtotalCents: number;
    };
    // $49.99 × 5% = $2.4995 → $2.50.
    expect(page.discount).toEqual({ code: "TAMPER5", applied: true, percentOff: 5, amountCents: 250, freeShipping: false, totalCents: 4749, currency: "USD" });

    // Whatever the form claims about the discount, the server prices it.
    const details = { ...buyer(47), line2: "" } as Record<string, string>;
    const tampered = { ...details, discount: "4999", discountCents: "4999", amountOff: "4999", percentOff: "100", code: "OTHER", total: "1" };
    const started = answer(await call(checkoutAction, post("/checkout", tampered, headers), { clientIp: "203.0.113.47" }));
    expect(started.status).toBe(303);
    const sessionId = decodeURIComponent(/\/pay\/test\/([^/?]+)/.exec(started.headers.get("location") ?? "")?.[1] ?? "");
    // $47.49 and US Standard shipping ($12.99: the discounted subtotal is below $75).
    expect(readTestSession(sessionId)).toMatchObject({ amountCents: 4749 + 1299, discount: { code: "TAMPER5", amountCents: 250 } });

    const removed = answer(await call(checkoutAction, post("/checkout", { intent: "remove-discount" }, headers)));
    expect(removed.status).toBe(303);
    const after = (await call(checkoutLoader, new Request("http://localhost:3000/checkout", { headers: { Cookie: cookie } }))) as { discount: unknown };
    expect(after.discount).toBeNull();
  });

  it.skipIf(testDbKind !== "postgres")(
    "20 concurrent checkouts for a code with one use left: exactly one session carries the discount and pays; 19 are told it has been used up (real PostgreSQL only)",
    async () => {
      await createCode({ code: "RACE1", usageLimit: "1" });
      const carts = [];
      for (let i = 0; i < 20; i++) carts.push(await cartWithCode("r36pro", "White", "RACE1"));
      const results = await Promise.allSettled(carts.map((c, i) => startCheckout({ cartId: c.cartId, userId: null, details: buyer(300 + i) })));
      const winners = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      const losers = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error] : []));
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(19);
      for (const e of losers) {
        expect(e).toBeInstanceOf(DiscountRefusedError);
        expect(e.message).toBe("RACE1 has been used up.");
      }
      // Nothing of the losers was written: no order holds units or a use.
      const held = await db().select().from(discountUses).where(eq(discountUses.code, "RACE1"));
      expect(held).toHaveLength(1);
      expect(readTestSession(winners[0].sessionId)).toMatchObject({ amountCents: 5399 + 1299, discount: { code: "RACE1", amountCents: 600 } });
      await pay(winners[0].sessionId);
      expect((await listDiscounts("RACE1"))[0]).toMatchObject({ status: "used up", uses: 1 });
    },
  );
});
