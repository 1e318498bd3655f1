import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addAddress } from "../../server/accounts/address";
import { deleteAccount } from "../../server/accounts/delete-account";
import { ANONYMISED } from "../../server/orders/customer-orders";
import { WrongPasswordError } from "../../server/auth/password-check";
import { getOrderForUser, listOrdersForUser } from "../../server/orders/customer-orders";
import { ensureFirstAdmin } from "../../server/auth/admins";
import { getSessionUser } from "../../server/auth/session";
import { config, DEMO_ADMIN_PASSWORD, setConfig } from "../../server/config";
import { hasDemoPassword, passwordChangeRequired } from "../../server/auth/demo-password";
import { signInAdmin } from "../../server/auth/sign-in";
import { db } from "../../server/db/client";
import { account, session, user } from "../../server/auth/schema";
import { customerAddresses } from "../../server/accounts/schema";
import { orderItems, orders } from "../../server/orders/schema";
import { createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { useTestDatabase } from "./test-db";

async function userId(email: string) {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  return row.id;
}

async function placeOrder(ownerId: string | null, email: string, number: string, createdAt = new Date()) {
  const [order] = await db()
    .insert(orders)
    .values({
      number,
      userId: ownerId,
      email,
      name: "Grace Hopper",
      shipLine1: "1 Compiler Way",
      shipLine2: "Flat 2",
      shipCity: "Arlington",
      shipPostalCode: "22201",
      shipCountry: "US",
      status: "processing",
      subtotalCents: 4999,
      totalCents: 4999,
      paymentProvider: "test",
      paymentBrand: "visa",
      paymentLast4: "4242",
      createdAt,
      paidAt: createdAt,
    })
    .returning();
  await db().insert(orderItems).values({ orderId: order.id, title: "R36S", variantName: "Purple", unitPriceCents: 4999, quantity: 1 });
  return order;
}

const ADDRESS = { name: "Grace Hopper", line1: "1 Compiler Way", line2: undefined, city: "Arlington", region: "VA", postalCode: "22201", country: "US" as const };

describe("customer accounts", () => {
  useTestDatabase();
  afterEach(() => vi.restoreAllMocks());

  it("lists only the customer's own orders, newest first, and hides other customers' orders", async () => {
    await createCustomer("grace@example.com");
    await createCustomer("alan@example.com");
    const grace = await userId("grace@example.com");
    const alan = await userId("alan@example.com");
    const older = await placeOrder(grace, "grace@example.com", "PR-1001", new Date("2026-01-02T10:00:00Z"));
    const newer = await placeOrder(grace, "grace@example.com", "PR-1002", new Date("2026-03-04T10:00:00Z"));
    const alans = await placeOrder(alan, "alan@example.com", "PR-1003");
    // An unpaid checkout (abandoned at the payment page) is not an order the customer placed.
    const unpaid = await placeOrder(grace, "grace@example.com", "PR-1004");
    await db().update(orders).set({ status: "pending", paidAt: null }).where(eq(orders.id, unpaid.id));

    const list = await listOrdersForUser(grace);
    expect(list.map((o) => o.number)).toEqual(["PR-1002", "PR-1001"]);
    expect(list[0]).toMatchObject({ id: newer.id, status: "processing", totalCents: 4999, itemCount: 1 });

    const detail = await getOrderForUser(grace, older.id);
    expect(detail?.lines).toEqual([{ id: expect.any(String), title: "R36S", variantName: "Purple", unitPriceCents: 4999, quantity: 1, refundedQuantity: 0, lineTotalCents: 4999 }]);
    expect(detail).toMatchObject({ returns: [], returnWindow: { open: false, closesAt: null } });
    expect(detail?.shipping.city).toBe("Arlington");
    expect(await getOrderForUser(grace, alans.id)).toBeNull();
    expect(await getOrderForUser(grace, "not-a-uuid")).toBeNull();
  });

  it("deletes an account in one go: orders kept but detached and anonymised, sessions and details gone", async () => {
    await createCustomer("leaver@example.com");
    await createCustomer("stayer@example.com");
    const leaver = await userId("leaver@example.com");
    const stayer = await userId("stayer@example.com");
    const cookie = await signInCookie("leaver@example.com");
    await addAddress(leaver, ADDRESS);
    const kept = await placeOrder(leaver, "leaver@example.com", "PR-2001");
    const other = await placeOrder(stayer, "stayer@example.com", "PR-2002");

    await expect(deleteAccount(leaver, "wrong-password")).rejects.toBeInstanceOf(WrongPasswordError);
    expect(await getSessionUser(shopRequest("/account", { cookie }))).not.toBeNull();

    await deleteAccount(leaver, "customer-pass-1");
    expect(await db().select().from(user).where(eq(user.id, leaver))).toEqual([]);
    expect(await db().select().from(session).where(eq(session.userId, leaver))).toEqual([]);
    expect(await db().select().from(account).where(eq(account.userId, leaver))).toEqual([]);
    expect(await db().select().from(customerAddresses).where(eq(customerAddresses.userId, leaver))).toEqual([]);
    expect(await getSessionUser(shopRequest("/account", { cookie }))).toBeNull();

    const [order] = await db().select().from(orders).where(eq(orders.id, kept.id));
    expect(order).toMatchObject({
      userId: null,
      name: ANONYMISED.name,
      shipLine1: ANONYMISED.text,
      shipLine2: null,
      shipCity: ANONYMISED.text,
      shipPostalCode: ANONYMISED.text,
      totalCents: 4999,
      status: "processing",
    });
    expect(order.email).toMatch(/^deleted-[0-9a-f]{8}@deleted\.invalid$/);
    expect(JSON.stringify(order)).not.toContain("leaver@example.com");
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, kept.id))).toHaveLength(1);
    const [untouched] = await db().select().from(orders).where(eq(orders.id, other.id));
    expect(untouched).toMatchObject({ userId: stayer, email: "stayer@example.com", name: "Grace Hopper" });
  });

  it("creates the first admin at start: nobody on PostgreSQL without a password, a generated password in production on the embedded database", async () => {
    const original = config();
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      setConfig({ ...original, embedded: false, demoAdminAllowed: false, ADMIN_PASSWORD: undefined, ADMIN_EMAIL: "first@example.com" });
      await ensureFirstAdmin();
      expect(await db().select().from(user).where(eq(user.role, "owner"))).toEqual([]);
      expect(logged).not.toHaveBeenCalled();

      // Embedded in production (`npm start`): a random password, printed once with the sign-in URL.
      setConfig({ ...original, embedded: true, NODE_ENV: "production", demoAdminAllowed: false, ADMIN_PASSWORD: undefined, ADMIN_EMAIL: "first@example.com" });
      await ensureFirstAdmin();
      expect(logged).toHaveBeenCalledTimes(1);
      const printed = String(logged.mock.calls[0][0]);
      const password = /^Admin created: first@example\.com \/ (\S+)$/m.exec(printed)?.[1] ?? "";
      expect(password).toMatch(/^[\w-]{24}$/);
      expect(printed).toContain(`${original.publicUrl}/admin-login`);
      const [admin] = await db().select().from(user).where(eq(user.role, "owner"));
      expect(admin).toMatchObject({ email: "first@example.com", emailVerified: true, mustChangePassword: true });
      expect(await hasDemoPassword(admin.id)).toBe(false);
      expect(await passwordChangeRequired(admin.id)).toBe("generated");
      const signedIn = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.92" }), { email: "first@example.com", password });
      expect(signedIn.kind).toBe("signed-in");
      // Nothing of it is kept but the hash.
      const [kept] = await db().select({ hash: account.password }).from(account).where(eq(account.userId, admin.id));
      expect(kept.hash).not.toContain(password);
      // A second start prints nothing and creates nobody.
      await ensureFirstAdmin();
      expect(logged).toHaveBeenCalledTimes(1);
      expect(await db().select().from(user).where(eq(user.role, "owner"))).toHaveLength(1);
    } finally {
      logged.mockRestore();
      setConfig(original);
      // The next test starts again with no admin (this file shares one database).
      await db().delete(user).where(eq(user.email, "first@example.com"));
    }
  });

  it("creates the demo admin on the embedded database in development; production refuses it until ADMIN_PASSWORD replaces it", async () => {
    const original = config();
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      setConfig({ ...original, embedded: true, demoAdminAllowed: true, ADMIN_PASSWORD: undefined, ADMIN_EMAIL: "first@example.com" });
      await ensureFirstAdmin();
      const admins = await db().select().from(user).where(eq(user.role, "owner"));
      expect(admins.map((a) => [a.email, a.emailVerified])).toEqual([["first@example.com", true]]);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(`Demo admin: first@example.com / ${DEMO_ADMIN_PASSWORD}`));

      // A second start creates nobody new.
      await ensureFirstAdmin();
      expect(await db().select().from(user).where(eq(user.role, "owner"))).toHaveLength(1);

      // The same data started in production: refused while the admin has the demo password...
      setConfig({ ...original, embedded: true, NODE_ENV: "production", demoAdminAllowed: false, ADMIN_PASSWORD: undefined, ADMIN_EMAIL: "first@example.com" });
      await expect(ensureFirstAdmin()).rejects.toThrow(/first@example\.com still has the published demo password.*ADMIN_PASSWORD/);
      // ...and ADMIN_PASSWORD replaces it.
      setConfig({ ...original, embedded: true, NODE_ENV: "production", demoAdminAllowed: false, ADMIN_PASSWORD: "a-real-admin-password", ADMIN_EMAIL: "first@example.com" });
      await ensureFirstAdmin();
      const [first] = await db().select().from(user).where(eq(user.email, "first@example.com"));
      expect(await hasDemoPassword(first.id)).toBe(false);
      await ensureFirstAdmin();
    } finally {
      setConfig(original);
    }
  });
});
