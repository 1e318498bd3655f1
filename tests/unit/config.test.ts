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

  it("media storage and metrics: s3 needs a bucket, keys come in pairs, metrics need a token (issue 32)", () => {
    expect(loadConfig({ DATA_DIR: tmp() })).toMatchObject({ MEDIA_STORAGE: "local", s3: undefined, METRICS: "off" });
    expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_STORAGE: "s3" })).toThrow(/S3_BUCKET is required when MEDIA_STORAGE=s3/);
    expect(() => loadConfig({ DATA_DIR: tmp(), MEDIA_STORAGE: "disk" })).toThrow(/MEDIA_STORAGE/);
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_ENDPOINT: "not an address" })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({ DATA_DIR: tmp(), MEDIA_STORAGE: "s3", S3_BUCKET: "shop", S3_REGION: "", S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "true" }).s3).toEqual({
      bucket: "shop",
      region: "us-east-1",
      endpoint: "http://minio:9000",
      credentials: undefined,
      forcePathStyle: true,
    });
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS: "on" })).toThrow(/METRICS=on needs METRICS_TOKEN/);
    expect(() => loadConfig({ DATA_DIR: tmp(), METRICS: "on", METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ DATA_DIR: tmp(), METRICS: "on", METRICS_TOKEN: "a-long-enough-token" }).METRICS).toBe("on");
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
