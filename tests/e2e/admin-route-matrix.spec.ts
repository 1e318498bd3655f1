import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { createConfirmedCustomer, PASSWORD, uniqueEmail } from "./account-helpers";
import { ADMIN, expect, test } from "./fixtures";

/**
 * Every admin page, action and API, taken from the route table itself (a new admin route is covered
 * without touching this file), asked by three callers over plain HTTP: anonymous (sent to
 * /admin-login), a signed-in customer (403) and the admin (let through). The UI gate is not the
 * control; this proves the server is.
 */
type AdminRoute = { path: string; handles: { GET: boolean; POST: boolean } };

function adminRoutes(entries: RouteConfigEntry[]): AdminRoute[] {
  return entries.flatMap((e) => {
    const own: AdminRoute[] = [];
    if (e.path && /^(admin\/|api\/admin\/)/.test(e.path)) {
      // What the module exports decides which methods it answers; the rest get React Router's 400/405.
      const source = fs.readFileSync(path.join("app", e.file), "utf8");
      const exports = (name: string) => new RegExp(`export (async )?function ${name}\\b|export const ${name}\\b`).test(source);
      own.push({ path: `/${e.path}`, handles: { GET: exports("loader"), POST: exports("action") } });
    }
    return [...own, ...adminRoutes(e.children ?? [])];
  });
}

// Logout ends whoever's session asks (customer or admin): it is not an admin power, and POSTing it
// as the admin would end the session this test uses.
const ROUTES = adminRoutes(routes)
  .filter((r) => r.path !== "/admin/logout")
  .map((r) => ({ ...r, path: r.path.replace(/:[a-zA-Z]+/g, crypto.randomUUID()) }));

type Caller = { cookie?: string };

async function call(baseURL: string, path: string, method: "GET" | "POST", who: Caller, forwardedFor: string) {
  const controller = new AbortController();
  const res = await fetch(new URL(path, baseURL), {
    method,
    redirect: "manual",
    signal: controller.signal,
    headers: {
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(method === "POST" ? { Origin: baseURL, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" } : {}),
      "X-Forwarded-For": forwardedFor,
    },
    body: method === "POST" ? "intent=route-matrix-probe" : undefined,
  });
  // Event streams never end: the status and headers are the answer.
  controller.abort();
  return { status: res.status, location: res.headers.get("location") ?? "", cacheControl: res.headers.get("cache-control") };
}

function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

test.describe("admin route matrix", () => {
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test("covers the admin routes of the route table", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const p of ["/admin/dashboard", "/admin/orders", "/admin/products", "/admin/discounts", "/admin/posts", "/admin/audit", "/api/admin/ai"]) {
      expect(ROUTES.some((r) => r.path === p || r.path.startsWith(`${p}/`))).toBe(true);
    }
  });

  test("anonymous: redirected to /admin-login; customer: 403; admin: let through", async ({ request, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const ip = extraHTTPHeaders!["X-Forwarded-For"];
    const email = uniqueEmail("matrix");
    await createConfirmedCustomer(request, baseURL!, email);
    const customerSignIn = await fetch(new URL("/api/auth/sign-in/email", baseURL), {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL!, "X-Forwarded-For": ip },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(customerSignIn.status).toBe(200);
    const customer = { cookie: cookieFrom(customerSignIn) };

    const adminSignIn = await fetch(new URL("/admin-login", baseURL), {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL!, "Sec-Fetch-Site": "same-origin", "X-Forwarded-For": ip },
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString(),
    });
    expect(adminSignIn.status).toBe(303);
    const admin = { cookie: cookieFrom(adminSignIn) };

    for (const { path, handles } of ROUTES) {
      for (const method of ["GET", "POST"] as const) {
        const what = `${method} ${path}`;
        const anonymous = await call(baseURL!, path, method, {}, ip);
        if (!handles[method]) {
          // No loader (or action): nothing runs for anyone, so there is nothing to protect.
          const refused = method === "GET" ? 400 : 405;
          expect(anonymous.status, what).toBe(refused);
          for (const who of [customer, admin]) expect((await call(baseURL!, path, method, who, ip)).status, what).toBe(refused);
          continue;
        }
        expect([302, 303], `${what} anonymous`).toContain(anonymous.status);
        expect(anonymous.location, `${what} anonymous`).toMatch(/^\/admin-login/);

        const asCustomer = await call(baseURL!, path, method, customer, ip);
        expect(asCustomer.status, `${what} customer`).toBe(403);
        expect(asCustomer.cacheControl, `${what} customer`).toBe("no-store");

        const asAdmin = await call(baseURL!, path, method, admin, ip);
        expect([401, 403], `${what} admin`).not.toContain(asAdmin.status);
        expect(asAdmin.status, `${what} admin`).toBeLessThan(500);
        expect(asAdmin.location, `${what} admin`).not.toMatch(/^\/admin-login/);
      }
    }
  });
});
