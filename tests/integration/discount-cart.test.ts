import { beforeAll, describe, expect, it } from "vitest";
import { action as cartAction, loader as cartLoader } from "../../app/routes/shop/cart";
import { loader as checkoutLoader } from "../../app/routes/shop/checkout";
import { loader as accountOrderLoader } from "../../app/routes/account/order";
import { getSessionUser } from "../../server/auth/session";
import { cartIdForRequest } from "../../server/cart";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { cartDiscountCode, saveDiscount } from "../../server/discounts";
import { readTestSession } from "../../server/payments/test-provider";
import { seedPricing } from "../../server/pricing/store";
import { discountFormSchema } from "../../core/discount-form";
import { discountLine, type DiscountView } from "../../core/discount-view";
import { createCustomer, signInCookie } from "./auth-helpers";
import { buyer, cartWith, paidEventFor, postTestWebhook, useCatalogue, variantOf } from "./shop-helpers";
import { answer, call, post } from "./route-calls";
import { useTestDatabase } from "./test-db";

const actor = { id: "admin-1", email: "boss@example.com" };

function createCode(fields: Record<string, unknown>) {
  return saveDiscount(null, discountFormSchema.parse({ title: "Cart code", kind: "percentage", percentOff: "10", ...fields }), actor);
}

