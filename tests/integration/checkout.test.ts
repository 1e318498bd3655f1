import { and, eq } from "drizzle-orm";
import crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { action as cartAction } from "../../app/routes/shop/cart";
import { action as checkoutAction } from "../../app/routes/shop/checkout";
import { loader as successLoader } from "../../app/routes/shop/checkout-success";
import { listOrdersForUser } from "../../server/orders/customer-orders";
import { orderLines, orderSummaryFrom } from "../../server/orders/queries";
import { afterSignIn } from "../../server/auth/after-sign-in";
import { countItems, getCartForRequest, readCart, visitorCartIdFromRequest } from "../../server/cart";
import { OutOfStockError, startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { orderEvents, orderItems, orders } from "../../server/orders/schema";
import { outboxMail } from "../../server/mail/schema";
import { stockReservations } from "../../server/inventory/schema";
import { user } from "../../server/auth/schema";
import { readTestSession, payTestSession } from "../../server/payments/test-provider";
import { buyer, cartWith, orderById, postTestWebhook, setStock, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { answer, call, post } from "./route-calls";
import { useTestDatabase } from "./test-db";

const inProcess = (body: string, signature: string) => postTestWebhook(body, signature).then((r) => r.ok);

describe("checkout with the test provider", () => {
  useTestDatabase();
  useCatalogue();

  it("ignores a tampered price or total: the order and the payment session are priced from the database", async () => {
    const purple = await variantOf("r36s", "Purple");
    const added = answer(
      await call(cartAction, post("/cart", { intent: "add", variantId: purple.id, quantity: "2", price: "0.01", priceCents: "1" })),
    );
    expect(added.status).toBe(303);
    const cookie = added.headers.get("Set-Cookie")!.split(";")[0];

    const details = { ...buyer(1), line2: "" } as Record<string, string>;
    const checkedOut = answer(
      await call(checkoutAction, post("/checkout", { ...details, price: "1", total: "1", totalCents: "1", subtotalCents: "1" }, { Cookie: cookie })),
    );
    expect(checkedOut.status).toBe(303);
    const paymentUrl = checkedOut.headers.get("Location")!;
    expect(paymentUrl).toMatch(/^http:\/\/localhost:3000\/pay\/test\/cs_test_/);
    const session = readTestSession(decodeURIComponent(paymentUrl.split("/pay/test/")[1]))!;
    expect(session.amountCents).toBe(2 * purple.priceCents);
    const order = await orderById(session.orderId);
    expect(order).toMatchObject({ status: "pending", subtotalCents: 2 * purple.priceCents, totalCents: 2 * purple.priceCents, shippingCents: 0 });
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items).toMatchObject([{ unitPriceCents: purple.priceCents, quantity: 2, variantName: "Purple" }]);
  });

  it("answers fetchers with JSON-ish data and plain forms with a 303 back", async () => {
    const black = await variantOf("r36s", "Black");
    const js = answer(await call(cartAction, post("/cart", { intent: "add", variantId: black.id, quantity: "1" }, { "Sec-Fetch-Mode": "cors" })));
    expect(js).toMatchObject({ status: 200, body: { ok: true, cartCount: 1 } });
    const cookie = js.headers.get("Set-Cookie")!.split(";")[0];
    const tooMany = answer(
      await call(cartAction, post("/cart", { intent: "add", variantId: black.id, quantity: "999" }, { "Sec-Fetch-Mode": "cors", Cookie: cookie })),
    );
    expect(tooMany).toMatchObject({ status: 409, body: { ok: false, message: expect.stringMatching(/^Only \d+ left in stock/) } });
    const invalid = answer(await call(cartAction, post("/cart", { intent: "add", variantId: "nope" }, { "Sec-Fetch-Mode": "cors" })));
    expect(invalid).toMatchObject({ status: 400, body: { ok: false, message: "Please choose a colour." } });
    const plain = answer(
      await call(cartAction, post("/cart", { intent: "add", variantId: black.id, quantity: "1" }, { Cookie: cookie, Referer: "http://localhost:3000/products/r36s", "Sec-Fetch-Mode": "navigate" })),
    );
    // Without JavaScript an add lands on the cart (Dawn's no-JS behaviour), wherever it came from.
    expect(plain.status).toBe(303);
    expect(plain.headers.get("Location")).toBe("/cart");
    const buy = answer(await call(cartAction, post("/cart", { intent: "buy", variantId: black.id, quantity: "1" }, { Cookie: cookie, "Sec-Fetch-Mode": "cors" })));
    expect(buy.status).toBe(303);
    // Buy Now checks out its own line: the shopper's cart keeps its two Black units.
    expect(buy.headers.get("Location")).toBe("/checkout?buy=now");
    expect(buy.headers.get("Set-Cookie")).toMatch(/^buy-now=/);
    expect(await countItems((await visitorCartIdFromRequest(new Request("http://localhost:3000/", { headers: { Cookie: cookie } })))!)).toBe(2);
  });

  it("gives field-level errors for missing or invalid details", async () => {
    const res = answer(await call(checkoutAction, post("/checkout", { email: "not-an-email", name: "", country: "XX" })));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      kind: "invalid",
      fieldErrors: {
        email: "Please enter a valid email address.",
        name: "Please enter your full name.",
        line1: "Please enter your address.",
        city: "Please enter your town or city.",
        postalCode: "Please enter your postal code.",
        country: "Please choose a country from the list.",
      },
    });
  });

  it("when short of stock: says which item, makes no order and no payment session", async () => {
    const orange = await variantOf("r36pro", "Orange");
    const white = await variantOf("r36pro", "White");
    const { cartId } = await cartWith([
      { variantId: orange.id, quantity: 3 },
      { variantId: white.id, quantity: 1 },
    ]);
    await setStock(orange.id, 2);
    await setStock(white.id, 0);
    const before = await db().select({ id: orders.id }).from(orders);
    const error = await startCheckout({ cartId, userId: null, details: buyer(2) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutOfStockError);
    expect((error as OutOfStockError).shortages).toEqual([
      expect.objectContaining({ variantName: "Orange", requested: 3, available: 2 }),
      expect.objectContaining({ variantName: "White", requested: 1, available: 0 }),
    ]);
    expect(await db().select({ id: orders.id }).from(orders)).toHaveLength(before.length);
    await setStock(orange.id, 15);
    await setStock(white.id, 10);
  });

  it("pays with 4242: one transaction marks it Processing with brand and last 4, takes the units from stock and emails", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    const stockBefore = await stockOf(teal.id);
    const { cartId } = await cartWith([{ variantId: teal.id, quantity: 2 }]);
    const started = await startCheckout({ cartId, userId: null, details: buyer(3) });
    expect(started.orderNumber).toMatch(/^PR-\d{6}-[2-9A-Z]{5}$/);
    const session = readTestSession(started.sessionId)!;
    expect(session.expiresAt.getTime() - Date.now()).toBeGreaterThan(30 * 60_000);

    const declined = await payTestSession(session, { cardNumber: "4000000000000002", expiry: "12 / 39", cvc: "123" }, inProcess);
    expect(declined).toEqual({ ok: false, status: 402, error: "Your card was declined." });
    expect((await orderById(started.orderId)).status).toBe("pending");

    const paid = await payTestSession(session, { cardNumber: "4242424242424242", expiry: "12 / 39", cvc: "123" }, inProcess);
    expect(paid).toEqual({ ok: true, redirectTo: `http://localhost:3000/checkout-success?session_id=${encodeURIComponent(started.sessionId)}` });
    const order = await orderById(started.orderId);
    expect(order).toMatchObject({ status: "processing", paymentBrand: "visa", paymentLast4: "4242", totalCents: 2 * teal.priceCents });
    expect(order.paidAt).toBeInstanceOf(Date);
    // The card number went no further than the payment page.
    expect(JSON.stringify(order)).not.toContain("4242424242424242");
    expect(await stockOf(teal.id)).toBe(stockBefore - 2);
    const holds = await db().select().from(stockReservations).where(eq(stockReservations.orderId, order.id));
    expect(holds.every((h) => h.releasedAt !== null)).toBe(true);
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(history.map((e) => e.type).sort()).toEqual(["created", "paid"]);
    expect(history.find((e) => e.type === "paid")).toMatchObject({
      actor: "provider:test",
      fromStatus: "pending",
      toStatus: "processing",
      note: expect.stringMatching(/^Paid.*; reserved units taken from stock\.$/),
    });
    const [mail] = await db().select().from(outboxMail).where(and(eq(outboxMail.to, "buyer3@example.com")));
    expect(mail.subject).toContain(order.number);
    expect(mail.text).toContain("2 x 35XXPro");
    expect(mail.text).toContain("$159.98");
    expect(mail.text).toContain("3 Test Street");
    expect(mail.text).toContain("United States");
    // What was bought leaves the cart it was bought from with the payment (issue 25), however late.
    expect((await readCart(cartId)).count).toBe(0);
  });

  it("a new checkout from the same shopper replaces the unpaid one instead of holding the units twice", async () => {
    const white = await variantOf("r36s", "White");
    await setStock(white.id, 1);
    const { cookie } = await cartWith([{ variantId: white.id, quantity: 1 }]);
    const fields = { ...buyer(4), line2: "" } as Record<string, string>;
    const first = answer(await call(checkoutAction, post("/checkout", fields, { Cookie: cookie })));
    expect(first.status).toBe(303);
    const pending = first.headers.get("Set-Cookie")!.split(";")[0];
    const second = answer(await call(checkoutAction, post("/checkout", fields, { Cookie: `${cookie}; ${pending}` })));
    expect(second.status).toBe(303);
    const mine = await db().select().from(orders).where(eq(orders.email, "buyer4@example.com"));
    expect(mine.map((o) => o.status).sort()).toEqual(["cancelled", "pending"]);
    expect(mine.find((o) => o.status === "cancelled")?.cancelReason).toBe("Replaced by a new checkout");
    await setStock(white.id, 40);
  });

  it("the payment session id is opaque: no email, order number or amount can be read from it, and a changed id is refused", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    const { cookie } = await cartWith([{ variantId: teal.id, quantity: 1 }]);
    const started = answer(await call(checkoutAction, post("/checkout", { ...buyer(7), line2: "" } as Record<string, string>, { Cookie: cookie })));
    const id = decodeURIComponent(started.headers.get("Location")!.split("/pay/test/")[1]);
    const session = readTestSession(id)!;
    expect(session.email).toBe("buyer7@example.com");
    // Every way of reading it: as it is, and each part decoded as base64 / base64url.
    const readings = [id, ...id.slice("cs_test_".length).split(/[.]/).flatMap((part) => [Buffer.from(part, "base64url").toString("latin1"), Buffer.from(part, "base64").toString("latin1")])];
    for (const text of readings) {
      expect(text).not.toContain("buyer7");
      expect(text).not.toContain(session.orderNumber);
      expect(text).not.toContain(String(session.amountCents));
    }
    const at = Math.floor(id.length / 2);
    expect(readTestSession(`${id.slice(0, at)}${id[at] === "A" ? "B" : "A"}${id.slice(at + 1)}`)).toBeNull();
  });

  it("the return page empties only the cart of the shopper whose checkout it is", async () => {
    const orange = await variantOf("r36s", "Orange");
    const shopper = await cartWith([{ variantId: orange.id, quantity: 1 }]);
    const started = answer(await call(checkoutAction, post("/checkout", { ...buyer(8), line2: "" } as Record<string, string>, { Cookie: shopper.cookie })));
    const checkoutCookie = started.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const sessionId = decodeURIComponent(started.headers.get("Location")!.split("/pay/test/")[1]);
    await payTestSession(readTestSession(sessionId)!, { cardNumber: "4242424242424242", expiry: "12/39", cvc: "123" }, inProcess);
    const returnPage = `http://localhost:3000/checkout-success?session_id=${encodeURIComponent(sessionId)}`;

    // Someone else opens the same link (sent to them, or planted in a page they visit).
    const stranger = await cartWith([{ variantId: orange.id, quantity: 2 }]);
    const seen = answer(await successLoader({ request: new Request(returnPage, { headers: { Cookie: stranger.cookie } }), params: {}, context: {} } as never));
    expect((seen.body as { order: { status: string } | null }).order?.status).toBe("processing");
    expect((await readCart(stranger.cartId)).count).toBe(2);

    // The shopper who paid, on the device that checked out: emptied.
    await successLoader({ request: new Request(returnPage, { headers: { Cookie: `${shopper.cookie}; ${checkoutCookie}` } }), params: {}, context: {} } as never);
    expect((await readCart(shopper.cartId)).count).toBe(0);
  });

  it("signing in moves the visitor's cart into the account, and the order is linked to it", async () => {
    await db().insert(user).values({ id: "user-checkout", name: "Signed In", email: "signed-in@example.com", emailVerified: true });
    const purple = await variantOf("r36pro", "Purple");
    const visitor = await cartWith([{ variantId: purple.id, quantity: 1 }]);
    const cleared = await afterSignIn(new Request("http://localhost:3000/auth", { headers: { Cookie: visitor.cookie } }), "user-checkout");
    expect(cleared).toEqual([expect.stringMatching(/^cart=; Max-Age=0/)]);
    const cart = await getCartForRequest(new Request("http://localhost:3000/cart"), "user-checkout");
    expect(cart.lines.map((l) => [l.variantName, l.quantity])).toEqual([["Purple", 1]]);
    const started = await startCheckout({ cartId: cart.id, userId: "user-checkout", details: buyer(11) });
    expect((await orderById(started.orderId)).userId).toBe("user-checkout");
    // Unpaid, it is not yet an order the customer placed: the account lists it once paid.
    expect(await listOrdersForUser("user-checkout")).toEqual([]);
  });

  it("draws another order number when the one drawn is taken: one order with its items and event, nothing of the first try", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    // The suffix's five random bytes are the same for the next two orders, then random again.
    const realRandomBytes = crypto.randomBytes;
    let repeats = 0;
    const draws = vi
      .spyOn(crypto, "randomBytes")
      .mockImplementation(((size: number) => (size === 5 && repeats++ < 2 ? Buffer.from([1, 2, 3, 4, 5]) : realRandomBytes(size))) as unknown as typeof crypto.randomBytes);
    try {
      const first = await startCheckout({ cartId: (await cartWith([{ variantId: teal.id, quantity: 1 }])).cartId, userId: null, details: buyer(21) });
      const second = await startCheckout({ cartId: (await cartWith([{ variantId: teal.id, quantity: 2 }])).cartId, userId: null, details: buyer(22) });
      expect(first.orderNumber).toMatch(/^PR-\d{6}-34567$/);
      expect(second.orderNumber).not.toBe(first.orderNumber);
      // The second checkout drew twice: the taken number, then a free one.
      expect(draws.mock.calls.filter(([size]) => size === 5)).toHaveLength(3);
      const numbered = await db().select({ id: orders.id, email: orders.email }).from(orders).where(eq(orders.number, first.orderNumber));
      expect(numbered).toEqual([{ id: first.orderId, email: "buyer21@example.com" }]);
      for (const [started, quantity] of [[first, 1], [second, 2]] as const) {
        expect(await db().select({ quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, started.orderId))).toEqual([{ quantity }]);
        expect(await db().select({ type: orderEvents.type }).from(orderEvents).where(eq(orderEvents.orderId, started.orderId))).toEqual([{ type: "created" }]);
      }
    } finally {
      draws.mockRestore();
    }
  });

  it("lists an order's lines in one order everywhere: the pages' query and the confirmation email's summary agree on mixed-case titles", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    const started = await startCheckout({ cartId: (await cartWith([{ variantId: teal.id, quantity: 1 }])).cartId, userId: null, details: buyer(23) });
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, started.orderId));
    // Snapshots of titles that a case-insensitive collation sorts otherwise than code points do.
    for (const title of ["zeta Grip", "Alpha Case", "alpha case"]) {
      await db().insert(orderItems).values({ ...line, id: crypto.randomUUID(), title });
    }
    const order = await orderById(started.orderId);
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, started.orderId));
    const shown = (await orderLines(started.orderId)).map((l) => l.title);
    // Code points: capitals first ("Alpha Case" < "R…" < "alpha case" < "zeta Grip").
    expect(shown).toEqual([line.title, "zeta Grip", "Alpha Case", "alpha case"].sort());
    expect(shown.indexOf("Alpha Case")).toBeLessThan(shown.indexOf("alpha case"));
    expect(orderSummaryFrom(order, items, null).lines.map((l) => l.title)).toEqual(shown);
  });
});
