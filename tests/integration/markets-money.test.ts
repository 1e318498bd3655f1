import { count, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import AccountOrders, { loader as accountOrdersLoader } from "../../app/routes/account/orders";
import { action as checkoutAction, loader as checkoutLoader } from "../../app/routes/shop/checkout";
import { listOrdersForUser } from "../../server/orders/customer-orders";
import { user } from "../../server/auth/schema";
import { invalidateCatalog } from "../../server/cache/catalog";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { getAdminOrder } from "../../server/orders/admin";
import { refundOrder, RefundRefusedError } from "../../server/orders/refunds";
import { orderEvents, orders } from "../../server/orders/schema";
import { testProviderRefunds } from "../../server/payments/schema";
import { readTestSession } from "../../server/payments/test-provider";
import { taxRates } from "../../server/pricing/schema";
import type { CheckoutQuoteView } from "../../core/checkout-quote";
import { createCustomer, lastMailTo, shopRequest, signInCookie } from "./auth-helpers";
import { answer, call, post } from "./route-calls";
import { buyer, cartWith, orderById, paidEventFor, postTestWebhook, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/**
 * Issue 12's remaining gaps: a US address names its state and that state's sales tax applies; Rest
 * of world is every other country; an order's amounts read in its own currency everywhere (the
 * account's list, refunds to the provider and on the timeline).
 */

const admin = { id: "markets-money-admin", email: "markets.money@pocketretro.example" };

async function orderCount() {
  const [{ n }] = await db().select({ n: count() }).from(orders);
  return n;
}

/** A visitor with one R36S in the cart. */
async function visitor() {
  const black = await variantOf("r36s", "Black");
  return cartWith([{ variantId: black.id, quantity: 1 }]);
}

async function checkout(fields: Record<string, string>, cookie: string, n: number) {
  return answer(await call(checkoutAction, post("/checkout", fields, { Cookie: cookie }), { clientIp: `198.51.100.${n}` }));
}

async function page(query: string, cookie: string) {
  return (await call(checkoutLoader, new Request(`http://localhost:3000/checkout${query}`, { headers: { Cookie: cookie } }))) as {
    quote: CheckoutQuoteView | null;
    countryError: string | null;
  };
}

function sessionOf(location: string | null) {
  return readTestSession(decodeURIComponent(/\/pay\/test\/([^/?]+)/.exec(location ?? "")?.[1] ?? ""))!;
}

async function pay(sessionId: string) {
  const paid = paidEventFor(sessionId);
  expect((await postTestWebhook(paid.body, paid.signature)).status).toBe(200);
}

describe("markets: US states, rest of world, and amounts in the order's currency", () => {
  useTestDatabase();
  useCatalogue();
  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Markets Money", email: admin.email, role: "owner" });
  });
  afterEach(async () => {
    await db().delete(taxRates).where(eq(taxRates.country, "US"));
    invalidateCatalog();
  });

  it("a US order to a state with a sales-tax rate gets its tax line, one to a state without gets none; the state is stored and printed", async () => {
    // The merchant has nexus in California only (shipping untaxed).
    await db().insert(taxRates).values({ country: "US", region: "CA", name: "Sales tax", rateBps: 725, taxShipping: false });
    invalidateCatalog();
    const ca = await visitor();
    // The page prices the state as the shopper picks it: 7.25% of $49.99 = $3.624 → $3.62.
    expect((await page("?country=US&region=CA", ca.cookie)).quote).toMatchObject({
      region: "CA",
      taxLines: [{ name: "Sales tax", rateBps: 725, amountCents: 362, included: false }],
      totalCents: 4999 + 362 + 1299,
    });
    expect((await page("?country=US&region=NY", ca.cookie)).quote).toMatchObject({ region: "NY", taxLines: [{ name: "Sales tax", rateBps: 0, amountCents: 0 }], totalCents: 4999 + 1299 });

    const fields = { ...buyer(1), line2: "", city: "Los Angeles", region: "CA", postalCode: "90012" };
    const started = await checkout(fields, ca.cookie, 1);
    expect(started.status).toBe(303);
    const session = sessionOf(started.headers.get("Location"));
    expect(session).toMatchObject({ amountCents: 6660, taxLines: [{ name: "Sales tax", rateBps: 725, amountCents: 362, included: false }] });
    const order = await orderById(session.orderId);
    expect(order).toMatchObject({ shipRegion: "CA", shipCountry: "US", totalCents: 6660, taxLines: [{ name: "Sales tax", rateBps: 725, amountCents: 362, included: false }] });
    await pay(session.id);
    // The confirmation and the back office print the state as a US address does.
    expect((await lastMailTo("buyer1@example.com", order.number)).text).toContain("Los Angeles, CA 90012");
    expect((await getAdminOrder(order.id))!.shipping).toMatchObject({ city: "Los Angeles", region: "CA", postalCode: "90012", country: "US" });

    // New York: no rate configured, so "Sales tax $0.00".
    const ny = await visitor();
    const nyStarted = await checkout({ ...buyer(2), line2: "", city: "New York", region: "NY", postalCode: "10001" }, ny.cookie, 2);
    expect(nyStarted.status).toBe(303);
    const nyOrder = await orderById(sessionOf(nyStarted.headers.get("Location")).orderId);
    expect(nyOrder).toMatchObject({ shipRegion: "NY", totalCents: 4999 + 1299, taxLines: [{ name: "Sales tax", rateBps: 0, amountCents: 0, included: false }] });
  });

  it("a US address without a state, or with something that is not one, is a 400 next to State; nothing is written", async () => {
    const { cookie } = await visitor();
    const before = await orderCount();
    for (const region of ["", "ZZ", "California", "ON"]) {
      const refused = await checkout({ ...buyer(3), line2: "", region }, cookie, 3);
      expect(refused, region).toMatchObject({ status: 400, body: { kind: "invalid", fieldErrors: { region: "Please choose a state." } } });
      // Said with the other fields' messages at once.
      const alsoNameless = await checkout({ ...buyer(3), line2: "", region, name: "" }, cookie, 3);
      expect(alsoNameless.body).toMatchObject({ fieldErrors: { region: "Please choose a state.", name: "Please enter your full name." } });
    }
    expect(await orderCount()).toBe(before);
  });

  it("Rest of world is every other country: Brazil pays in dollars at the rest-of-world rates with no tax line; its region is free text", async () => {
    const { cookie } = await visitor();
    expect((await page("?country=BR", cookie)).quote).toMatchObject({ currency: "USD", marketName: "Rest of world", methodId: "row-standard", shippingCents: 1999, taxLines: [] });
    const started = await checkout({ ...buyer(4), line2: "", city: "São Paulo", region: "SP", postalCode: "01310-100", country: "BR" }, cookie, 4);
    expect(started.status).toBe(303);
    const order = await orderById(sessionOf(started.headers.get("Location")).orderId);
    expect(order).toMatchObject({ currency: "usd", marketId: "row", shipCountry: "BR", shipRegion: "SP", shippingCents: 1999, totalCents: 4999 + 1999, taxLines: [] });
  });

  it("the account's order list shows a GBP order's total in pounds", async () => {
    await createCustomer("pounds@example.com");
    const cookie = await signInCookie("pounds@example.com");
    const [{ id: userId }] = await db().select({ id: user.id }).from(user).where(eq(user.email, "pounds@example.com"));
    const { cartId } = await visitor();
    const started = await startCheckout({ cartId, userId, details: { ...buyer(5), email: "pounds@example.com", country: "GB", region: undefined, shippingMethod: "uk-next-day" } });
    await pay(started.sessionId);

    expect(await listOrdersForUser(userId)).toMatchObject([{ number: started.orderNumber, totalCents: 5298, currency: "gbp" }]);
    const loaded = (await call(accountOrdersLoader, shopRequest("/account", { cookie }))) as Awaited<ReturnType<typeof accountOrdersLoader>>;
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, createElement(AccountOrders as never, { loaderData: loaded })));
    expect(html).toContain("£52.98");
    expect(html).not.toContain("$52.98");
  });

  it("a partial refund of a GBP order goes to the provider in pence and reads in pounds; the rest is offered in pounds", async () => {
    const { cartId } = await visitor();
    const started = await startCheckout({ cartId, userId: null, details: { ...buyer(6), country: "GB", region: undefined, shippingMethod: "uk-next-day" } });
    await pay(started.sessionId);
    const paid = await orderById(started.orderId);
    expect(paid).toMatchObject({ status: "processing", currency: "gbp", totalCents: 5298 });

    const outcome = await refundOrder(started.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 1000, reason: "Late delivery" }, admin);
    expect(outcome).toMatchObject({ status: "succeeded", amountCents: 1000 });
    // The provider's books: 1000 minor units of the payment, which was taken in pounds.
    const [ledger] = await db().select().from(testProviderRefunds).where(eq(testProviderRefunds.id, outcome.providerRefundId!));
    expect(ledger).toMatchObject({ paymentId: paid.paymentIntentId, amountCents: 1000 });
    const notes = (await db().select().from(orderEvents).where(eq(orderEvents.orderId, started.orderId))).map((e) => e.note ?? "");
    expect(notes).toContainEqual(expect.stringMatching(/^Refunded £10\.00 \(re_test_\w+\)\. Reason: Late delivery$/));
    expect((await lastMailTo("buyer6@example.com", "refund")).text).toContain("We have refunded £10.00 on order");
    expect(await getAdminOrder(started.orderId)).toMatchObject({ currency: "gbp", refunds: [{ amountCents: 1000, status: "succeeded" }] });
    // More than is left: refused with what is left, in pounds.
    const over = await refundOrder(started.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 5000, reason: "Too much" }, admin).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(RefundRefusedError);
    expect((over as Error).message).toBe("Only £42.98 is left to refund on this order.");
  });
});
