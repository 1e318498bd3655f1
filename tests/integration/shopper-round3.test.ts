import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as lookupAction, loader as lookupLoader } from "../../app/routes/shop/order-lookup";
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
import { orderById, paidOrderOf, useCatalogue } from "./shop-helpers";
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
