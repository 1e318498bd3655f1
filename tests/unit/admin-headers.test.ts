import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminResponseHeaders } from "../../server/http/admin-headers";

/** The one place admin answers get noindex + no-store (server/http/admin-headers.ts). */
describe("admin response headers middleware", () => {
  let base = "";
  let close = () => {};

  beforeAll(async () => {
    const app = express();
    app.use(adminResponseHeaders);
    app.get("/api/admin/stream", (_req, res) => res.set("Cache-Control", "no-store, no-transform").send("own"));
    app.use((_req, res) => res.send("ok"));
    const server = app.listen(0);
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("marks pages, the login and the admin API, and nothing else", async () => {
    for (const path of ["/admin", "/admin/orders/1", "/admin-login", "/api/admin", "/api/admin/ai", "/api/admin/orders/events"]) {
      const res = await fetch(base + path);
      expect(res.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    for (const path of ["/", "/administrator", "/api/auth/session", "/api/administer", "/products/r36s"]) {
      const res = await fetch(base + path);
      expect(res.headers.get("x-robots-tag"), path).toBeNull();
    }
  });

  it("keeps a header the route set itself", async () => {
    const res = await fetch(`${base}/api/admin/stream`);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(res.headers.get("cache-control")).toBe("no-store, no-transform");
  });
});
