import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as cartAction, loader as cartLoader } from "../../app/routes/shop/cart";
import { loader as cancelLoader } from "../../app/routes/shop/cancel";
import { action as checkoutAction } from "../../app/routes/shop/checkout";
import { invalidateCatalog } from "../../server/cache/catalog";
import { db } from "../../server/db/client";
import { orders } from "../../server/orders/schema";
import { productVariants, products } from "../../server/catalog/schema";
import { stockReservations } from "../../server/inventory/schema";
import { readTestSession } from "../../server/payments/test-provider";
import { buyer, setStock, useCatalogue, variantOf } from "./shop-helpers";
import { answer, call, post } from "./route-calls";
import { testDbKind, useTestDatabase } from "./test-db";

const ONE_MILLION_DOLLARS = 100_000_000;

describe("order limits", () => {
  useTestDatabase();
  useCatalogue();
  let productId = "";
  let variantId = "";

  beforeAll(async () => {
    const [product] = await db()
      .insert(products)
      .values({ slug: "golden-handheld", title: "Golden Handheld", descriptionHtml: "<p>Solid gold.</p>", priceCents: 40_000_000, status: "published" })
      .returning({ id: products.id });
    productId = product.id;
    const [variant] = await db().insert(productVariants).values({ productId, name: "Gold", hex: "#d4af37", stock: 50 }).returning({ id: productVariants.id });
    variantId = variant.id;
  });

  async function setPrice(priceCents: number) {
    await db().update(products).set({ priceCents }).where(eq(products.id, productId));
    invalidateCatalog();
  }

  it("money columns hold a total beyond 32 bits ($22,000,000 stores and reads back exactly)", async () => {
    const [row] = await db()
      .insert(orders)
      .values({
        number: "PR-BIGINT1",
        email: "big@example.com",
        name: "Big Spender",
        shipLine1: "1 Gold Street",
        shipCity: "London",
        shipPostalCode: "N1 1AA",
        shipCountry: "GB",
        status: "cancelled",
        subtotalCents: 22 * ONE_MILLION_DOLLARS,
        totalCents: 22 * ONE_MILLION_DOLLARS,
        currency: "usd",
        paymentProvider: "test",
      })
      .returning({ totalCents: orders.totalCents });
    expect(row.totalCents).toBe(2_200_000_000);
  });

  it("the cart refuses a quantity whose total is above the provider's maximum charge, with the reason", async () => {
    await setPrice(ONE_MILLION_DOLLARS);
    const added = answer(await call(cartAction, post("/cart", { intent: "add", variantId, quantity: "2" })));
    expect(added.status).toBe(409);
    expect(added.body).toMatchObject({ ok: false, message: expect.stringContaining("at most $999,999.99") });
  });

  it("checkout refuses a cart whose prices rose above the maximum since it was filled, and writes nothing", async () => {
    await setPrice(40_000_000);
    const added = answer(await call(cartAction, post("/cart", { intent: "add", variantId, quantity: "2" })));
    expect(added.status).toBe(303);
    const cookie = added.headers.get("Set-Cookie")!.split(";")[0];
    await setPrice(ONE_MILLION_DOLLARS);
    const before = await db().$count(orders);
    const checkedOut = answer(await call(checkoutAction, post("/checkout", { ...buyer(7), line2: "" }, { Cookie: cookie })));
    expect(checkedOut.status).toBe(400);
    expect(checkedOut.body).toMatchObject({ kind: "limit", message: expect.stringContaining("at most $999,999.99") });
    expect(await db().$count(orders)).toBe(before);
  });
});

