import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { get } from "./http";
import { startInstance, TEST_ADMIN, type Instance } from "./instances";
import { adminCookie, submitForm } from "./shop";

/**
 * Sign-in and session rules checked on real processes of the production build: what a browser
 * without JavaScript gets, what a forged Host gets, and what a production start refuses.
 */
const DEMO = { email: "admin@pocketretro.example", password: "retro-admin-demo" };

describe("on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let instance: Instance;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    instance = await startInstance(database.url, { SMTP_URL: "", STRIPE_SECRET_KEY: "" });
  });

  afterAll(async () => {
    await instance?.stop();
    await database?.drop();
  });

  it("a write whose Origin matches its own forged Host, not PUBLIC_URL, is refused (DNS rebinding)", async () => {
    const evil = "evil.example:" + instance.port;
    const res = await submitForm(`${instance.url}/cart`, { intent: "add", variantId: "00000000-0000-4000-8000-000000000000", quantity: "1" }, {
      headers: { Host: evil, Origin: `http://${evil}` },
    });
    expect(res.status).toBe(403);
    expect(res.body).toBe("Cross-site request refused.");
    const own = await submitForm(`${instance.url}/cart`, { intent: "add", variantId: "00000000-0000-4000-8000-000000000000", quantity: "1" });
    expect(own.status).not.toBe(403);
  });

  it("changing the password without JavaScript keeps this device signed in with a fresh session", async () => {
    const cookie = await adminCookie(instance.url);
    const newPassword = "a-fresh-system-test-password";
    const changed = await submitForm(`${instance.url}/account/password`, { currentPassword: TEST_ADMIN.password, newPassword }, { cookie });
    expect({ status: changed.status, location: changed.location }).toEqual({ status: 303, location: "/account/password?changed=1" });
    const fresh = changed.cookies.filter((c) => !/=$/.test(c)).join("; ");
    expect(fresh).toMatch(/session_token=/);
    const page = await get(instance.url, changed.location, fresh);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Your password has been changed.");
    // The old session is gone; the new password signs in.
    expect((await get(instance.url, "/account/password", cookie)).status).toBe(303);
    const again = await submitForm(`${instance.url}/admin-login`, { username: TEST_ADMIN.email, password: newPassword });
    expect(again.status).toBe(303);
  });
});

describe("a production start on the embedded database", () => {
  it("refuses ADMIN_PASSWORD set to the demo password, naming the variable", async () => {
    const failed = await startInstance("", { ADMIN_EMAIL: DEMO.email, ADMIN_PASSWORD: DEMO.password }).then(
      async (started) => {
        await started.stop();
        return "started";
      },
      (err: Error) => err.message,
    );
    expect(failed).toMatch(/ADMIN_PASSWORD is the published demo password/);
  });

  it("without ADMIN_PASSWORD creates the admin with a generated password printed once; the demo password does not sign in", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-first-admin-"));
    const env = { ADMIN_EMAIL: DEMO.email, ADMIN_PASSWORD: "", DATA_DIR: dataDir };
    try {
      const first = await startInstance("", env);
      let password = "";
      try {
        const printed = first.output().match(/^Admin created: admin@pocketretro\.example \/ (\S+)$/gm) ?? [];
        expect(printed).toHaveLength(1);
        password = printed[0]?.split(" / ")[1] ?? "";
        expect(password).toMatch(/^[\w-]{24}$/);
        expect(first.output()).toContain(`Sign in at ${first.url}/admin-login`);
        const demo = await submitForm(`${first.url}/admin-login`, { username: DEMO.email, password: DEMO.password });
        expect({ status: demo.status, location: demo.location }).toEqual({ status: 401, location: "" });
        expect(first.output()).not.toContain(DEMO.password);
      } finally {
        await first.stop();
      }
      // A second start on the same data prints no password, and the printed one signs in, then is
      // to be changed before the back office opens.
      const second = await startInstance("", env);
      try {
        expect(second.output()).not.toContain("Admin created");
        expect(second.output()).not.toContain(password);
        const signedIn = await submitForm(`${second.url}/admin-login`, { username: DEMO.email, password });
        expect(signedIn.status).toBe(303);
        const cookie = signedIn.cookies.join("; ");
        const dashboard = await get(second.url, "/admin/dashboard", cookie);
        expect({ status: dashboard.status, location: dashboard.headers.location }).toEqual({ status: 303, location: "/account/password?required=generated" });
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
