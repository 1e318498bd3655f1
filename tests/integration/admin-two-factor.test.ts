import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAdmin } from "../../server/auth/admins";
import { requireAdmin } from "../../server/auth/guards";
import { user } from "../../server/auth/schema";
import { signInAdmin } from "../../server/auth/sign-in";
import { hotp } from "../../server/auth/totp-replay";
import { config, setConfig, type Config } from "../../server/config";
import { db } from "../../server/db/client";
import { TWO_FACTOR_REQUIRED_FOR_ROLE, type TwoFactorFormResult } from "../../core/two-factor";
import { loader as layoutLoader } from "../../app/routes/admin/layout";
import { action as profileAction, loader as profileLoader } from "../../app/routes/admin/profile";
import { loader as accountTwoFactorLoader } from "../../app/routes/account/two-factor";
import { base32Decode, cookieHeaderFrom, createCustomer, shopRequest, signInCookie } from "./auth-helpers";
import { answer, call, thrown } from "./route-calls";
import { useTestDatabase } from "./test-db";

/**
 * Two-factor for staff (issue 26, item 8): in deployed mode the roles that can refund (orders) or
 * change settings must enrol TOTP before the back office opens, on the back office's own
 * /admin/profile; embedded mode keeps it optional unless ADMIN_REQUIRE_2FA=true. The mode is set
 * through the configuration, so both runs (PGlite and PostgreSQL) check both modes.
 */
const PASSWORD = "staff-password-12";

/** Each call from its own address: better-auth allows 3 two-factor calls per address in 10 seconds. */
let calls = 0;
const nextIp = () => `198.51.100.${(++calls % 250) + 1}`;

async function signedIn(email: string, role: "owner" | "staff" | "writer"): Promise<string> {
  const { id } = await createAdmin({ email, password: PASSWORD });
  if (role !== "owner") await db().update(user).set({ role }).where(eq(user.id, id));
  const r = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: nextIp() }), { email, password: PASSWORD });
  if (r.kind !== "signed-in") throw new Error(`sign-in: ${r.kind}`);
  return cookieHeaderFrom(r.cookies);
}

const page = (path: string, cookie: string) => shopRequest(path, { cookie });