/** Units of a colour held right now by unpaid checkouts. */
async function heldUnits(variantId: string): Promise<number> {
  const [row] = await db()
    .select({ units: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .where(and(eq(stockReservations.variantId, variantId), isNull(stockReservations.releasedAt), sql`${stockReservations.expiresAt} > now()`));
  return row.units;
}

const cookieOf = (a: { headers: Headers }) => a.headers.get("Set-Cookie")!.split(";")[0];

/** A new visitor adds `quantity` of a colour and submits checkout from `clientIp`, without JavaScript. */
async function checkoutFrom(clientIp: string, variantId: string, quantity: number, n: number) {
  const added = answer(await call(cartAction, post("/cart", { intent: "add", variantId, quantity: String(quantity) })));
  if (added.status !== 303) return { step: "cart", status: added.status, body: added.body };
  const cartCookie = cookieOf(added);
  const checkedOut = answer(await call(checkoutAction, post("/checkout", { ...buyer(n), line2: "" }, { Cookie: cartCookie }), { clientIp }));
  return { step: "checkout", status: checkedOut.status, body: checkedOut.body, cartCookie, headers: checkedOut.headers };
}

describe("stock hoarding", () => {
  useTestDatabase();
  useCatalogue();

  it("the cart refuses an 11th unit of one colour and a 21st item in one order, and says so", async () => {
    const [white, black, orange] = await Promise.all(["White", "Black", "Orange"].map((c) => variantOf("r36s", c)));
    const first = answer(await call(cartAction, post("/cart", { intent: "add", variantId: white.id, quantity: "10" })));
    expect(first.status).toBe(303);
    const cookie = cookieOf(first);
    const eleventh = answer(await call(cartAction, post("/cart", { intent: "add", variantId: white.id, quantity: "1" }, { Cookie: cookie })));
    expect(eleventh).toMatchObject({ status: 409, body: { ok: false, message: "You can buy at most 10 of each colour per order." } });
    await call(cartAction, post("/cart", { intent: "add", variantId: black.id, quantity: "10" }, { Cookie: cookie }));
    const twentyFirst = answer(await call(cartAction, post("/cart", { intent: "add", variantId: orange.id, quantity: "1" }, { Cookie: cookie })));
    expect(twentyFirst).toMatchObject({ status: 409, body: { ok: false, message: "An order can hold at most 20 items." } });
    const page = (await call(cartLoader, new Request("http://localhost:3000/cart", { headers: { Cookie: cookie } }))) as { limits: unknown };
    expect(page.limits).toEqual({ perColour: 10, perOrder: 20 });
  });

  it("a hoarding script holds at most 20 units from one address, and a second shopper still buys", async () => {
    const purple = await variantOf("r36s", "Purple");
    await setStock(purple.id, 40);
    // The script: five fresh carts of 10 units each, every one taken to checkout and never paid.
    const attempts = [];
    for (let i = 0; i < 5; i++) attempts.push(await checkoutFrom("203.0.113.66", purple.id, 10, 200 + i));
    expect(attempts.map((a) => a.status)).toEqual([303, 303, 400, 400, 400]);
    expect(attempts[2].body).toMatchObject({ kind: "limit", message: expect.stringContaining("already holds 20 items in unpaid checkouts") });
    expect(await heldUnits(purple.id)).toBe(20);
    // One cart of everything is refused outright.
    expect((await checkoutFrom("203.0.113.66", purple.id, 40, 210)).status).toBe(409);

    const shopper = await checkoutFrom("198.51.100.9", purple.id, 2, 220);
    expect(shopper.status).toBe(303);
    expect(await heldUnits(purple.id)).toBe(22);
  });

  it.skipIf(testDbKind !== "postgres")(
    "six checkouts of 10 units from one address at once, each of another colour: exactly two hold their units, four are refused (real PostgreSQL only)",
    async () => {
      // Different colours, so the variant locks do not queue them: only the client's lock and the count after it do.
      const colours = await Promise.all(
        [["r36s", "White"], ["r36s", "Black"], ["r36s", "Orange"], ["r36pro", "Blue"], ["r36pro", "Orange"], ["rg35xx-pro", "White"]].map(([slug, name]) => variantOf(slug, name)),
      );
      for (const c of colours) await setStock(c.id, 30);
      const attempts = await Promise.all(colours.map((c, i) => checkoutFrom("203.0.113.77", c.id, 10, 300 + i)));
      expect(attempts.filter((a) => a.status === 303)).toHaveLength(2);
      const refused = attempts.filter((a) => a.status !== 303);
      expect(refused).toHaveLength(4);
      for (const r of refused) expect(r.body).toMatchObject({ kind: "limit", message: expect.stringContaining("already holds") });
      const held = await Promise.all(colours.map((c) => heldUnits(c.id)));
      expect(held.reduce((a, b) => a + b, 0)).toBe(20);
    },
  );

  it("cancelling at the payment page releases the checkout's units at once; a bare or foreign link cancels nothing", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    await setStock(teal.id, 3);
    const started = await checkoutFrom("192.0.2.5", teal.id, 3, 230);
    expect(started.status).toBe(303);
    const sessionId = decodeURIComponent(started.headers!.get("Location")!.split("/pay/test/")[1]);
    const cancelUrl = new URL(readTestSession(sessionId)!.cancelUrl);
    expect(cancelUrl.pathname).toBe("/cancel");
    const order = cancelUrl.searchParams.get("order")!;
    const checkoutCookie = cookieOf(started as { headers: Headers });
    expect(await heldUnits(teal.id)).toBe(3);

    const visit = async (url: string, cookie?: string) =>
      // The loader answers by throwing its redirect.
      (await Promise.resolve()
        .then(() => call(cancelLoader, new Request(url, { headers: cookie ? { Cookie: cookie } : {} })))
        .catch((thrown: unknown) => thrown)) as Response;
    // Someone else following the link (no cookie), or the shopper with another order's id: nothing happens.
    expect((await visit(cancelUrl.toString())).headers.get("Set-Cookie")).toBeNull();
    await visit(`http://localhost:3000/cancel?order=${crypto.randomUUID()}`, `${started.cartCookie}; ${checkoutCookie}`);
    expect(await heldUnits(teal.id)).toBe(3);

    const back = await visit(cancelUrl.toString(), `${started.cartCookie}; ${checkoutCookie}`);
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/cancel");
    expect(back.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    expect(await heldUnits(teal.id)).toBe(0);
    const [row] = await db().select({ status: orders.status, reason: orders.cancelReason }).from(orders).where(eq(orders.id, order));
    expect(row).toEqual({ status: "cancelled", reason: "Cancelled at the payment page" });
    // The cart is still there, and the units can be bought again at once.
    expect((await checkoutFrom("192.0.2.6", teal.id, 3, 231)).status).toBe(303);
  });
});
