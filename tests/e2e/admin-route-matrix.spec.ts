import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { createConfirmedCustomer, PASSWORD, uniqueEmail } from "./account-helpers";
import { expect, test } from "./fixtures";
import { adminSessionCookie, cookieFrom, createRole, createStaffMember } from "./staff-helpers";

const STAFF_PASSWORD = "matrix-staff-password-1";

/**
 * Every admin page, action and API, taken from the route table itself (a new admin route is covered
 * without touching this file, once NEEDS says which permission it takes), asked over plain HTTP by:
 * anonymous (sent to /admin-login), a signed-in customer (403), the owner, and one member per
 * permission whose role holds that permission alone (Fulfil and Refund with View orders, which they
 * need): let through where the role holds the route's permission, 403 elsewhere. The order actions
 * whose intents need Fulfil or Refund are asked once more with those intents (PROBES). The UI gate is
 * not the control; this proves the server is.
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

/** The permissions, written here independently of core/staff-roles.ts (the code under test). */
const PERMISSIONS = ["orders:view", "orders:fulfil", "orders:refund", "customers", "products", "inventory", "discounts", "reviews", "content", "settings", "staff"] as const;
type Permission = (typeof PERMISSIONS)[number];
type Needs = Permission[] | "any staff";

/** Which permission each admin path needs (the first match); a list means any of them opens it. */
const NEEDS: [RegExp, Needs][] = [
  [/^\/admin\/dashboard/, ["orders:view"]],
  [/^\/(api\/)?admin\/orders/, ["orders:view"]],
  [/^\/admin\/customers/, ["customers"]],
  [/^\/(api\/)?admin\/(products|update-r36s)/, ["products"]],
  [/^\/(api\/)?admin\/inventory/, ["inventory"]],
  [/^\/(api\/)?admin\/discounts/, ["discounts"]],
  [/^\/admin\/reviews/, ["reviews"]],
  [/^\/(api\/)?admin\/(posts|insert-marvel-post)/, ["content"]],
  // Tools of the rich editor, which writes both posts and product descriptions.
  [/^\/api\/admin\/(media|ai)$/, ["content", "products"]],
  [/^\/admin\/audit/, ["staff"]],
  [/^\/admin\/mailbox/, ["settings"]],
  [/^\/admin\/settings/, ["settings"]],
  [/^\/admin\/staff/, ["staff"]],
  // Each member's own account (two-factor set-up): every member of staff.
  [/^\/admin\/profile$/, "any staff"],
];

const ORDER = `/admin/orders/${crypto.randomUUID()}`;

/** Order actions whose intent needs more than View orders: each asked by POST with its form. */
const PROBES: { path: string; body: Record<string, string>; needs: Permission[] }[] = [
  { path: ORDER, body: { intent: "fulfil", carrier: "ups" }, needs: ["orders:fulfil"] },
  { path: ORDER, body: { intent: "address", name: "A", line1: "1 High St", city: "London", postalCode: "N1 1AA", country: "GB" }, needs: ["orders:fulfil"] },
  { path: ORDER, body: { intent: "return", returnId: crypto.randomUUID(), step: "approve" }, needs: ["orders:fulfil"] },
  { path: ORDER, body: { intent: "refund", reason: "Damaged", key: crypto.randomUUID() }, needs: ["orders:refund"] },
  { path: ORDER, body: { intent: "return", returnId: crypto.randomUUID(), step: "refund" }, needs: ["orders:refund"] },
  { path: ORDER, body: { intent: "cancel" }, needs: ["orders:refund"] },
  { path: "/admin/orders", body: { intent: "status", id: crypto.randomUUID(), status: "completed" }, needs: ["orders:fulfil"] },
  { path: "/admin/orders", body: { intent: "status", id: crypto.randomUUID(), status: "cancelled" }, needs: ["orders:refund"] },
  { path: `/admin/orders?ids=${crypto.randomUUID()}`, body: { intent: "bulk-fulfil", carrier: "" }, needs: ["orders:fulfil"] },
];

function needsOf(path: string): Needs {
  const found = NEEDS.find(([re]) => re.test(path));
  if (!found) throw new Error(`${path} has no permission in NEEDS of admin-route-matrix.spec.ts: add it with the permission its guard names`);
  return found[1];
}

/** A caller's role: "all" for the owner. */
const mayUse = (held: readonly Permission[] | "all", needs: Needs) => held === "all" || needs === "any staff" || needs.some((p) => held.includes(p));

type Caller = { cookie?: string };