function form(path: string, fields: Record<string, string>, cookie: string) {
  const headers = new Headers(shopRequest(path, { cookie, ip: nextIp() }).headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(`${config().publicUrl}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

async function profilePost(fields: Record<string, string>, cookie: string) {
  const r = answer(await call(profileAction, form("/admin/profile", fields, cookie)));
  return { ...r, result: r.body as TwoFactorFormResult };
}

/** Enrols on /admin/profile as a member would (password, then the app's current code); returns the new session's cookie. */
async function enrolOnProfile(cookie: string): Promise<{ cookie: string; backupCodes: string[] }> {
  const started = await profilePost({ intent: "start", password: PASSWORD }, cookie);
  expect(started.status).toBe(200);
  const enrolment = started.result.enrolment!;
  const code = hotp(base32Decode(enrolment.secret), Math.floor(Date.now() / 30_000));
  const verified = await profilePost({ intent: "verify", code, totpUri: enrolment.totpUri, backupCodes: enrolment.backupCodes.join(",") }, cookie);
  // better-auth replaces the session when two-factor turns on: the page is asked again with the new cookie.
  expect({ status: verified.status, location: verified.headers.get("location") }).toEqual({ status: 303, location: "/admin/profile?two-factor=on" });
  const setCookies = verified.headers.getSetCookie();
  expect(setCookies.some((c) => c.includes("session_token="))).toBe(true);
  return { cookie: cookieHeaderFrom(setCookies), backupCodes: enrolment.backupCodes };
}

describe("two-factor for staff", () => {
  useTestDatabase();
  let original: Config;
  const mode = (over: Partial<Config>) => setConfig({ ...original, ADMIN_REQUIRE_2FA: false, ...over });
  beforeEach(() => {
    original = config();
  });
  afterEach(() => {
    setConfig(original);
  });

  it("deployed: an owner without TOTP is sent from the back office to /admin/profile, which opens; after enrolment the back office opens and it cannot be turned off", async () => {
    mode({ embedded: false });
    let cookie = await signedIn("owner-2fa@example.com", "owner");
    for (const path of ["/admin/dashboard", "/admin/dashboard.data?_routes=routes%2Fadmin%2Flayout", "/admin/settings", "/admin/orders/abc"]) {
      const sent = await thrown(call(layoutLoader, page(path, cookie)));
      expect({ path, status: sent.status, location: sent.headers.get("location") }).toEqual({ path, status: 303, location: "/admin/profile" });
    }
    expect((await thrown(requireAdmin(page("/admin/orders", cookie), "orders:view"))).headers.get("location")).toBe("/admin/profile");
    // The profile page and the frame around it open (no loop), for a page load and a client navigation.
    expect(answer(await call(layoutLoader, page("/admin/profile", cookie))).status).toBe(200);
    expect(answer(await call(layoutLoader, page("/admin/profile.data?_routes=routes%2Fadmin%2Flayout", cookie))).status).toBe(200);
    expect(answer(await call(profileLoader, page("/admin/profile", cookie))).body).toMatchObject({ role: "Owner", enabled: false, required: true });
    // Only the exact page is exempt.
    expect((await thrown(call(layoutLoader, page("/admin/profile-x", cookie)))).headers.get("location")).toBe("/admin/profile");

    const wrong = await profilePost({ intent: "start", password: "not-my-password" }, cookie);
    expect({ status: wrong.status, message: wrong.result.message }).toEqual({ status: 400, message: "That password is not correct." });
    ({ cookie } = await enrolOnProfile(cookie));

    expect(answer(await call(layoutLoader, page("/admin/dashboard", cookie))).status).toBe(200);
    expect(await requireAdmin(page("/admin/orders", cookie), "orders:view")).toMatchObject({ role: "owner", twoFactorEnabled: true });
    expect(await requireAdmin(page("/admin/settings", cookie), "settings")).toMatchObject({ role: "owner" });
    expect(answer(await call(profileLoader, page("/admin/profile?two-factor=on", cookie))).body).toMatchObject({
      enabled: true,
      required: true,
      notice: "Two-factor authentication is on.",
    });

    const off = await profilePost({ intent: "disable", password: PASSWORD }, cookie);
    expect({ status: off.status, message: off.result.message }).toEqual({ status: 403, message: TWO_FACTOR_REQUIRED_FOR_ROLE });
    const [row] = await db().select({ on: user.twoFactorEnabled }).from(user).where(eq(user.email, "owner-2fa@example.com"));
    expect(row.on).toBe(true);
  });

  it("deployed: a member of staff (refunds) is sent to enrol; a writer (no refund or settings powers) is not, unless ADMIN_REQUIRE_2FA=true", async () => {
    mode({ embedded: false });
    const staff = await signedIn("staff-2fa@example.com", "staff");
    const writer = await signedIn("writer-2fa@example.com", "writer");
    const sent = await thrown(requireAdmin(page("/admin/orders/abc", staff), "orders:view"));
    expect({ status: sent.status, location: sent.headers.get("location") }).toEqual({ status: 303, location: "/admin/profile" });
    expect(answer(await call(profileLoader, page("/admin/profile", staff))).body).toMatchObject({ role: "Staff", required: true });

    expect(await requireAdmin(page("/admin/posts", writer), "content")).toMatchObject({ role: "writer", twoFactorEnabled: false });
    expect(answer(await call(layoutLoader, page("/admin/posts", writer))).status).toBe(200);
    expect(answer(await call(profileLoader, page("/admin/profile", writer))).body).toMatchObject({ role: "Writer", required: false });

    mode({ embedded: false, ADMIN_REQUIRE_2FA: true });
    expect((await thrown(requireAdmin(page("/admin/posts", writer), "content"))).headers.get("location")).toBe("/admin/profile");
  });

  it("embedded without ADMIN_REQUIRE_2FA: optional for every role, and an owner may turn it off again; with it, required", async () => {
    mode({ embedded: true });
    let cookie = await signedIn("embedded-owner@example.com", "owner");
    expect(answer(await call(layoutLoader, page("/admin/dashboard", cookie))).status).toBe(200);
    expect(await requireAdmin(page("/admin/orders", cookie), "orders:view")).toMatchObject({ role: "owner", twoFactorEnabled: false });
    expect(answer(await call(profileLoader, page("/admin/profile", cookie))).body).toMatchObject({ enabled: false, required: false });

    ({ cookie } = await enrolOnProfile(cookie));
    const off = await profilePost({ intent: "disable", password: PASSWORD }, cookie);
    expect({ status: off.status, location: off.headers.get("location") }).toEqual({ status: 303, location: "/admin/profile?two-factor=off" });
    cookie = cookieHeaderFrom(off.headers.getSetCookie());
    expect(answer(await call(profileLoader, page("/admin/profile?two-factor=off", cookie))).body).toMatchObject({ enabled: false, notice: "Two-factor authentication is off." });
    // The notice is said only when true.
    expect(answer(await call(profileLoader, page("/admin/profile?two-factor=on", cookie))).body).toMatchObject({ enabled: false, notice: undefined });
    expect(await requireAdmin(page("/admin/orders", cookie), "orders:view")).toMatchObject({ twoFactorEnabled: false });

    mode({ embedded: true, ADMIN_REQUIRE_2FA: true });
    expect((await thrown(requireAdmin(page("/admin/orders", cookie), "orders:view"))).headers.get("location")).toBe("/admin/profile");
  });

  it("the storefront's /account/two-factor sends staff to /admin/profile and stays the customers' page", async () => {
    mode({ embedded: false });
    const staff = await signedIn("staff-account@example.com", "staff");
    const sent = await thrown(call(accountTwoFactorLoader, page("/account/two-factor", staff)));
    expect({ status: sent.status, location: sent.headers.get("location") }).toEqual({ status: 303, location: "/admin/profile" });
    await createCustomer("shopper-2fa@example.com");
    const shopper = await signInCookie("shopper-2fa@example.com", undefined, nextIp());
    expect(await call(accountTwoFactorLoader, page("/account/two-factor", shopper))).toEqual({ enabled: false });
  });
});
