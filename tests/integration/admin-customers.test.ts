import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { customerAddresses, newsletterSubscribers, orderItems, orders, user } from "../../server/db/schema";
import { getCustomer, listCustomers } from "../../server/customers/admin";
import { customerCsvChunks } from "../../server/customers/export";
import { parseCsv } from "../../server/http/csv";
import { addOrderNote } from "../../server/orders/admin";
import { refundOrder } from "../../server/orders/refunds";
import { startBus } from "../../server/realtime/bus";
import { customerKey, emailOfCustomerKey } from "../../core/customer-key";
import { checkoutOf, paidOrderOf, useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const admin = { id: "customers-admin", email: "customers.admin@pocketretro.example" };

describe("customers", () => {
  useTestDatabase();
  useCatalogue();
  const o: Record<string, { orderId: string; orderNumber: string }> = {};

  beforeAll(async () => {
    await db()
      .insert(user)
      .values([
        { id: admin.id, name: "Customers Admin", email: admin.email, role: "owner" },
        // Registered, paid twice (under an email typed in another case once), saved an address, subscribed.
        { id: "cust-80", name: "Buyer Registered80", email: "buyer80@example.com", role: "user", emailVerified: true },
        // Registered, never ordered.
        { id: "cust-90", name: "Nora Noorders", email: "nora@example.com", role: "user", emailVerified: true, createdAt: new Date(Date.now() - 5 * 86_400_000) },
      ]);
    await startBus();
    o.first = await paidOrderOf(80, [{ colour: "White", quantity: 2 }]);
    o.second = await paidOrderOf(80, [{ colour: "Black", quantity: 1 }]);
    await db().update(orders).set({ email: "Buyer80@Example.com", shipLine1: "9 Other Road" }).where(eq(orders.id, o.second.orderId));
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, o.first.orderId));
    await refundOrder(o.first.orderId, { lines: [{ itemId: line.id, quantity: 1, restock: true }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "Scratched" }, admin);
    await addOrderNote(o.first.orderId, "Prefers delivery after 6 pm", admin);
    await db().insert(customerAddresses).values({ userId: "cust-80", name: "Buyer Registered80", line1: "80 Test Street", city: "London", postalCode: "N1 1AA", country: "GB" });
    await db().insert(newsletterSubscribers).values({ email: "BUYER80@example.com" });
    // A guest who paid once, and one who only abandoned a checkout (not a customer).
    o.guest = await paidOrderOf(81, [{ colour: "Orange", quantity: 1 }]);
    await checkoutOf(82, [{ colour: "Orange", quantity: 1 }]);
  });

  it("lists everyone who paid or registered, with paid orders, spent after refunds, last order and consent", async () => {
    const list = await listCustomers({});
    expect(list.total).toBe(3);
    const by = Object.fromEntries(list.rows.map((r) => [r.email, r]));
    expect(Object.keys(by).sort()).toEqual(["buyer80@example.com", "buyer81@example.com", "nora@example.com"]);
    expect(by["buyer80@example.com"]).toMatchObject({ name: "Buyer Registered80", registered: true, orderCount: 2, totalSpentCents: 3 * 4999 - 4999 + 1299 /* US Standard on the order under $75 */, newsletter: true, key: customerKey("buyer80@example.com") });
    expect(by["buyer81@example.com"]).toMatchObject({ name: "Buyer Number81", registered: false, orderCount: 1, totalSpentCents: 4999 + 1299, newsletter: false });
    expect(by["nora@example.com"]).toMatchObject({ registered: true, orderCount: 0, totalSpentCents: 0, lastOrderAt: null });
    // Most recently seen first: the guest's order is the newest, Nora registered days ago.
    expect(list.rows.map((r) => r.email)).toEqual(["buyer81@example.com", "buyer80@example.com", "nora@example.com"]);
  });

  it("searches any part of the name or email", async () => {
    const emails = async (q: string) => (await listCustomers({ q })).rows.map((r) => r.email).sort();
    expect(await emails("registered")).toEqual(["buyer80@example.com"]);
    expect(await emails("NOORD")).toEqual(["nora@example.com"]);
    expect(await emails("example.com")).toHaveLength(3);
    expect(await emails("81@exa")).toEqual(["buyer81@example.com"]);
    expect(await emails("%")).toEqual([]);
    expect(await listCustomers({ q: "buyer", pageSize: 1, page: 9 })).toMatchObject({ total: 2, page: 2, pageCount: 2 });
  });

  it("shows one customer's orders, addresses and staff notes; nobody else's", async () => {
    const c = (await getCustomer("buyer80@example.com"))!;
    expect(c).toMatchObject({ orderCount: 2, totalSpentCents: 2 * 4999 + 1299 /* US Standard on the order under $75 */, registered: true, newsletter: true });
    expect(c.orders.map((x) => x.number).sort()).toEqual([o.first.orderNumber, o.second.orderNumber].sort());
    // Orders now ship to the US by default (checkout prices by destination), so the order address is listed too.
    expect(c.addresses).toEqual(expect.arrayContaining([
      { name: "Buyer Registered80", line1: "80 Test Street", line2: null, city: "London", region: null, postalCode: "N1 1AA", country: "GB", source: "account" },
      expect.objectContaining({ line1: "9 Other Road", source: "order" }),
    ]));
    expect(c.notes).toEqual([{ orderId: o.first.orderId, orderNumber: o.first.orderNumber, note: "Prefers delivery after 6 pm", at: expect.any(String), by: admin.email }]);

    expect((await getCustomer("nora@example.com"))!).toMatchObject({ orderCount: 0, orders: [], addresses: [], notes: [] });
    expect(await getCustomer("buyer82@example.com")).toBeNull();
    expect(await getCustomer(admin.email)).toBeNull();
  });

  it("keys a customer by their email, and refuses what is not a key", () => {
    expect(emailOfCustomerKey(customerKey(" Zoë.O'Brien+shop@Example.co.uk "))).toBe("zoë.o'brien+shop@example.co.uk");
    expect(emailOfCustomerKey(crypto.randomUUID())).toBeNull();
    expect(emailOfCustomerKey("not a key")).toBeNull();
    expect(emailOfCustomerKey(btoa("no-at-sign"))).toBeNull();
  });

  it("exports the list as CSV, streamed in batches; spent adds orders in other currencies in US dollars at each order's own rate", async () => {
    // The guest's order as a UK order: £49.79 at 0.79 to the dollar is $63.03, whatever the rate is today.
    await db().update(orders).set({ currency: "gbp", rateMicros: 790_000, totalCents: 4979 }).where(eq(orders.id, o.guest.orderId));
    expect((await getCustomer("buyer81@example.com"))!.totalSpentCents).toBe(6303);
    const text = async (q?: string, batch?: number) => {
      let all = "";
      for await (const chunk of customerCsvChunks(q, "UTC", batch)) all += chunk;
      return parseCsv(all)!;
    };
    const [header, ...rows] = await text();
    expect(header).toEqual(["name", "email", "account", "orders", "spent (USD)", "last order (UTC)", "newsletter"]);
    expect(rows.map((r) => r[1])).toEqual(["buyer80@example.com", "buyer81@example.com", "nora@example.com"]);
    expect(rows[0]).toEqual(["Buyer Registered80", "buyer80@example.com", "Account", "2", "112.97", expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/), "yes"]);
    expect(rows[1].slice(2, 5)).toEqual(["Guest", "1", "63.03"]);
    expect(rows[2].slice(3, 7)).toEqual(["0", "0.00", "", "no"]);
    // One per batch: the keyset on the email visits each customer once.
    expect(await text(undefined, 1)).toEqual([header, ...rows]);
    expect((await text("NOORD")).slice(1).map((r) => r[1])).toEqual(["nora@example.com"]);
  });
});
