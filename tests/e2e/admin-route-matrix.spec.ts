import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { createConfirmedCustomer, PASSWORD, uniqueEmail } from "./account-helpers";
import { expect, test } from "./fixtures";
import { adminSessionCookie, cookieFrom, createStaffMember } from "./staff-helpers";

const STAFF_PASSWORD = "matrix-staff-password-1";

/**
 * Every admin page, action and API, taken from the route table itself (a new admin route is covered
 * without touching this file, once AREAS says which area it belongs to), asked by five callers over
 * plain HTTP: anonymous (sent to /admin-login), a signed-in customer (403), and each staff role: let
 * through where the role may open the route's area, 403 elsewhere. The UI gate is not the control;
 * this proves the server is.
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

type Area = "dashboard" | "orders" | "customers" | "products" | "inventory" | "discounts" | "reviews" | "blog" | "audit" | "mailbox" | "settings" | "staff" | "profile";

/** Which area each admin path belongs to (the first match); a list means any of them opens it. */
const AREAS: [RegExp, Area[]][] = [
  [/^\/admin\/dashboard/, ["dashboard"]],
  [/^\/(api\/)?admin\/orders/, ["orders"]],
  [/^\/admin\/customers/, ["customers"]],
  [/^\/(api\/)?admin\/(products|update-r36s)/, ["products"]],
  [/^\/(api\/)?admin\/inventory/, ["inventory"]],
  [/^\/(api\/)?admin\/discounts/, ["discounts"]],
  [/^\/admin\/reviews/, ["reviews"]],
  [/^\/(api\/)?admin\/(posts|insert-marvel-post)/, ["blog"]],
  // Tools of the rich editor, which writes both posts and product descriptions.
  [/^\/api\/admin\/(media|ai)$/, ["blog", "products"]],
  [/^\/admin\/audit/, ["audit"]],
  [/^\/admin\/mailbox/, ["mailbox"]],
  [/^\/admin\/settings/, ["settings"]],
  [/^\/admin\/staff/, ["staff"]],
  // Each member's own account (two-factor set-up): every role.
  [/^\/admin\/profile$/, ["profile"]],
];

/** What each role may open, written here independently of core/staff-roles.ts (the code under test). */
const MAY_OPEN: Record<"owner" | "staff" | "writer", Area[] | "all"> = {
  owner: "all",
  staff: ["dashboard", "orders", "customers", "products", "inventory", "discounts", "reviews", "profile"],
  writer: ["blog", "profile"],
};

function areasOf(path: string): Area[] {
  const found = AREAS.find(([re]) => re.test(path));
  if (!found) throw new Error(`${path} has no area in AREAS of admin-route-matrix.spec.ts: add it with the area its guard names`);
  return found[1];
}

const mayOpen = (role: keyof typeof MAY_OPEN, path: string) => {
  const allowed = MAY_OPEN[role];
  return allowed === "all" || areasOf(path).some((a) => allowed.includes(a));
};

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


test.describe("admin route matrix", () => {
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test("covers the admin routes of the route table", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const p of ["/admin/dashboard", "/admin/orders", "/admin/orders/abandoned", "/admin/customers", "/admin/products", "/admin/discounts", "/admin/reviews", "/admin/posts", "/admin/audit", "/api/admin/ai"]) {
      expect(ROUTES.some((r) => r.path === p || r.path.startsWith(`${p}/`))).toBe(true);
    }
    for (const p of ["/admin/settings", "/admin/settings/markets", "/admin/settings/shipping", "/admin/settings/taxes", "/admin/staff", "/admin/profile"]) expect(ROUTES.some((r) => r.path === p)).toBe(true);
    for (const r of ROUTES) expect(areasOf(r.path).length, r.path).toBeGreaterThan(0);
  });

  test("anonymous: redirected to /admin-login; customer: 403; each staff role: let through its areas, 403 elsewhere", async ({ request, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(480_000);
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

    const roles: { role: keyof typeof MAY_OPEN; who: Caller }[] = [{ role: "owner", who: { cookie: await adminSessionCookie(baseURL!, ip) } }];
    for (const role of ["staff", "writer"] as const) {
      const member = uniqueEmail(`matrix-${role}`);
      await createStaffMember(baseURL!, ip, role, member, STAFF_PASSWORD);
      roles.push({ role, who: { cookie: await adminSessionCookie(baseURL!, ip, member, STAFF_PASSWORD) } });
    }

    for (const { path, handles } of ROUTES) {
      for (const method of ["GET", "POST"] as const) {
        const what = `${method} ${path}`;
        const anonymous = await call(baseURL!, path, method, {}, ip);
        if (!handles[method]) {
          // No loader (or action): nothing runs for anyone, so there is nothing to protect.
          const refused = method === "GET" ? 400 : 405;
          expect(anonymous.status, what).toBe(refused);
          for (const who of [customer, ...roles.map((r) => r.who)]) expect((await call(baseURL!, path, method, who, ip)).status, what).toBe(refused);
          continue;
        }
        expect([302, 303], `${what} anonymous`).toContain(anonymous.status);
        expect(anonymous.location, `${what} anonymous`).toMatch(/^\/admin-login/);

        const asCustomer = await call(baseURL!, path, method, customer, ip);
        expect(asCustomer.status, `${what} customer`).toBe(403);
        expect(asCustomer.cacheControl, `${what} customer`).toBe("no-store");

        for (const { role, who } of roles) {
          const answer = await call(baseURL!, path, method, who, ip);
          if (mayOpen(role, path)) {
            expect([401, 403], `${what} ${role}`).not.toContain(answer.status);
            expect(answer.status, `${what} ${role}`).toBeLessThan(500);
            expect(answer.location, `${what} ${role}`).not.toMatch(/^\/admin-login/);
          } else {
            expect(answer.status, `${what} ${role}`).toBe(403);
            expect(answer.cacheControl, `${what} ${role}`).toBe("no-store");
          }
        }
      }
    }
  });
});
