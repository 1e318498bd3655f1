import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "../../server/http/security";

/** The header middleware on a real Express server, as the app mounts it. */
async function headersFor(publicUrl: string): Promise<Headers> {
  const app = express();
  app.use(securityHeaders(publicUrl));
  app.get("/", (_req, res) => {
    res.send("ok");
  });
  const server = app.listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    return (await fetch(`http://127.0.0.1:${port}/`)).headers;
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  it("send HSTS and upgrade insecure requests when the public origin is https", async () => {
    const h = await headersFor("https://shop.example");
    expect(h.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(h.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("send neither on plain http (a local or embedded shop), the rest always", async () => {
    const h = await headersFor("http://localhost:3000");
    expect(h.get("strict-transport-security")).toBeNull();
    expect(h.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
    expect(h.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("give every response its own script nonce", async () => {
    const nonce = (h: Headers) => /'nonce-([^']+)'/.exec(h.get("content-security-policy") ?? "")?.[1];
    const [a, b] = [nonce(await headersFor("http://localhost:3000")), nonce(await headersFor("http://localhost:3000"))];
    expect(a).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(a).not.toBe(b);
  });
});
