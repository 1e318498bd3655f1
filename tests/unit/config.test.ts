import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN_PASSWORD, loadConfig } from "../../server/config";

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
});
