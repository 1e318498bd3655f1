import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as lookupAction, loader as lookupLoader } from "../../app/routes/shop/order-lookup";
import { user } from "../../server/auth/schema";
import { db } from "../../server/db/client";
import { fulfilOrder } from "../../server/orders/fulfil";
import { ORDER_LOOKUP_RATE_LIMIT } from "../../server/orders/lookup";
import { orderItems, returnRequests } from "../../server/orders/schema";
import { startBus } from "../../server/realtime/bus";
import { ORDER_LOOKUP_NOT_FOUND } from "../../core/order-lookup";
import { answer, call, post } from "./route-calls";
import { checkoutOf, orderById, paidOrderOf, useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/** The lookup form posted from a client address (each test its own, so limits do not meet). */
function lookup(fields: Record<string, string>, ip: string, cookie?: string) {
  return Promise.resolve(call(lookupAction, post("/orders/lookup", fields, cookie ? { Cookie: cookie } : {}), { clientIp: ip })).then(answer);
}

async function pageFor(cookie: string) {
  return (await call(lookupLoader, new Request("http://localhost:3000/orders/lookup", { headers: { Cookie: cookie } }))) as Awaited<ReturnType<typeof lookupLoader>>;
}

describe("order lookup by number and email", () => {
  useTestDatabase();
  useCatalogue();
  const admin = { id: "lookup-admin", email: "lookup.admin@pocketretro.example" };

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Lookup Admin", email: admin.email, role: "owner" });
    await startBus();
  });

  it("shows the placed order when number and email match (any case, a leading #), through a signed cookie", async () => {
    const paid = await paidOrderOf(70, [{ colour: "Purple", quantity: 2 }]);
    const { number } = await orderById(paid.orderId);
    const found = await lookup({ number: ` #${number.toLowerCase()} `, email: "BUYER70@example.com" }, "198.51.100.1");
    expect(found.status).toBe(303);
    expect(found.headers.get("Location")).toBe("/orders/lookup");
    const cookie = found.headers.get("Set-Cookie")!.split(";")[0];
    expect(cookie).toMatch(/^order-lookup=/);

    const page = await pageFor(cookie);
    expect(page.order).toMatchObject({ id: paid.orderId, number, email: "buyer70@example.com", status: "processing" });
    expect(page.order!.lines).toMatchObject([{ title: expect.stringMatching(/^R36S/), variantName: "Purple", quantity: 2 }]);
    // Without the cookie (or with a forged one) the page is the empty form.
    expect((await pageFor("order-lookup=" + encodeURIComponent(paid.orderId))).order).toBeNull();
    expect((await call(lookupLoader, new Request("http://localhost:3000/orders/lookup"))) as unknown).toEqual({ order: null, number: "" });

    // "Look up another order" forgets it.
    const forgot = await lookup({ intent: "forget" }, "198.51.100.1", cookie);
    expect(forgot.status).toBe(303);
    expect(forgot.headers.get("Set-Cookie")).toMatch(/^order-lookup=; Max-Age=0/);
  });

  it("answers a wrong number, a wrong email, both, and an unpaid checkout exactly alike", async () => {
    const paid = await paidOrderOf(71, [{ colour: "White", quantity: 1 }]);
    const { number } = await orderById(paid.orderId);
    const unpaid = await checkoutOf(72, [{ colour: "Black", quantity: 1 }]);
    const unpaidNumber = (await orderById(unpaid.orderId)).number;
    const answers = [
      await lookup({ number: "PR-000000-ZZZZZ", email: "buyer71@example.com" }, "198.51.100.2"),
      await lookup({ number, email: "someone@example.com" }, "198.51.100.2"),
      await lookup({ number: "PR-000000-ZZZZZ", email: "someone@example.com" }, "198.51.100.2"),
      await lookup({ number: unpaidNumber, email: "buyer72@example.com" }, "198.51.100.2"),
    ];
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(a.headers.get("Set-Cookie")).toBeNull();
      expect(a.body).toMatchObject({ kind: "not-found", message: ORDER_LOOKUP_NOT_FOUND });
    }
    // Nothing in the answer but what was typed: the body differs only by the values echoed back.
    const shapes = answers.map((a) => JSON.stringify({ ...(a.body as object), values: null }));
    expect(new Set(shapes).size).toBe(1);

    const invalid = await lookup({ number: "", email: "nope" }, "198.51.100.2");
    expect(invalid).toMatchObject({ status: 400, body: { kind: "invalid", fieldErrors: { number: "Please enter your order number.", email: "Please enter a valid email address." } } });
  });

  it("limits lookups per client address: over the limit a 429 with Retry-After, whether or not the order matches; other clients unaffected", async () => {
    const paid = await paidOrderOf(73, [{ colour: "Purple", quantity: 1 }]);
    const { number } = await orderById(paid.orderId);
    for (let i = 0; i < ORDER_LOOKUP_RATE_LIMIT.limit; i++) {
      expect((await lookup({ number: `PR-000000-${String(i).padStart(5, "A")}`, email: "guess@example.com" }, "198.51.100.3")).status).toBe(404);
    }
    const limited = await lookup({ number, email: "buyer73@example.com" }, "198.51.100.3");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ kind: "rate-limited", message: expect.stringMatching(/^Too many lookups from your connection\. Please try again in \d+ minutes?\.$/) });
    expect(limited.headers.get("Set-Cookie")).toBeNull();
    expect((await lookup({ number, email: "buyer73@example.com" }, "198.51.100.4")).status).toBe(303);
  });

  it("lets whoever looked the order up ask for a return once it is delivered, and nobody without the lookup", async () => {
    const paid = await paidOrderOf(74, [{ colour: "White", quantity: 1 }]);
    const { number } = await orderById(paid.orderId);
    await fulfilOrder(paid.orderId, { carrier: "dpd", trackingNumber: "L1" }, admin);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, paid.orderId));
    const fields = { intent: "return", [`qty.${item.id}`]: "1", reason: "Wrong colour" };

    // No lookup cookie: back to the form, nothing asked.
    const without = await lookup(fields, "198.51.100.5");
    expect(without.status).toBe(303);
    expect(await db().select().from(returnRequests).where(eq(returnRequests.orderId, paid.orderId))).toEqual([]);

    const cookie = (await lookup({ number, email: "buyer74@example.com" }, "198.51.100.5")).headers.get("Set-Cookie")!.split(";")[0];
    expect((await pageFor(cookie)).order!.returnWindow.open).toBe(true);
    const asked = await lookup(fields, "198.51.100.5", cookie);
    expect(asked).toMatchObject({ status: 200, body: { ok: true, message: "Your return request was sent. We will email you the return instructions." } });
    const [request] = await db().select().from(returnRequests).where(eq(returnRequests.orderId, paid.orderId));
    expect(request).toMatchObject({ status: "requested", reason: "Wrong colour", lines: [{ itemId: item.id, quantity: 1 }] });
    expect((await lookup(fields, "198.51.100.5", cookie)).body).toMatchObject({ ok: false, message: "A return for this order is already under way." });
  });
});
