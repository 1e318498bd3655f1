import { and, count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { action as checkoutAction, loader as checkoutLoader } from "../../app/routes/shop/checkout";
import { invalidateCatalog } from "../../server/cache/catalog";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { orderItems, orders } from "../../server/orders/schema";
import { markets, productMarketPrices } from "../../server/pricing/schema";
import { signPayload } from "../../server/payments/signature";
import { completedEvent, readTestSession, testWebhookSecret } from "../../server/payments/test-provider";
import { buyer, cartWith, orderById, postTestWebhook, paidEventFor, useCatalogue, variantOf } from "./shop-helpers";
import { answer, call, post } from "./route-calls";
import { useTestDatabase } from "./test-db";
import type { CheckoutQuoteView } from "../../core/checkout-quote";

/**
 * Checkout charges what the page shows (issue 12): the delivery country picks the market, the
 * server prices the cart, the chosen method and the tax; the order stores and the provider charges
 * exactly that, in the market's currency.
 */

const vatIn = (gross: number, bps: number) => Math.round((gross * bps) / (10_000 + bps));

async function orderCount() {
  const [{ n }] = await db().select({ n: count() }).from(orders);
  return n;
}

/** A visitor's cart and the form fields of a shopper delivering to `country`. */
async function shopper(n: number, country: string, lines: { slug: string; colour: string; quantity: number }[]) {
  const variants = await Promise.all(lines.map((l) => variantOf(l.slug, l.colour)));
  const { cookie, cartId } = await cartWith(lines.map((l, i) => ({ variantId: variants[i].id, quantity: l.quantity })));
  const fields = { ...buyer(n), line2: "", country } as Record<string, string>;
  return { cookie, cartId, fields, variants };
}

async function checkout(fields: Record<string, string>, cookie: string, n: number) {
  return answer(await call(checkoutAction, post("/checkout", fields, { Cookie: cookie }), { clientIp: `198.51.100.${n}` }));
}

function sessionOf(location: string | null) {
  return readTestSession(decodeURIComponent(/\/pay\/test\/([^/?]+)/.exec(location ?? "")?.[1] ?? ""))!;
}

describe("checkout in the delivery country's market", () => {
  useTestDatabase();
  useCatalogue();
  afterEach(async () => {
    await db().update(markets).set({ enabled: true });
    await db().delete(productMarketPrices);
    invalidateCatalog();
  });

  it("UK, Next Day: a tampered method price, shipping, total and currency change nothing; the order and the session are in pounds with the VAT line", async () => {
    const { cookie, fields, variants } = await shopper(1, "GB", [{ slug: "r36s", colour: "Purple", quantity: 1 }]);
    const tampered = { ...fields, shippingMethod: "uk-next-day", currency: "USD", shippingCents: "0", shippingPrice: "0", price: "1", total: "1", totalCents: "1" };
    const started = await checkout(tampered, cookie, 1);
    expect(started.status).toBe(303);
    const session = sessionOf(started.headers.get("Location"));
    // £39.99 (R36S $49.99 × 0.79, rounded up to .99) + Next Day £12.99; VAT 20% included in both.
    const vat = { name: "VAT", rateBps: 2000, amountCents: vatIn(3999, 2000) + vatIn(1299, 2000), included: true };
    expect(vat.amountCents).toBe(667 + 217);
    expect(session).toMatchObject({ amountCents: 5298, currency: "gbp", shipping: { name: "Next Day", amountCents: 1299 }, taxLines: [vat] });
    const order = await orderById(session.orderId);
    expect(order).toMatchObject({
      currency: "gbp",
      marketId: "uk",
      rateMicros: 790_000,
      subtotalCents: 3999,
      shippingCents: 1299,
      totalCents: 5298,
      shippingMethodId: "uk-next-day",
      shippingMethodName: "Next Day",
      taxLines: [vat],
    });
    expect(order.deliveryFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.deliveryTo! >= order.deliveryFrom!).toBe(true);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toMatchObject([{ variantId: variants[0].id, unitPriceCents: 3999, quantity: 1 }]);

    // Paid in dollars (the same figure): never marked paid.
    const dollars = JSON.stringify(completedEvent({ ...session, currency: "usd" }, { paymentId: "pi_test_usd", brand: "visa", last4: "4242" }));
    expect((await postTestWebhook(dollars, signPayload(dollars, testWebhookSecret()))).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ status: "pending", paidAt: null });
    // The currency stored is the currency charged: the provider's paid event in pounds marks it paid.
    const paid = paidEventFor(session.id);
    expect((await postTestWebhook(paid.body, paid.signature)).status).toBe(200);
    expect(await orderById(order.id)).toMatchObject({ status: "processing", totalCents: 5298, currency: "gbp" });
  });

  it("a method of another zone, or one that does not exist, is a 400 next to the delivery options; nothing is written", async () => {
    const { cookie, fields } = await shopper(2, "GB", [{ slug: "r36s", colour: "Black", quantity: 1 }]);
    const before = await orderCount();
    for (const method of ["us-standard", "free-teleport"]) {
      const refused = await checkout({ ...fields, shippingMethod: method }, cookie, 2);
      expect(refused).toMatchObject({
        status: 400,
        body: { kind: "invalid", fieldErrors: { shippingMethod: "Please choose one of the delivery options shown for your country." } },
      });
      // The page answers with the options of the country asked for, the zone's first chosen.
      const quote = (refused.body as { priced: { quote: CheckoutQuoteView } }).priced.quote;
      expect(quote).toMatchObject({ country: "GB", currency: "GBP", methodId: "uk-standard" });
      expect(quote.options.map((o) => o.name)).toEqual(["Standard", "Express", "Next Day"]);
    }
    expect(await orderCount()).toBe(before);
  });

  it("an unsupported country, or one whose market is switched off, is a 400 next to the country; nothing is written", async () => {
    const { cookie, fields } = await shopper(3, "CA", [{ slug: "r36s", colour: "Black", quantity: 1 }]);
    const before = await orderCount();
    // Antarctica: no address there, so not in the list.
    const antarctica = await checkout({ ...fields, country: "AQ" }, cookie, 3);
    expect(antarctica).toMatchObject({ status: 400, body: { kind: "invalid", fieldErrors: { country: "Please choose a country from the list." } } });
    // Listed, but a destination the shop does not ship to (server/pricing/defaults.ts, UNSERVED_COUNTRIES).
    const russia = await checkout({ ...fields, country: "RU" }, cookie, 3);
    expect(russia).toMatchObject({ status: 400, body: { kind: "invalid", fieldErrors: { country: "We do not deliver to Russia at the moment." } } });
    await db().update(markets).set({ enabled: false }).where(eq(markets.id, "row"));
    invalidateCatalog();
    const canada = await checkout(fields, cookie, 3);
    expect(canada).toMatchObject({ status: 400, body: { kind: "invalid", fieldErrors: { country: "We do not deliver to Canada at the moment." } } });
    expect(await orderCount()).toBe(before);
    // The page says so too, and offers nothing to pay.
    const page = (await call(checkoutLoader, new Request("http://localhost:3000/checkout?country=CA", { headers: { Cookie: cookie } }))) as {
      quote: unknown;
      countryError: string;
    };
    expect(page).toMatchObject({ quote: null, countryError: "We do not deliver to Canada at the moment." });
  });

  it("Germany: euros, 19% VAT rounded per line and on shipping, and the parts add up to the VAT line", async () => {
    const lines = [
      { slug: "r36pro", colour: "Black", quantity: 1 },
      { slug: "r36s", colour: "Orange", quantity: 2 },
    ];
    const { cartId } = await shopper(4, "DE", lines);
    const started = await startCheckout({ cartId, userId: null, details: { ...buyer(4), country: "DE", shippingMethod: "eu-express" } });
    const order = await orderById(started.orderId);
    // €55.99 + 2 × €45.99 = €147.97; Express €19.99 (no threshold).
    const parts = [vatIn(5599, 1900), vatIn(2 * 4599, 1900), vatIn(1999, 1900)];
    expect(parts).toEqual([894, 1469, 319]);
    expect(order).toMatchObject({
      currency: "eur",
      marketId: "eu",
      subtotalCents: 14797,
      shippingCents: 1999,
      totalCents: 14797 + 1999,
      shippingMethodName: "Express",
      taxLines: [{ name: "VAT", rateBps: 1900, amountCents: parts.reduce((a, b) => a + b), included: true }],
    });
    // The same euros to the Netherlands carry 21%.
    const nl = await startCheckout({ cartId, userId: null, details: { ...buyer(5), country: "NL", shippingMethod: "eu-express" }, supersedeOrderId: started.orderId });
    expect((await orderById(nl.orderId)).taxLines).toEqual([
      { name: "VAT", rateBps: 2100, amountCents: vatIn(5599, 2100) + vatIn(2 * 4599, 2100) + vatIn(1999, 2100), included: true },
    ]);
  });

  it("free shipping from exactly the threshold: £40.00 ships free, £39.99 pays £3.99 Standard", async () => {
    const { cartId, variants } = await shopper(6, "GB", [{ slug: "r36s", colour: "Purple", quantity: 1 }]);
    const productId = variants[0].productId;
    let previous: string | null = null;
    for (const [price, shipping] of [
      [4000, 0],
      [3999, 399],
    ] as const) {
      await db().delete(productMarketPrices);
      await db().insert(productMarketPrices).values({ productId, marketId: "uk", priceMinor: price });
      invalidateCatalog();
      const started = await startCheckout({ cartId, userId: null, details: { ...buyer(6), country: "GB" }, supersedeOrderId: previous });
      previous = started.orderId;
      expect(await orderById(started.orderId)).toMatchObject({ subtotalCents: price, shippingCents: shipping, totalCents: price + shipping, shippingMethodName: "Standard" });
      expect(readTestSession(started.sessionId)).toMatchObject({ amountCents: price + shipping, shipping: { name: "Standard", amountCents: shipping } });
    }
  });

  it("United States: $49.99 pays $12.99 Standard and shows 'Sales tax $0.00'; $79.99 ships free", async () => {
    const small = await shopper(7, "US", [{ slug: "r36s", colour: "Black", quantity: 1 }]);
    const a = await startCheckout({ cartId: small.cartId, userId: null, details: buyer(7) });
    expect(await orderById(a.orderId)).toMatchObject({
      currency: "usd",
      marketId: "us",
      rateMicros: 1_000_000,
      subtotalCents: 4999,
      shippingCents: 1299,
      totalCents: 6298,
      taxLines: [{ name: "Sales tax", rateBps: 0, amountCents: 0, included: false }],
    });
    const big = await shopper(8, "US", [{ slug: "rg35xx-pro", colour: "Teal", quantity: 1 }]);
    const b = await startCheckout({ cartId: big.cartId, userId: null, details: buyer(8) });
    expect(await orderById(b.orderId)).toMatchObject({ subtotalCents: 7999, shippingCents: 0, totalCents: 7999 });
  });

  it("the page's summary follows the country and method asked for, and the no-JavaScript update keeps what was typed", async () => {
    const { cookie, fields } = await shopper(9, "GB", [{ slug: "r36s", colour: "White", quantity: 1 }]);
    const page = async (query: string) =>
      ((await call(checkoutLoader, new Request(`http://localhost:3000/checkout${query}`, { headers: { Cookie: cookie } }))) as { quote: CheckoutQuoteView }).quote;
    expect(await page("?country=DE&method=eu-express")).toMatchObject({
      currency: "EUR",
      methodId: "eu-express",
      subtotalCents: 4599,
      shippingCents: 1999,
      totalCents: 6598,
      taxLines: [{ name: "VAT", rateBps: 1900, included: true }],
    });
    // A method of the previous country falls back to the new zone's first.
    expect(await page("?country=US&method=eu-express")).toMatchObject({ currency: "USD", methodId: "us-standard", shippingCents: 1299, totalCents: 6298 });
    const updated = await checkout({ ...fields, country: "FR", shippingMethod: "uk-next-day", intent: "quote" }, cookie, 9);
    expect(updated).toMatchObject({
      status: 200,
      body: { kind: "quote", values: { email: "buyer9@example.com", country: "FR" }, priced: { quote: { country: "FR", currency: "EUR", methodId: "eu-standard" } } },
    });
    expect(await db().select({ id: orders.id }).from(orders).where(and(eq(orders.email, "buyer9@example.com")))).toHaveLength(0);
  });
});
