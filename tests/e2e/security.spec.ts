import { expect, test } from "./fixtures";

test("pages carry the security headers and a nonce-based script policy", async ({ request }) => {
  const res = await request.get("/");
  const csp = res.headers()["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers()["permissions-policy"]).toContain("camera=()");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts.filter((t) => !t.includes("application/ld+json"))) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a cross-site POST is refused and a same-site one accepted", async ({ request, baseURL }) => {
  const forged = await request.post("/newsletter", {
    form: { email: "victim@example.com" },
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
  });
  expect(forged.status()).toBe(403);
  const genuine = await request.post("/newsletter", {
    form: { email: `same-site-${Date.now()}@example.com` },
    headers: { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });
  expect(genuine.status()).toBeLessThan(400);
});

test("health and readiness endpoints answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ ok: true });
});
