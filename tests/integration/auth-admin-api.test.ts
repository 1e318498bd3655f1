import { eq } from "drizzle-orm";
import { admin } from "better-auth/plugins";
import { describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/api/auth";
import { createAdmin } from "../../server/auth/admins";
import { getAuth } from "../../server/auth/auth";
import { signInAdmin } from "../../server/auth/sign-in";
import { config, setConfig } from "../../server/config";
import { db } from "../../server/db/client";
import { auditLog } from "../../server/audit/schema";
import { session, user } from "../../server/auth/schema";
import { cookieHeaderFrom, createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { useTestDatabase } from "./test-db";

/** Every endpoint better-auth's admin plugin registers, read from the plugin itself. */
const PLUGIN_ENDPOINTS = Object.values(admin().endpoints).map((e) => ({
  path: e.path,
  method: ([e.options.method].flat()[0] ?? "POST") as string,
}));

async function signedInAdminCookie(email: string, password: string, ip: string): Promise<string> {
  await createAdmin({ email, password });
  const r = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip }), { email, password });
  if (r.kind !== "signed-in") throw new Error(`admin sign-in failed: ${r.kind}`);
  return cookieHeaderFrom(r.cookies);
}

/** One call to the /api/auth/* route module, as the browser's HTTP request would reach it. */
async function callPluginEndpoint(endpoint: { path: string; method: string }, cookie: string | undefined, victimId: string) {
  const payload = {
    userId: victimId,
    id: victimId,
    role: "owner",
    email: `made-${crypto.randomUUID()}@example.com`,
    password: "planted-password-1",
    newPassword: "planted-password-1",
    name: "Planted",
    data: { role: "owner" },
    banReason: "test",
    sessionToken: "x",
    permissions: { user: ["list"] },
  };
  const url = new URL(`${config().publicUrl}/api/auth${endpoint.path}`);
  const base = shopRequest(`/api/auth${endpoint.path}`, { cookie, method: endpoint.method });
  const headers = new Headers(base.headers);
  let request: Request;
  if (endpoint.method === "GET") {
    url.searchParams.set("id", victimId);
    url.searchParams.set("limit", "10");
    request = new Request(url, { method: "GET", headers });
  } else {
    headers.set("content-type", "application/json");
    request = new Request(url, { method: "POST", headers, body: JSON.stringify(payload) });
  }
  const args = { request, params: { "*": endpoint.path.slice(1) }, context: {} } as never;
  const response = endpoint.method === "GET" ? await loader(args) : await action(args);
  return response.status;
}

describe("better-auth's admin plugin API over HTTP", () => {
  useTestDatabase();

  it("answers 404 on every endpoint to anonymous, customer, password-only admin (2FA rule on) and full admin; nothing changes", async () => {
    expect(PLUGIN_ENDPOINTS.length).toBeGreaterThanOrEqual(15);
    await createCustomer("victim@example.com");
    const [victim] = await db().select().from(user).where(eq(user.email, "victim@example.com"));
    await createCustomer("shopper@example.com");
    const customer = await signInCookie("shopper@example.com", undefined, "192.0.2.41");
    const passwordOnly = await signedInAdminCookie("password-only@example.com", "password-only-admin-1", "192.0.2.42");
    const full = await signedInAdminCookie("full@example.com", "full-admin-password-1", "192.0.2.43");
    // The full admin has enrolled a second factor; the password-only admin has not.
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.email, "full@example.com"));
    const usersBefore = (await db().select({ id: user.id }).from(user)).length;

    const original = config();
    setConfig({ ...original, ADMIN_REQUIRE_2FA: true });
    const answers: Record<string, number[]> = {};
    try {
      for (const [who, cookie] of [["anonymous", undefined], ["customer", customer], ["password-only admin", passwordOnly], ["full admin", full]] as const) {
        answers[who] = [];
        for (const endpoint of PLUGIN_ENDPOINTS) answers[who].push(await callPluginEndpoint(endpoint, cookie, victim.id));
      }
    } finally {
      setConfig(original);
    }
    for (const [who, statuses] of Object.entries(answers)) {
      expect({ who, statuses }).toEqual({ who, statuses: PLUGIN_ENDPOINTS.map(() => 404) });
    }
    const [after] = await db().select().from(user).where(eq(user.id, victim.id));
    expect(after).toMatchObject({ role: "user", banned: false });
    expect((await db().select({ id: user.id }).from(user)).length).toBe(usersBefore);
    expect(await db().select().from(session).where(eq(session.userId, victim.id))).toHaveLength(0);
    expect(await db().select().from(auditLog)).toHaveLength(0);

    // Spellings of the same path do not reopen it.
    for (const path of ["/admin/list-users/", "/admin//list-users", "/ADMIN/LIST-USERS", "/admin/list-users%2F"]) {
      expect(await callPluginEndpoint({ path, method: "GET" }, full, victim.id)).toBe(404);
    }
    // The server-side API stays available to the shop's own code (staff management behind requireAdmin).
    const listed = await getAuth().api.listUsers({ headers: new Headers({ cookie: full }), query: { limit: 100 } });
    expect(listed.users.map((u) => u.email)).toContain("victim@example.com");
  });

  it("the shop's own endpoints still answer (sign-in over HTTP)", async () => {
    await createCustomer("still@example.com");
    const headers = new Headers(shopRequest("/api/auth/sign-in/email", { method: "POST", ip: "192.0.2.44" }).headers);
    headers.set("content-type", "application/json");
    const request = new Request(`${config().publicUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "still@example.com", password: "customer-pass-1" }),
    });
    const response = await action({ request, params: { "*": "sign-in/email" }, context: {} } as never);
    expect(response.status).toBe(200);
  });
});
