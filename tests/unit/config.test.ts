import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, loadConfig, readOpenFileLimit, sseMaxTotal } from "../../server/config";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "cfg-"));

describe("configuration", () => {
  it("embedded mode generates a secret once and keeps it", () => {
    const dir = tmp();
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.embedded).toBe(true);
    expect(a.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.authSecret).toBe(a.authSecret);
    expect(a.publicUrl).toBe("http://localhost:3000");
  });

  it("deployed mode refuses to start without a secret", () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: "postgres://x@127.0.0.1/db" })).toThrow(/BETTER_AUTH_SECRET is required/);
  });

  it("deployed mode refuses the demo admin password", () => {
    expect(() =>
      loadConfig({ DATA_DIR: tmp(), DATABASE_URL: "postgres://x@127.0.0.1/db", BETTER_AUTH_SECRET: "s".repeat(40), ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD }),
    ).toThrow(/demo password/);
  });

  it("production refuses the demo admin password on the embedded database too; development accepts it", () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), NODE_ENV: "production", ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD })).toThrow(/ADMIN_PASSWORD is the published demo password/);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: "development", ADMIN_PASSWORD: DEMO_ADMIN_PASSWORD }).demoAdminAllowed).toBe(true);
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: "production" }).demoAdminAllowed).toBe(false);
  });

  it("names the variable that is wrong", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
  });

  it("caps live-update streams below the open-file limit it reads at start (issue 11, item 8)", () => {
    const limits = path.join(tmp(), "limits");
    fs.writeFileSync(limits, "Limit                     Soft Limit           Hard Limit           Units     \nMax open files            1024                 4096                 files     \n");
    expect(readOpenFileLimit(limits)).toBe(1024);
    expect(readOpenFileLimit(path.join(tmp(), "missing"))).toBe(1024);
    // Default: 2,000, or half the descriptors when they are few.
    expect(sseMaxTotal(undefined, 1_048_576)).toBe(2000);
    expect(sseMaxTotal(undefined, 1024)).toBe(512);
    // A configured cap is kept below the limit, leaving 256 descriptors for everything else.
    expect(sseMaxTotal(5000, 1_048_576)).toBe(5000);
    expect(sseMaxTotal(5000, 1024)).toBe(768);
    const c = loadConfig({ DATA_DIR: tmp() });
    expect(c.openFileLimit).toBe(readOpenFileLimit());
    expect(c.sseMaxTotal).toBe(sseMaxTotal(undefined, c.openFileLimit));
    expect(c.SSE_MAX_PER_CLIENT).toBe(10);
    // Left empty as in .env.example: the default.
    expect(loadConfig({ DATA_DIR: tmp(), SSE_MAX_CONNECTIONS: "" }).sseMaxTotal).toBe(c.sseMaxTotal);
    expect(loadConfig({ DATA_DIR: tmp(), SSE_MAX_CONNECTIONS: "100" }).sseMaxTotal).toBe(Math.min(100, c.openFileLimit - 256));
  });
});
