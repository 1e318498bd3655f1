import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { startCheckout, PaymentSetupError } from "../../server/checkout";
import { db } from "../../server/db/client";
import { user } from "../../server/auth/schema";
import { getAdminOrder } from "../../server/orders/admin";
import { refundOrder } from "../../server/orders/refunds";
import { orderEvents, orderItems } from "../../server/orders/schema";
import { taxRates } from "../../server/pricing/schema";
import { invalidateCatalog } from "../../server/cache/catalog";
import { stockReservations } from "../../server/inventory/schema";
import { reconcilePayments } from "../../server/checkout/reconcile";
import { orderDiscount, saveDiscount, setCartDiscountCode } from "../../server/discounts";
import { discountFormSchema } from "../../core/discount-form";
import { handlePaymentWebhook } from "../../server/checkout/webhooks";
import { FAKE_STRIPE_KEY, startFakeStripe } from "./fake-stripe";
import { buyer, cartWith, lapseReservation, orderById, postTestWebhook, setStock, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const fake = await startFakeStripe();
const WEBHOOK_SECRET = "whsec_fake_secret";
const sdk = new Stripe(FAKE_STRIPE_KEY);

function deliver(event: object, signature?: string) {
  const payload = JSON.stringify(event);
  const header = signature ?? sdk.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return handlePaymentWebhook(
    "stripe",
    new Request("http://localhost:3000/api/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": header },
      body: payload,
    }),
  );
}

let eventCount = 0;
function sessionEvent(type: string, sessionId: string, object: Record<string, unknown> = {}) {
  return { id: `evt_fake_${++eventCount}`, object: "event", type, data: { object: { id: sessionId, object: "checkout.session", ...object } } };
}