async function call(baseURL: string, path: string, method: "GET" | "POST", who: Caller, forwardedFor: string, body: Record<string, string> = { intent: "route-matrix-probe" }) {
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
    body: method === "POST" ? new URLSearchParams(body).toString() : undefined,
  });
  // A refusal says which permission was missing: as JSON from resource routes, on the error page otherwise.
  const text = res.status === 403 ? (await res.text()).replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll('\\"', '"') : "";
  // Event streams never end: the status and headers are the answer.
  controller.abort();
  const message = /Your role \([^)]+\) does not include the "[^"]+"( or "[^"]+")* permission this needs\./.exec(text)?.[0];
  return { status: res.status, location: res.headers.get("location") ?? "", cacheControl: res.headers.get("cache-control"), message };
}


test.describe("admin route matrix", () => {
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test("covers the admin routes of the route table", () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(10);
    for (const p of ["/admin/dashboard", "/admin/orders", "/admin/orders/abandoned", "/admin/customers", "/admin/products", "/admin/discounts", "/admin/reviews", "/admin/posts", "/admin/audit", "/api/admin/ai"]) {
      expect(ROUTES.some((r) => r.path === p || r.path.startsWith(`${p}/`))).toBe(true);
    }
    for (const p of ["/admin/settings", "/admin/settings/markets", "/admin/settings/shipping", "/admin/settings/taxes", "/admin/staff", "/admin/profile"]) expect(ROUTES.some((r) => r.path === p)).toBe(true);
    for (const p of ["/admin/staff/roles"]) expect(ROUTES.some((r) => r.path === p)).toBe(true);
    for (const r of ROUTES) expect(needsOf(r.path).length, r.path).toBeGreaterThan(0);
  });

  test("anonymous: redirected to /admin-login; customer: 403; each permission: let through its routes, 403 elsewhere", async ({ request, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(900_000);
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

    const callers: { name: string; held: readonly Permission[] | "all"; who: Caller }[] = [{ name: "owner", held: "all", who: { cookie: await adminSessionCookie(baseURL!, ip) } }];
    for (const permission of PERMISSIONS) {
      const held: Permission[] = permission === "orders:fulfil" || permission === "orders:refund" ? ["orders:view", permission] : [permission];
      const name = `Only ${permission.replace(":", " ")}`;
      const role = await createRole(baseURL!, ip, name, held);
      const member = uniqueEmail(`matrix-${permission.replace(":", "-")}`);
      await createStaffMember(baseURL!, ip, role, member, STAFF_PASSWORD);
      callers.push({ name, held, who: { cookie: await adminSessionCookie(baseURL!, ip, member, STAFF_PASSWORD) } });
    }

    const expectAnswer = (answer: Awaited<ReturnType<typeof call>>, allowed: boolean, what: string) => {
      if (allowed) {
        expect([401, 403], what).not.toContain(answer.status);
        expect(answer.status, what).toBeLessThan(500);
        expect(answer.location, what).not.toMatch(/^\/admin-login/);
      } else {
        expect(answer.status, what).toBe(403);
        expect(answer.cacheControl, what).toBe("no-store");
        expect(answer.message, what).toBeTruthy();
      }
    };

    for (const { path, handles } of ROUTES) {
      for (const method of ["GET", "POST"] as const) {
        const what = `${method} ${path}`;
        const anonymous = await call(baseURL!, path, method, {}, ip);
        if (!handles[method]) {
          // No loader (or action): nothing runs for anyone, so there is nothing to protect.
          const refused = method === "GET" ? 400 : 405;
          expect(anonymous.status, what).toBe(refused);
          for (const who of [customer, ...callers.map((r) => r.who)]) expect((await call(baseURL!, path, method, who, ip)).status, what).toBe(refused);
          continue;
        }
        expect([302, 303], `${what} anonymous`).toContain(anonymous.status);
        expect(anonymous.location, `${what} anonymous`).toMatch(/^\/admin-login/);

        const asCustomer = await call(baseURL!, path, method, customer, ip);
        expect(asCustomer.status, `${what} customer`).toBe(403);
        expect(asCustomer.cacheControl, `${what} customer`).toBe("no-store");

        for (const { name, held, who } of callers) expectAnswer(await call(baseURL!, path, method, who, ip), mayUse(held, needsOf(path)), `${what} ${name}`);
      }
    }

    for (const probe of PROBES) {
      for (const { name, held, who } of callers) {
        expectAnswer(await call(baseURL!, probe.path, "POST", who, ip, probe.body), mayUse(held, probe.needs), `POST ${probe.path} ${probe.body.intent} ${probe.body.step ?? probe.body.status ?? ""} ${name}`);
      }
    }
  });
});
