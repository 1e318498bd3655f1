import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAdmin } from "../../server/auth/admins";
import { config, DEMO_ADMIN_PASSWORD, setConfig } from "../../server/config";
import { changePassword } from "../../server/accounts/password";
import { adminHeaders, requireAdmin, requireUser, safeRedirectPath } from "../../server/auth/guards";
import { getSessionUser } from "../../server/auth/session";
import { signInAdmin } from "../../server/auth/sign-in";
import { signOut } from "../../server/auth/sign-out";
import { db } from "../../server/db/client";
import { session, user } from "../../server/auth/schema";
import { cookieHeaderFrom, createCustomer, markTwoFactorEnrolled, shopRequest, signInCookie } from "./auth-helpers";
import { useTestDatabase } from "./test-db";
import { action as signInAction } from "../../app/routes/shop/auth";
import { action as adminLoginAction } from "../../app/routes/admin-login";
import { action as marketAction } from "../../app/routes/shop/market";
import { call, thrown } from "./route-calls";

describe("auth guards with real better-auth sessions", () => {
  useTestDatabase();

  it("requireUser redirects a signed-out visitor to /auth with where they were going", async () => {
    const res = await thrown(requireUser(shopRequest("/account/orders?page=2")));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth?redirectTo=%2Faccount%2Forders%3Fpage%3D2");
  });

  it("requireUser returns the signed-in customer; a forged or expired cookie counts as signed out", async () => {
    await createCustomer("ada@example.com");
    const cookie = await signInCookie("ada@example.com");
    const u = await requireUser(shopRequest("/account", { cookie }));
    expect(u).toMatchObject({ email: "ada@example.com", role: "user", emailVerified: true });

    const forged = cookie.replace(/=([^.]+)\./, "=AAAA$1.");
    expect(await getSessionUser(shopRequest("/account", { cookie: forged }))).toBeNull();

    await db().update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, u.id));
    expect(await getSessionUser(shopRequest("/account", { cookie }))).toBeNull();
  });

  it("requireAdmin: anonymous to /admin-login, customer 403, owner through", async () => {
    const anon = await thrown(requireAdmin(shopRequest("/admin/orders"), "orders:view"));
    expect(anon.status).toBe(303);
    expect(anon.headers.get("location")).toMatch(/^\/admin-login/);

    await createCustomer("bob@example.com");
    const customer = await signInCookie("bob@example.com");
    const forbidden = await thrown(requireAdmin(shopRequest("/admin/orders", { cookie: customer }), "orders:view"));
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("cache-control")).toBe(adminHeaders["Cache-Control"]);

    await createAdmin({ email: "boss@example.com", password: "boss-password-1" });
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST" }), { email: "boss@example.com", password: "boss-password-1" });
    expect(result.kind).toBe("signed-in");
    const cookie = result.kind === "signed-in" ? cookieHeaderFrom(result.cookies) : "";
    await markTwoFactorEnrolled("boss@example.com");
    expect(await requireAdmin(shopRequest("/admin/orders", { cookie }), "orders:view")).toMatchObject({ email: "boss@example.com", role: "owner" });
  });

  it("requireAdmin checks the role's permissions: a writer is refused orders and settings, a member of staff settings", async () => {
    const as = async (email: string, role: "staff" | "writer") => {
      const { id } = await createAdmin({ email, password: "team-password-1" });
      await db().update(user).set({ role }).where(eq(user.id, id));
      const result = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.80" }), { email, password: "team-password-1" });
      expect(result).toMatchObject({ kind: "signed-in", role });
      await markTwoFactorEnrolled(email);
      return result.kind === "signed-in" ? cookieHeaderFrom(result.cookies) : "";
    };
    const writer = await as("writer@example.com", "writer");
    expect(await requireAdmin(shopRequest("/admin/posts", { cookie: writer }), "content")).toMatchObject({ role: "writer" });
    expect(await requireAdmin(shopRequest("/api/admin/media", { cookie: writer }), ["content", "products"])).toMatchObject({ role: "writer" });
    for (const area of ["orders:view", "orders:fulfil", "orders:refund", "products", "customers", "settings", "staff"] as const) {
      const refused = await thrown(requireAdmin(shopRequest("/admin/x", { cookie: writer }), area));
      expect(refused.status, area).toBe(403);
      expect(refused.headers.get("cache-control")).toBe(adminHeaders["Cache-Control"]);
    }
    const staff = await as("staff@example.com", "staff");
    for (const area of ["orders:view", "orders:fulfil", "orders:refund", "products", "customers", "inventory", "discounts", "reviews"] as const) {
      expect(await requireAdmin(shopRequest("/admin/x", { cookie: staff }), area)).toMatchObject({ role: "staff" });
    }
    for (const area of ["settings", "staff", "content"] as const) {
      expect((await thrown(requireAdmin(shopRequest("/admin/x", { cookie: staff }), area))).status, area).toBe(403);
    }
  });

  it("the admin sign-in refuses a customer's valid credentials and leaves no session", async () => {
    await createCustomer("carol@example.com");
    const [carol] = await db().select().from(user).where(eq(user.email, "carol@example.com"));
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.77" }), {
      email: "carol@example.com",
      password: "customer-pass-1",
    });
    expect(result.kind).toBe("invalid");
    expect(await db().select().from(session).where(eq(session.userId, carol.id))).toHaveLength(0);
  });

  it("signing out deletes the session on the server", async () => {
    await createCustomer("dan@example.com");
    const cookie = await signInCookie("dan@example.com");
    await signOut(shopRequest("/auth/sign-out", { cookie, method: "POST" }));
    expect(await getSessionUser(shopRequest("/account", { cookie }))).toBeNull();
  });

  it("with ADMIN_REQUIRE_2FA=true an admin without two-factor is sent to enrol", async () => {
    await createAdmin({ email: "strict@example.com", password: "strict-password-1" });
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.90" }), {
      email: "strict@example.com",
      password: "strict-password-1",
    });
    const cookie = result.kind === "signed-in" ? cookieHeaderFrom(result.cookies) : "";
    const original = config();
    setConfig({ ...original, ADMIN_REQUIRE_2FA: true });
    try {
      const res = await thrown(requireAdmin(shopRequest("/admin/orders", { cookie }), "orders:view"));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/admin/profile");
    } finally {
      setConfig(original);
    }
  });

  it.each([
    { reason: "demo", password: DEMO_ADMIN_PASSWORD, mustChange: false },
    { reason: "generated", password: "printed-at-first-start-1", mustChange: true },
  ])("an admin on the $reason password is sent to choose a new one before any admin page", async ({ reason, password, mustChange }) => {
    const email = `${reason}@example.com`;
    const { id } = await createAdmin({ email, password }, { mustChange });
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.91" }), { email, password });
    const cookie = result.kind === "signed-in" ? cookieHeaderFrom(result.cookies) : "";
    await markTwoFactorEnrolled(email);
    for (const path of ["/admin/dashboard", "/admin/orders", "/admin/posts/new"]) {
      const res = await thrown(requireAdmin(shopRequest(path, { cookie }), "any"));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/account/password?required=${reason}`);
    }
    const changed = await changePassword(shopRequest("/account/password", { cookie, method: "POST" }), id, {
      currentPassword: password,
      newPassword: "my-own-admin-password",
    });
    expect(changed.ok).toBe(true);
    const fresh = changed.ok ? cookieHeaderFrom(changed.cookies) : "";
    expect(await requireAdmin(shopRequest("/admin/dashboard", { cookie: fresh }), "orders:view")).toMatchObject({ email });
  });

  it("redirect targets stay on this site", () => {
    expect(safeRedirectPath("/account/orders?x=1")).toBe("/account/orders?x=1");
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "/\t/evil.example", "/\n/evil.example", "/\r\n/x", "/\u0000/x", "/\u007f/x", "account", undefined]) {
      expect(safeRedirectPath(bad)).toBe("/");
    }
  });

  it("a target with a control character or backslash gives the safe default in Location (sign-in, admin sign-in, market)", async () => {
    await createCustomer("tab@example.com");
    await createAdmin({ email: "tab-admin@example.com", password: "tab-admin-password-1" });
    const form = (path: string, fields: Record<string, string>) => {
      const request = shopRequest(path, { method: "POST" });
      return new Request(request, { body: new URLSearchParams(fields).toString(), headers: { ...Object.fromEntries(request.headers), "content-type": "application/x-www-form-urlencoded" } });
    };
    const location = async (action: unknown, request: Request) => {
      const result = await Promise.resolve(call(action, request)).catch((e: unknown) => e);
      return result instanceof Response ? result.headers.get("location") : `not a redirect: ${JSON.stringify(result)}`;
    };
    // NUL never gets this far: readForm refuses a field carrying one (400).
    const evil = ["/\t/evil.example", "/\n/evil.example", "/\r/evil.example", "/\\evil.example"];
    const found: Record<string, (string | null)[]> = { signIn: [], adminSignIn: [], market: [] };
    for (const target of evil) {
      found.signIn.push(await location(signInAction, form("/auth", { intent: "sign-in", email: "tab@example.com", password: "customer-pass-1", redirectTo: target })));
      found.adminSignIn.push(await location(adminLoginAction, form("/admin-login", { username: "tab-admin@example.com", password: "tab-admin-password-1", redirectTo: target })));
      found.market.push(await location(marketAction, form("/market", { market: "uk", returnTo: target })));
    }
    expect(found).toEqual({ signIn: evil.map(() => "/"), adminSignIn: evil.map(() => "/admin/dashboard"), market: evil.map(() => "/") });
  });
});