/** A browser without JavaScript: a plain form post, answered with a document. */
const documentHeaders = (cookie: string) => ({ Cookie: cookie, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", Accept: "text/html" });

/** The cart's "Discount code" box, as the browser posts it. */
async function cartPost(cookie: string, fields: Record<string, string>) {
  return answer(await call(cartAction, post("/cart", fields, documentHeaders(cookie))));
}
const apply = (cookie: string, code: string) => cartPost(cookie, { intent: "apply-discount", code });
const remove = (cookie: string) => cartPost(cookie, { intent: "remove-discount" });

type CartPage = { discount: DiscountView | null; cart: { subtotalCents: number; currency: string } };
async function cartPage(cookie: string): Promise<CartPage> {
  return (await call(cartLoader, new Request("http://localhost:3000/cart", { headers: { Cookie: cookie } }))) as CartPage;
}

/** A visitor cart with R36S consoles of one colour ($49.99 each). */
async function r36sCart(colour: string, quantity = 1) {
  const variant = await variantOf("r36s", colour);
  return cartWith([{ variantId: variant.id, quantity }]);
}

async function pay(sessionId: string) {
  const paid = paidEventFor(sessionId);
  expect((await postTestWebhook(paid.body, paid.signature)).ok).toBe(true);
}

describe("the cart's discount code box: apply, replace, remove, refusals in words", () => {
  useTestDatabase();
  useCatalogue();
  beforeAll(() => db().transaction(seedPricing));

  it("applying a code answers 303 back to the cart (no JavaScript needed), which shows its line and the new total; the code carries on to checkout", async () => {
    await createCode({ code: "SPRING10" });
    const { cookie, cartId } = await r36sCart("White", 2);
    const applied = await apply(cookie, "  spring10 ");
    expect(applied.status).toBe(303);
    expect(applied.headers.get("location")).toBe("/cart");

    const page = await cartPage(cookie);
    // 2 × $49.99 = $99.98; 10% = $10.00 (9.998 rounded half up); total $89.98.
    expect(page.cart.subtotalCents).toBe(9998);
    expect(page.discount).toEqual({ code: "SPRING10", applied: true, percentOff: 10, amountCents: 1000, freeShipping: false, totalCents: 8998, currency: "USD" });
    expect(discountLine(page.discount as Extract<DiscountView, { applied: true }>, "USD")).toBe("SPRING10 -10% -$10.00");

    // Checkout shows and charges the same code without it being typed again.
    const checkout = (await call(checkoutLoader, new Request("http://localhost:3000/checkout", { headers: { Cookie: cookie } }))) as { discount: DiscountView | null };
    expect(checkout.discount).toEqual(page.discount);
    const started = await startCheckout({ cartId, userId: null, details: buyer(60) });
    expect(readTestSession(started.sessionId)).toMatchObject({ amountCents: 8998, discount: { code: "SPRING10", amountCents: 1000 } });
  });

  it("a shopper in the United Kingdom is told in pounds: \"Add £12.00 more to use UKSPRING10\", then the line \"UKSPRING10 -10% -£8.00\" and the new total", async () => {
    await createCode({ code: "UKSPRING10", minSubtotals: { USD: "65", GBP: "51.99" } });
    const british = (cookie: string) => ({ ...documentHeaders(cookie), "Accept-Language": "en-GB,en;q=0.8" });
    const variant = await variantOf("r36s", "White");
    const { cookie } = await cartWith([{ variantId: variant.id, quantity: 1 }]);
    const ukPost = async (fields: Record<string, string>) => answer(await call(cartAction, post("/cart", fields, british(cookie))));
    const ukPage = async () => (await call(cartLoader, new Request("http://localhost:3000/cart", { headers: british(cookie) }))) as CartPage;

    // One R36S is £39.99: £12.00 short of the £51.99 minimum.
    expect(await ukPost({ intent: "apply-discount", code: "ukspring10" })).toMatchObject({
      status: 400,
      body: { ok: false, message: "Add £12.00 more to use UKSPRING10.", fieldErrors: { code: "Add £12.00 more to use UKSPRING10." } },
    });
    expect((await ukPost({ intent: "update", variantId: variant.id, quantity: "2" })).status).toBe(303);
    expect((await ukPost({ intent: "apply-discount", code: "ukspring10" })).status).toBe(303);
    const page = await ukPage();
    expect(page.cart).toMatchObject({ subtotalCents: 7998, currency: "GBP" });
    // 10% of £79.98 = £7.998 → £8.00.
    expect(page.discount).toEqual({ code: "UKSPRING10", applied: true, percentOff: 10, amountCents: 800, freeShipping: false, totalCents: 7198, currency: "GBP" });
    expect(discountLine(page.discount as Extract<DiscountView, { applied: true }>, "GBP")).toBe("UKSPRING10 -10% -£8.00");
  });

  it("one code per cart: a new code replaces the old, a refused one leaves the applied one in place, Remove takes it off", async () => {
    await createCode({ code: "FIRST5", percentOff: "5" });
    await createCode({ code: "TENOFF", kind: "fixed", percentOff: "", amounts: { USD: "10" } });
    const { cookie, cartId } = await r36sCart("Black");

    expect((await apply(cookie, "FIRST5")).status).toBe(303);
    expect((await cartPage(cookie)).discount).toMatchObject({ code: "FIRST5", applied: true, amountCents: 250, totalCents: 4749 });

    expect((await apply(cookie, "tenoff")).status).toBe(303);
    expect(await cartDiscountCode(cartId)).toBe("TENOFF");
    const replaced = (await cartPage(cookie)).discount;
    expect(replaced).toMatchObject({ code: "TENOFF", applied: true, percentOff: null, amountCents: 1000, totalCents: 3999 });
    expect(discountLine(replaced as Extract<DiscountView, { applied: true }>, "USD")).toBe("TENOFF -$10.00");

    expect(await apply(cookie, "NOPE")).toMatchObject({ status: 400, body: { ok: false, message: "We could not find the discount code NOPE.", fieldErrors: { code: "We could not find the discount code NOPE." } } });
    expect(await cartDiscountCode(cartId)).toBe("TENOFF");

    const removed = await remove(cookie);
    expect(removed.status).toBe(303);
    expect(removed.headers.get("location")).toBe("/cart");
    expect(await cartDiscountCode(cartId)).toBeNull();
    expect((await cartPage(cookie)).discount).toBeNull();
    // Removing again (a second tab, a double click) is harmless.
    expect((await remove(cookie)).status).toBe(303);
  });

  it("every refusal is a 400 with the reason in words under the field, and the cart keeps no code", async () => {
    const pro = await variantOf("r36pro", "Blue");
    await createCode({ code: "LATER10", startsAt: "2099-01-01T00:00" });
    await createCode({ code: "OVER10", endsAt: "2020-01-01T00:00" });
    await createCode({ code: "MIN100", minSubtotals: { USD: "100" } });
    await createCode({ code: "ONLYPRO", appliesTo: "products", productIds: [pro.productId] });
    await createCode({ code: "LASTONE", usageLimit: "1" });
    // LASTONE's one use goes to someone else's paid order.
    const other = await r36sCart("Purple");
    expect((await apply(other.cookie, "LASTONE")).status).toBe(303);
    await pay((await startCheckout({ cartId: other.cartId, userId: null, details: buyer(61) })).sessionId);

    const { cookie, cartId } = await r36sCart("Orange");
    const refusals: [string, string][] = [
      ["nope", "We could not find the discount code NOPE."],
      ["LATER10", "LATER10 has not started yet."],
      ["over10", "OVER10 has expired."],
      ["LASTONE", "LASTONE has been used up."],
      ["MIN100", "Add $50.01 more to use MIN100."],
      ["ONLYPRO", "ONLYPRO is not for the products in your cart."],
      ["   ", "Enter a discount code"],
      ["x".repeat(65), "We could not find that discount code."],
    ];
    for (const [code, message] of refusals) {
      expect(await apply(cookie, code), code).toMatchObject({ status: 400, body: { ok: false, message, fieldErrors: { code: message } } });
    }
    expect(await cartDiscountCode(cartId)).toBeNull();
    expect((await cartPage(cookie)).discount).toBeNull();

    // A visitor without a cart yet: nothing is created for them.
    expect(await apply("", "SPRING10")).toMatchObject({ status: 400, body: { message: "Your cart is empty." } });
  });

  it("a code that stops applying when the cart changes stays with the cart and says why; it applies again once the cart qualifies", async () => {
    await createCode({ code: "MIN60", minSubtotals: { USD: "60" } });
    const variant = await variantOf("r36s", "Purple");
    const { cookie } = await cartWith([{ variantId: variant.id, quantity: 2 }]);
    expect((await apply(cookie, "MIN60")).status).toBe(303);
    expect((await cartPage(cookie)).discount).toMatchObject({ code: "MIN60", applied: true, totalCents: 8998 });

    expect((await cartPost(cookie, { intent: "update", variantId: variant.id, quantity: "1" })).status).toBe(303);
    expect((await cartPage(cookie)).discount).toEqual({ code: "MIN60", applied: false, reason: "Add $10.01 more to use MIN60." });

    expect((await cartPost(cookie, { intent: "update", variantId: variant.id, quantity: "2" })).status).toBe(303);
    expect((await cartPage(cookie)).discount).toMatchObject({ code: "MIN60", applied: true });
  });

  it("one use per customer: a signed-in shopper who has used the code is told in the cart; a visitor (email unknown) is told at checkout", async () => {
    await createCode({ code: "ONCE", oncePerCustomer: "on" });
    const email = "once-cart@example.com";
    // Their earlier order used ONCE.
    const earlier = await r36sCart("White");
    expect((await apply(earlier.cookie, "ONCE")).status).toBe(303);
    await pay((await startCheckout({ cartId: earlier.cartId, userId: null, details: { ...buyer(62), email } })).sessionId);

    await createCustomer(email);
    const session = await signInCookie(email);
    const variant = await variantOf("r36s", "White");
    expect((await cartPost(session, { intent: "add", variantId: variant.id, quantity: "1" })).status).toBe(303);
    expect(await apply(session, "once")).toMatchObject({ status: 400, body: { message: "ONCE has already been used with this email address.", fieldErrors: { code: "ONCE has already been used with this email address." } } });

    // Signed out, the cart cannot know the email: the code is kept, and checkout refuses it for that email.
    const visitor = await r36sCart("White");
    expect((await apply(visitor.cookie, "ONCE")).status).toBe(303);
    const refused = await startCheckout({ cartId: visitor.cartId, userId: null, details: { ...buyer(63), email } }).catch((e: unknown) => e);
    expect((refused as Error).message).toBe("ONCE has already been used with this email address.");
    // Another customer may use it.
    expect(await startCheckout({ cartId: visitor.cartId, userId: null, details: buyer(64) })).toMatchObject({ sessionId: expect.any(String) });
  });

  it("a signed-in customer's code, applied in the cart, is on their paid order's account page", async () => {
    await createCode({ code: "MINE15", percentOff: "15" });
    const email = "mine15@example.com";
    await createCustomer(email);
    const session = await signInCookie(email);
    const variant = await variantOf("r36pro", "Blue");
    expect((await cartPost(session, { intent: "add", variantId: variant.id, quantity: "1" })).status).toBe(303);
    expect((await apply(session, "mine15")).status).toBe(303);

    const request = new Request("http://localhost:3000/cart", { headers: { Cookie: session } });
    const user = (await getSessionUser(request))!;
    const cartId = (await cartIdForRequest(request, user.id))!;
    const started = await startCheckout({ cartId, userId: user.id, details: { ...buyer(65), email } });
    await pay(started.sessionId);

    const page = (await accountOrderLoader({
      request: new Request(`http://localhost:3000/account/orders/${started.orderId}`, { headers: { Cookie: session } }),
      params: { id: started.orderId },
      context: {},
    } as never)) as { order: { discount: unknown; subtotalCents: number; totalCents: number; shippingCents: number } };
    // $59.99 × 15% = $8.9985 → $9.00.
    expect(page.order.discount).toEqual({ code: "MINE15", label: "-15%", amountCents: 900, freeShipping: false });
    expect(page.order.subtotalCents).toBe(5999);
    expect(page.order.totalCents).toBe(readTestSession(started.sessionId)!.amountCents);
  });
});
