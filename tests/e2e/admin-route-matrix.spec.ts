import crypto from "node:crypto";
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
function adminPaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [
    ...(e.path && /^(admin\/|api\/admin\/)/.test(e.path) ? [`/${e.path}`] : []),
    ...adminPaths(e.children ?? []),
  ]);
}

// Logout ends whoever's session asks (customer or admin): it is not an admin power, and POSTing it
// as the admin would end the session this test uses.
const PATHS = [...new Set(adminPaths(routes))].filter((p) => p !== "/admin/logout").map((p) => p.replace(/:[a-zA-Z]+/g, crypto.randomUUID()));

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
    expect(PATHS.length).toBeGreaterThanOrEqual(10);
    for (const p of ["/admin/dashboard", "/admin/orders", "/admin/products", "/admin/posts", "/admin/audit", "/api/admin/ai"]) {
      expect(PATHS.some((x) => x === p || x.startsWith(`${p}/`))).toBe(true);
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

    for (const path of PATHS) {
      for (const method of ["GET", "POST"] as const) {
        const what = `${method} ${path}`;
        const anonymous = await call(baseURL!, path, method, {}, ip);
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
