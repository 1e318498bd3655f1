import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as lookupAction, loader as lookupLoader } from "../../app/routes/shop/order-lookup";
import { loader as successLoader } from "../../app/routes/shop/checkout-success";
import { action as cartAction } from "../../app/routes/shop/cart";
import { action as checkoutAction } from "../../app/routes/shop/checkout";
import { getAdminOrder } from "../../server/orders/admin";
import { readTestSession } from "../../server/payments/test-provider";
import { ORDER_NOTE_MAX, checkoutSchema } from "../../core/checkout-form";
import { user } from "../../server/auth/schema";
import { db } from "../../server/db/client";
import { getOrderForUser } from "../../server/orders";
import { fulfilOrder } from "../../server/orders/fulfil";
import { orders } from "../../server/orders/schema";
import { returnEligibility } from "../../server/orders/returns";
import { startBus } from "../../server/realtime/bus";
import { RETURN_WINDOW_CLOSED } from "../../core/order-view";
import { orderLookupPath } from "../../core/order-lookup";
import { outboxMail } from "../../server/mail/schema";
import { answer, call, post } from "./route-calls";
import { buyer, orderById, paidOrderOf, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/** Issue 31 (the shopper's side, round 3): the server's rules behind what the customer now sees. */
describe("the customer's view of a shipped order", () => {
  useTestDatabase();
  useCatalogue();
  const admin = { id: "round3-admin", email: "round3.admin@pocketretro.example" };
  const customer = { id: "round3-customer", email: "buyer80@example.com" };

  beforeAll(async () => {
    await db().insert(user).values([
      { id: admin.id, name: "Round Three", email: admin.email, role: "owner" },
      { id: customer.id, name: "Round Customer", email: customer.email, role: "user" },
    ]);
    await startBus();
  });

  /** The looked-up order's page, as a browser that found it by number and email gets it. */
  async function lookedUp(number: string, email: string) {
    const found = answer(await call(lookupAction, post("/orders/lookup", { number, email }), { clientIp: "198.51.100.31" }));
    expect(found.status).toBe(303);
    const cookie = found.headers.get("Set-Cookie")!.split(";")[0];
    const page = (await call(lookupLoader, new Request("http://localhost:3000/orders/lookup", { headers: { Cookie: cookie } }))) as Awaited<ReturnType<typeof lookupLoader>>;
    return page.order!;
  }

  it("shows no shipment before fulfilment; after it the carrier's name, the number and the carrier's tracking link, on the account and the lookup", async () => {
    const paid = await paidOrderOf(80, [{ colour: "Orange", quantity: 1 }]);
    await db().update(orders).set({ userId: customer.id }).where(eq(orders.id, paid.orderId));
    const { number } = await orderById(paid.orderId);
    expect((await getOrderForUser(customer.id, paid.orderId))!.shipment).toBeNull();
    expect((await lookedUp(number, customer.email)).shipment).toBeNull();

    await fulfilOrder(paid.orderId, { carrier: "royal_mail", trackingNumber: "RM 123/456GB" }, admin);
    const { fulfilledAt } = await orderById(paid.orderId);
    const expected = {
      shippedAt: fulfilledAt,
      carrier: "Royal Mail",
      trackingNumber: "RM 123/456GB",
      // The number is encoded into the carrier's address, never pasted raw.
      trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/RM%20123%2F456GB",
    };
    expect((await getOrderForUser(customer.id, paid.orderId))!.shipment).toEqual(expected);
    expect((await lookedUp(number, customer.email)).shipment).toEqual(expected);
    // Someone else's account still sees nothing of it.
    expect(await getOrderForUser("someone-else", paid.orderId)).toBeNull();
  });

  it("a carrier without a tracking page ('Other') shows the number without a link; no carrier, no number: the date alone", async () => {
    const other = await paidOrderOf(81, [{ colour: "Black", quantity: 1 }]);
    await fulfilOrder(other.orderId, { carrier: "other", trackingNumber: "LOCAL-77" }, admin);
    const { number } = await orderById(other.orderId);
    expect((await lookedUp(number, "buyer81@example.com")).shipment).toMatchObject({ carrier: "Other", trackingNumber: "LOCAL-77", trackingUrl: null });

    const bare = await paidOrderOf(82, [{ colour: "White", quantity: 1 }]);
    await fulfilOrder(bare.orderId, { carrier: null, trackingNumber: null }, admin);
    const bareNumber = (await orderById(bare.orderId)).number;
    expect((await lookedUp(bareNumber, "buyer82@example.com")).shipment).toMatchObject({ carrier: null, trackingNumber: null, trackingUrl: null });
  });

  it("the success page names the delivery address", async () => {
    const paid = await paidOrderOf(84, [{ colour: "White", quantity: 1 }]);
    const page = answer(await call(successLoader, new Request(`http://localhost:3000/checkout-success?session_id=${encodeURIComponent(paid.sessionId)}`)));
    expect(page.body).toMatchObject({
      order: { name: "Buyer Number84", shipping: { line1: "84 Test Street", city: "Springfield", region: "IL", postalCode: "62701", country: "US" } },
    });
  });

  it("the return window counts 30 days from dispatch, and the refusal says so", async () => {
    const dispatchedAt = new Date("2026-10-01T12:00:00Z");
    const closesAt = new Date("2026-10-31T12:00:00Z");
    expect(returnEligibility({ status: "completed", fulfilledAt: dispatchedAt }, closesAt)).toEqual({ open: true, closesAt });
    expect(returnEligibility({ status: "completed", fulfilledAt: dispatchedAt }, new Date(closesAt.getTime() + 1))).toEqual({ open: false, closesAt });
    expect(RETURN_WINDOW_CLOSED).toContain("30 days from the date your order was dispatched");
    expect(RETURN_WINDOW_CLOSED).not.toMatch(/deliver/);
  });

  it("the confirmation email links the lookup page with its order number, and the page opens with it filled in", async () => {
    const paid = await paidOrderOf(83, [{ colour: "Purple", quantity: 1 }]);
    const { number } = await orderById(paid.orderId);
    const [confirmation] = await db().select().from(outboxMail).where(eq(outboxMail.to, "buyer83@example.com"));
    const link = /Follow your order at any time: (\S+)/.exec(confirmation.text)?.[1];
    expect(link).toMatch(/^https?:\/\/[^/]+\/orders\/lookup\?number=/);
    expect(new URL(link!).search).toBe(`?number=${encodeURIComponent(number)}`);
    const page = (await call(lookupLoader, new Request(`http://localhost:3000${orderLookupPath(number)}`))) as Awaited<ReturnType<typeof lookupLoader>>;
    expect(page).toEqual({ order: null, number });
    // Normalised as the form would (a "#", lower case, spaces); nonsense or an over-long value opens an empty form.
    const typed = (await call(lookupLoader, new Request(`http://localhost:3000/orders/lookup?number=${encodeURIComponent(` #${number.toLowerCase()}`)}`))) as { number: string };
    expect(typed.number).toBe(number);
    const long = (await call(lookupLoader, new Request(`http://localhost:3000/orders/lookup?number=${"X".repeat(41)}`))) as { number: string };
    expect(long.number).toBe("");
  });
});

describe("the order note at checkout", () => {
  useTestDatabase();
  useCatalogue();

  /** Checks out one Orange R36S through the checkout page's action, with these extra fields. */
  async function checkOut(n: number, extra: Record<string, string>) {
    const orange = await variantOf("r36s", "Orange");
    const added = answer(await call(cartAction, post("/cart", { intent: "add", variantId: orange.id, quantity: "1" })));
    const cookie = added.headers.get("Set-Cookie")!.split(";")[0];
    return answer(await call(checkoutAction, post("/checkout", { ...buyer(n), line2: "", ...extra } as Record<string, string>, { Cookie: cookie }), { clientIp: `198.51.100.${n}` }));
  }

  it("is optional, trimmed, and at most 500 characters (the form's one schema)", () => {
    const details = { ...buyer(90), line2: "" };
    expect(checkoutSchema.parse(details).note).toBeUndefined();
    expect(checkoutSchema.parse({ ...details, note: "   " }).note).toBeUndefined();
    expect(checkoutSchema.parse({ ...details, note: "  Gift: no invoice, please.  " }).note).toBe("Gift: no invoice, please.");
    expect(checkoutSchema.parse({ ...details, note: "x".repeat(ORDER_NOTE_MAX) }).note).toHaveLength(500);
    const long = checkoutSchema.safeParse({ ...details, note: "x".repeat(ORDER_NOTE_MAX + 1) });
    expect(long.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["note", "Your note can be at most 500 characters."]]);
  });

  it("a note over the limit is a 400 with the message under the field, and no order is placed", async () => {
    const before = (await db().select({ id: orders.id }).from(orders)).length;
    const res = await checkOut(91, { note: "x".repeat(501) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ kind: "invalid", fieldErrors: { note: "Your note can be at most 500 characters." }, values: { note: "x".repeat(501) } });
    expect((await db().select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it("is stored on the order as typed (markup stays text) and reaches the staff's order view and the customer's", async () => {
    const note = "Gift for Sam <b>not</b> a <script>alert(1)</script>\nLeave with no. 12";
    const res = await checkOut(92, { note });
    expect(res.status).toBe(303);
    const session = readTestSession(decodeURIComponent(res.headers.get("Location")!.split("/pay/test/")[1]))!;
    const order = await orderById(session.orderId);
    expect(order.customerNote).toBe(note);
    expect((await getAdminOrder(order.id))!.customerNote).toBe(note);
    await db().insert(user).values({ id: "note-customer", name: "Note Customer", email: "buyer92@example.com", role: "user" });
    await db().update(orders).set({ userId: "note-customer" }).where(eq(orders.id, order.id));
    expect((await getOrderForUser("note-customer", order.id))!.customerNote).toBe(note);
    // Without a note: null, not an empty string.
    const plain = await checkOut(93, {});
    const plainSession = readTestSession(decodeURIComponent(plain.headers.get("Location")!.split("/pay/test/")[1]))!;
    expect((await orderById(plainSession.orderId)).customerNote).toBeNull();
  });

  it("the database refuses a note over the limit written around the form", async () => {
    const paid = await paidOrderOf(94, [{ colour: "White", quantity: 1 }]);
    await expect(db().update(orders).set({ customerNote: "x".repeat(ORDER_NOTE_MAX + 1) }).where(eq(orders.id, paid.orderId))).rejects.toThrow();
    await db().update(orders).set({ customerNote: "y".repeat(ORDER_NOTE_MAX) }).where(eq(orders.id, paid.orderId));
    expect((await orderById(paid.orderId)).customerNote).toHaveLength(ORDER_NOTE_MAX);
  });
});