describe("Stripe Checkout adapter against a local fake Stripe", () => {
  useTestDatabase({
    env: { STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_HOST: fake.url },
  });
  useCatalogue();
  afterAll(() => fake.close());

  it("creates a session with server-priced line items that expires with the reservation", async () => {
    const purple = await variantOf("r36s", "Purple");
    const teal = await variantOf("rg35xx-pro", "Teal");
    const { cartId } = await cartWith([
      { variantId: purple.id, quantity: 2 },
      { variantId: teal.id, quantity: 1 },
    ]);
    const started = await startCheckout({ cartId, userId: null, details: buyer(1) });
    expect(started.paymentUrl).toBe(`https://checkout.stripe.com/c/pay/${started.sessionId}`);
    const call = fake.requests.find((r) => r.path === "/v1/checkout/sessions")!;
    const p = call.params;
    expect(p.get("mode")).toBe("payment");
    expect(p.get("line_items[0][price_data][unit_amount]")).toBe(String(purple.priceCents));
    expect(p.get("line_items[0][quantity]")).toBe("2");
    expect(p.get("line_items[0][price_data][product_data][name]")).toBe("R36S Retro Handheld (Purple)");
    expect(p.get("line_items[1][price_data][unit_amount]")).toBe(String(teal.priceCents));
    expect(p.get("line_items[1][price_data][currency]")).toBe("usd");
    expect(p.get("customer_email")).toBe("buyer1@example.com");
    expect(p.get("client_reference_id")).toBe(started.orderId);
    expect(p.get("success_url")).toBe("http://localhost:3000/checkout-success?session_id={CHECKOUT_SESSION_ID}");
    expect(p.get("cancel_url")).toBe(`http://localhost:3000/cancel?order=${started.orderId}`);
    expect(call.headers["idempotency-key"]).toBe(`checkout-session-${started.orderId}`);
    const [hold] = await db().select().from(stockReservations).where(eq(stockReservations.orderId, started.orderId));
    expect(Number(p.get("expires_at"))).toBe(Math.floor(hold.expiresAt.getTime() / 1000));
    expect((await orderById(started.orderId)).providerSessionId).toBe(started.sessionId);
  });

  it("a UK order's session is in pounds: lines, the chosen method as the shipping option, the VAT shown; Stripe's total is the order's", async () => {
    const purple = await variantOf("r36s", "Purple");
    const { cartId } = await cartWith([{ variantId: purple.id, quantity: 1 }]);
    const started = await startCheckout({ cartId, userId: null, details: { ...buyer(9), country: "GB", shippingMethod: "uk-express" } });
    const call = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!;
    const p = call.params;
    expect(p.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(p.get("line_items[0][price_data][unit_amount]")).toBe("3999");
    expect(p.has("line_items[1][quantity]")).toBe(false);
    expect(p.get("shipping_options[0][shipping_rate_data][display_name]")).toBe("Express");
    expect(p.get("shipping_options[0][shipping_rate_data][type]")).toBe("fixed_amount");
    expect(p.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe("899");
    expect(p.get("shipping_options[0][shipping_rate_data][fixed_amount][currency]")).toBe("gbp");
    // VAT is inside the prices: (3999 + 899) / 6 = 816.33, rounded per line 667 + 150.
    expect(p.get("custom_text[submit][message]")).toBe("Including VAT (20%) £8.17");
    const order = await orderById(started.orderId);
    expect(order).toMatchObject({ currency: "gbp", totalCents: 3999 + 899 });
    expect(fake.sessions.get(started.sessionId)).toMatchObject({ amount_total: order.totalCents, currency: "gbp" });
    // Paid in pounds, for the order's amount: confirmed.
    const res = await deliver(
      sessionEvent("checkout.session.completed", started.sessionId, { payment_status: "paid", payment_intent: "pi_fake_gbp", amount_total: 4898, currency: "gbp" }),
    );
    expect(res.status).toBe(200);
    expect(await orderById(started.orderId)).toMatchObject({ status: "processing" });
    // A partial refund goes back in the payment's currency: £10.00 is 1000 pence of the GBP payment.
    await db().insert(user).values({ id: "stripe-admin", name: "Stripe Admin", email: "stripe.admin@pocketretro.example", role: "owner" });
    const refund = await refundOrder(started.orderId, { lines: [], actionKey: crypto.randomUUID(), extraCents: 1000, reason: "Goodwill" }, { id: "stripe-admin", email: "stripe.admin@pocketretro.example" });
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 1000 });
    const sent = fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)!.params;
    expect([sent.get("payment_intent"), sent.get("amount")]).toEqual(["pi_fake_gbp", "1000"]);
    const notes = (await db().select().from(orderEvents).where(eq(orderEvents.orderId, started.orderId))).map((e) => e.note);
    expect(notes).toContain(`Refunded £10.00 (${refund.providerRefundId}). Reason: Goodwill`);
  });

  it("a US order with a state's sales tax: the tax is its own line item and the session's total is the order's", async () => {
    await db().insert(taxRates).values({ country: "US", region: "", name: "Sales tax", rateBps: 825, taxShipping: false });
    invalidateCatalog();
    try {
      const black = await variantOf("r36s", "Black");
      const { cartId } = await cartWith([{ variantId: black.id, quantity: 1 }]);
      const started = await startCheckout({ cartId, userId: null, details: buyer(10) });
      const p = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
      // 8.25% of $49.99 = $4.124 → $4.12, shipping untaxed; $12.99 Standard below $75.
      expect(p.get("line_items[1][price_data][product_data][name]")).toBe("Sales tax (8.25%)");
      expect(p.get("line_items[1][price_data][unit_amount]")).toBe("412");
      expect(p.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe("1299");
      const order = await orderById(started.orderId);
      expect(order.totalCents).toBe(4999 + 412 + 1299);
      expect(fake.sessions.get(started.sessionId)).toMatchObject({ amount_total: order.totalCents, currency: "usd" });
    } finally {
      await db().delete(taxRates).where(eq(taxRates.country, "US"));
      invalidateCatalog();
    }
  });

  it("a checkout with a code: each discounted line is one item at its discounted total, the code and its amount are on the page, Stripe's total is the order's", async () => {
    const pro = await variantOf("r36pro", "Blue");
    const purple = await variantOf("r36s", "Purple");
    const admin = { id: "admin-1", email: "boss@example.com" };
    // 15% off the R36 Pro only: the R36S line stays as it is.
    await saveDiscount(null, discountFormSchema.parse({ code: "PRO15", title: "Pro", kind: "percentage", percentOff: "15", appliesTo: "products", productIds: [pro.productId] }), admin);
    const { cartId } = await cartWith([
      { variantId: pro.id, quantity: 2 },
      { variantId: purple.id, quantity: 1 },
    ]);
    await setCartDiscountCode(cartId, "pro15");
    const started = await startCheckout({ cartId, userId: null, details: buyer(11) });
    const p = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
    // 2 × $59.99 = $119.98; 15% = $17.997 → $18.00, all of it on that line: one item of $101.98.
    expect(p.get("line_items[0][quantity]")).toBe("1");
    expect(p.get("line_items[0][price_data][unit_amount]")).toBe(String(2 * pro.priceCents - 1800));
    expect(p.get("line_items[0][price_data][product_data][name]")).toBe("R36PRO Handheld Console (Blue) × 2, PRO15 applied");
    expect(p.get("line_items[1][quantity]")).toBe("1");
    expect(p.get("line_items[1][price_data][unit_amount]")).toBe(String(purple.priceCents));
    expect(p.get("line_items[1][price_data][product_data][name]")).toBe("R36S Retro Handheld (Purple)");
    expect(p.has("line_items[2][quantity]")).toBe(false);
    expect(p.get("custom_text[submit][message]")).toBe("Includes discount PRO15 -$18.00");
    // $101.98 + $49.99 is over the $75 threshold: free Standard shipping.
    expect(p.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe("0");
    const order = await orderById(started.orderId);
    expect(order).toMatchObject({ subtotalCents: 2 * pro.priceCents + purple.priceCents, totalCents: 2 * pro.priceCents - 1800 + purple.priceCents });
    expect(fake.sessions.get(started.sessionId)).toMatchObject({ amount_total: order.totalCents, currency: "usd" });
    expect(await orderDiscount(started.orderId)).toMatchObject({ code: "PRO15", amountMinor: 1800, status: "held" });

    // Paid at Stripe for that total: confirmed, and the use counted.
    const paid = await deliver(
      sessionEvent("checkout.session.completed", started.sessionId, { payment_status: "paid", payment_intent: "pi_fake_pro15", amount_total: order.totalCents, currency: "usd" }),
    );
    expect(paid.status).toBe(200);
    expect(await orderById(started.orderId)).toMatchObject({ status: "processing" });
    expect(await orderDiscount(started.orderId)).toMatchObject({ status: "counted" });

    // A free-shipping code under the $75 threshold: the lines stay whole, the $12.99 Standard rate is 0, the code is named.
    await saveDiscount(null, discountFormSchema.parse({ code: "SHIPFREE", title: "Ship", kind: "free_shipping" }), admin);
    const small = await cartWith([{ variantId: purple.id, quantity: 1 }]);
    await setCartDiscountCode(small.cartId, "SHIPFREE");
    const shipFree = await startCheckout({ cartId: small.cartId, userId: null, details: buyer(13) });
    const q = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
    expect([q.get("line_items[0][quantity]"), q.get("line_items[0][price_data][unit_amount]")]).toEqual(["1", String(purple.priceCents)]);
    expect(q.get("line_items[0][price_data][product_data][name]")).toBe("R36S Retro Handheld (Purple)");
    expect(q.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]")).toBe("0");
    expect(q.get("custom_text[submit][message]")).toBe("Includes discount SHIPFREE");
    expect(fake.sessions.get(shipFree.sessionId)).toMatchObject({ amount_total: purple.priceCents });
    expect(await orderById(shipFree.orderId)).toMatchObject({ shippingCents: 0, totalCents: purple.priceCents });
  });

  it("a UK checkout with a fixed pound amount: the amount is spread over the lines to the penny, shown with the VAT, and Stripe's total is the order's", async () => {
    const white = await variantOf("r36s", "White");
    const black = await variantOf("r36pro", "Black");
    const admin = { id: "admin-1", email: "boss@example.com" };
    await saveDiscount(null, discountFormSchema.parse({ code: "TENPOUNDS", title: "Ten", kind: "fixed", amounts: { USD: "12", GBP: "10" } }), admin);
    const { cartId } = await cartWith([
      { variantId: white.id, quantity: 3 },
      { variantId: black.id, quantity: 1 },
    ]);
    await setCartDiscountCode(cartId, "TENPOUNDS");
    const started = await startCheckout({ cartId, userId: null, details: { ...buyer(12), country: "GB", postalCode: "N1 1AA", city: "London" } });
    const p = fake.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params;
    const items = [0, 1].map((i) => ({
      quantity: p.get(`line_items[${i}][quantity]`),
      amount: Number(p.get(`line_items[${i}][price_data][unit_amount]`)),
      currency: p.get(`line_items[${i}][price_data][currency]`),
      name: p.get(`line_items[${i}][price_data][product_data][name]`),
    }));
    // 3 × £39.99 = £119.97 and £47.99: £10 in proportion is £7.14 and £2.86 (they add up to £10.00).
    expect(items).toEqual([
      { quantity: "1", amount: 11997 - 714, currency: "gbp", name: "R36S Retro Handheld (White) × 3, TENPOUNDS applied" },
      { quantity: "1", amount: 4799 - 286, currency: "gbp", name: "R36PRO Handheld Console (Black) × 1, TENPOUNDS applied" },
    ]);
    expect(p.get("custom_text[submit][message]")).toMatch(/^Includes discount TENPOUNDS -£10\.00\. Including VAT \(20%\) £\d+\.\d\d$/);
    const order = await orderById(started.orderId);
    expect(order).toMatchObject({ currency: "gbp", subtotalCents: 11997 + 4799 });
    expect(order.totalCents).toBe(11997 + 4799 - 1000 + order.shippingCents);
    expect(fake.sessions.get(started.sessionId)).toMatchObject({ amount_total: order.totalCents, currency: "gbp" });
  });

  it("confirms a payment from a webhook signed by the SDK's test helper; brand and last 4 come from the charge", async () => {
    const black = await variantOf("r36pro", "Black");
    const stock = await stockOf(black.id);
    const started = await startCheckout({ cartId: (await cartWith([{ variantId: black.id, quantity: 1 }])).cartId, userId: null, details: buyer(2) });
    const event = sessionEvent("checkout.session.completed", started.sessionId, { payment_status: "paid", payment_intent: "pi_fake_2" });

    expect((await deliver(event, "t=1,v1=bad")).status).toBe(400);
    expect((await orderById(started.orderId)).status).toBe("pending");
    // The test provider's endpoint is closed while Stripe is the provider.
    expect((await postTestWebhook(JSON.stringify(event), "t=1,v1=x")).status).toBe(404);

    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
    const order = await orderById(started.orderId);
    expect(order).toMatchObject({ status: "processing", paymentProvider: "stripe", paymentIntentId: "pi_fake_2", paymentBrand: "mastercard", paymentLast4: "4444" });
    expect(await stockOf(black.id)).toBe(stock - 1);
  });

  it("waits for async_payment_succeeded when a completed session is still unpaid; async failure releases the units", async () => {
    const orange = await variantOf("r36pro", "Orange");
    const a = await startCheckout({ cartId: (await cartWith([{ variantId: orange.id, quantity: 1 }])).cartId, userId: null, details: buyer(3) });
    await deliver(sessionEvent("checkout.session.completed", a.sessionId, { payment_status: "unpaid", payment_intent: "pi_fake_3" }));
    expect((await orderById(a.orderId)).status).toBe("pending");
    await deliver(sessionEvent("checkout.session.async_payment_succeeded", a.sessionId, { payment_status: "paid", payment_intent: "pi_fake_3" }));
    expect((await orderById(a.orderId)).status).toBe("processing");

    const b = await startCheckout({ cartId: (await cartWith([{ variantId: orange.id, quantity: 1 }])).cartId, userId: null, details: buyer(4) });
    await deliver(sessionEvent("checkout.session.async_payment_failed", b.sessionId, { payment_status: "unpaid" }));
    expect((await orderById(b.orderId)).status).toBe("payment_failed");
    const c = await startCheckout({ cartId: (await cartWith([{ variantId: orange.id, quantity: 1 }])).cartId, userId: null, details: buyer(5) });
    await deliver(sessionEvent("checkout.session.expired", c.sessionId));
    expect((await orderById(c.orderId)).status).toBe("cancelled");
  });

  it("refunds through Stripe a payment that arrived after its units were sold", async () => {
    const white = await variantOf("r36pro", "White");
    await setStock(white.id, 1);
    const late = await startCheckout({ cartId: (await cartWith([{ variantId: white.id, quantity: 1 }])).cartId, userId: null, details: buyer(6) });
    await lapseReservation(late.orderId);
    const prompt = await startCheckout({ cartId: (await cartWith([{ variantId: white.id, quantity: 1 }])).cartId, userId: null, details: buyer(7) });
    await deliver(sessionEvent("checkout.session.completed", prompt.sessionId, { payment_status: "paid", payment_intent: "pi_fake_prompt" }));
    await deliver(sessionEvent("checkout.session.completed", late.sessionId, { payment_status: "paid", payment_intent: "pi_fake_late" }));

    const refund = fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)!;
    expect(refund.params.get("payment_intent")).toBe("pi_fake_late");
    expect(refund.headers["idempotency-key"]).toBe(`refund-${late.orderId}`);
    expect((await orderById(late.orderId)).status).toBe("cancelled");
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, late.orderId));
    expect(events.find((e) => e.type === "refunded")?.note).toContain("re_fake_");
    expect(await stockOf(white.id)).toBe(0);
  });

  it("a staff refund of one line of two goes to Stripe's refunds API for that line's amount; the timeline shows Stripe's refund id", async () => {
    const admin = { id: "stripe-refund-admin", email: "stripe.refund.admin@pocketretro.example" };
    await db().insert(user).values({ id: admin.id, name: "Refund Admin", email: admin.email, role: "owner" });
    const [purple, black] = [await variantOf("r36s", "Purple"), await variantOf("r36pro", "Black")];
    const stock = await stockOf(purple.id);
    const cart = await cartWith([
      { variantId: purple.id, quantity: 2 },
      { variantId: black.id, quantity: 1 },
    ]);
    const order = await startCheckout({ cartId: cart.cartId, userId: null, details: buyer(10) });
    await deliver(sessionEvent("checkout.session.completed", order.sessionId, { payment_status: "paid", payment_intent: "pi_fake_partial" }));
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    const purpleLine = items.find((i) => i.variantId === purple.id)!;
    const before = fake.requests.filter((r) => r.path === "/v1/refunds").length;

    const actionKey = crypto.randomUUID();
    const outcome = await refundOrder(order.orderId, { lines: [{ itemId: purpleLine.id, quantity: 1, restock: true }], actionKey, extraCents: 0, reason: "Cracked screen" }, admin);

    const refunds = fake.requests.filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(before + 1);
    const sent = refunds.at(-1)!;
    // One unit of the Purple line, not the order's total.
    expect(sent.params.get("amount")).toBe(String(purpleLine.unitPriceCents));
    expect(sent.params.get("payment_intent")).toBe("pi_fake_partial");
    expect(sent.params.get("metadata[reason]")).toBe("Cracked screen");
    // The business action's key (issue 25), not the refund row's id: a retry of the action is one refund.
    expect(sent.headers["idempotency-key"]).toBe(actionKey);
    expect(outcome).toMatchObject({ status: "succeeded", amountCents: purpleLine.unitPriceCents, providerRefundId: expect.stringMatching(/^re_fake_\d+$/) });

    const detail = (await getAdminOrder(order.orderId))!;
    expect(detail.refunds).toEqual([expect.objectContaining({ amountCents: purpleLine.unitPriceCents, status: "succeeded", providerRefundId: outcome.providerRefundId })]);
    const refunded = detail.history.find((e) => e.type === "refunded")!;
    expect(refunded.note).toContain(`(${outcome.providerRefundId})`);
    expect(refunded.by).toBe(admin.email);
    expect(detail.refundedCents).toBeLessThan(detail.totalCents);
    expect(await stockOf(purple.id)).toBe(stock - 1);
  });

  it("reconciliation asks Stripe for sessions whose webhook never came: paid ones confirmed, expired ones closed", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    const stock = await stockOf(teal.id);
    const checkout = () => cartWith([{ variantId: teal.id, quantity: 1 }]).then(({ cartId }) => startCheckout({ cartId, userId: null, details: buyer(9) }));
    const [paid, expired, open] = [await checkout(), await checkout(), await checkout()];
    Object.assign(fake.sessions.get(paid.sessionId)!, { status: "complete", payment_status: "paid", payment_intent: "pi_fake_reconciled" });
    fake.sessions.get(expired.sessionId)!.status = "expired";

    // Earlier tests' unpaid orders are asked about too.
    expect(await reconcilePayments()).toMatchObject({ confirmed: 1, soldOut: 0, errors: 0 });
    const asked = fake.requests.filter((r) => r.method === "GET").map((r) => r.path);
    expect(asked).toEqual(expect.arrayContaining([paid, expired, open].map((o) => `/v1/checkout/sessions/${o.sessionId}`)));
    expect(await orderById(paid.orderId)).toMatchObject({ status: "processing", paymentIntentId: "pi_fake_reconciled", paymentBrand: "mastercard", paymentLast4: "4444" });
    expect(await orderById(expired.orderId)).toMatchObject({ status: "cancelled", cancelReason: "The payment session expired" });
    expect((await orderById(open.orderId)).status).toBe("pending");
    expect(await stockOf(teal.id)).toBe(stock - 1);

    // Stripe's own (late) webhook for the paid session changes nothing.
    expect((await deliver(sessionEvent("checkout.session.completed", paid.sessionId, { payment_status: "paid", payment_intent: "pi_fake_reconciled" }))).status).toBe(200);
    expect(await stockOf(teal.id)).toBe(stock - 1);
    const history = await db().select().from(orderEvents).where(eq(orderEvents.orderId, paid.orderId));
    expect(history.filter((e) => e.type === "paid")).toHaveLength(1);
  });

  it("a refused session becomes 'Payment setup failed' with Stripe's message, and the units are released", async () => {
    const purple = await variantOf("r36pro", "Purple");
    fake.state.failNextSession = "Amount must be at least 50 cents";
    const error = await startCheckout({ cartId: (await cartWith([{ variantId: purple.id, quantity: 1 }])).cartId, userId: null, details: buyer(8) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaymentSetupError);
    expect((error as Error).message).toBe("Amount must be at least 50 cents");
    const holds = await db().select().from(stockReservations).where(eq(stockReservations.variantId, purple.id));
    expect(holds.every((h) => h.releasedAt !== null)).toBe(true);
  });
});
