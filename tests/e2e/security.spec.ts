import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { expect, test } from "./fixtures";

/** Every concrete path of the route table, parameters filled with a made-up id. */
function allPaths(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((e) => [...(e.path !== undefined ? [`/${e.path}`] : []), ...allPaths(e.children ?? [])]);
}
const ROUTE_PATHS = [...new Set(["/", ...allPaths(routes)])].map((p) => p.replace(/:[a-zA-Z]+/g, "00000000-0000-4000-8000-000000000000").replace("*", "session"));

const scriptSrcOf = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src "))!;
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\bsrc=|application\/ld\+json/.test(attrs));

test("a page rendered for the request carries the security headers and a nonce-based script policy", async ({ request }) => {
  // The cart is never served from the page cache: rendered for each request, with its nonce.
  const res = await request.get("/cart");
  const csp = res.headers()["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(scriptSrcOf(csp)).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+'$/);
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers()["permissions-policy"]).toContain("camera=()");
  expect(res.headers()["cache-control"]).toBe("private, no-store");
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts.filter((t) => !t.includes("application/ld+json"))) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a cached anonymous page allows exactly its own inline scripts, by hash (ADR 014)", async ({ request }) => {
  await request.get("/");
  const res = await request.get("/");
  expect(res.headers()["x-page-cache"]).toBe("hit");
  expect(res.headers()["cache-control"]).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
  const scriptSrc = scriptSrcOf(res.headers()["content-security-policy"]);
  expect(scriptSrc).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  const scripts = inlineScripts(await res.text());
  expect(scripts.length).toBeGreaterThan(0);
  const hashes = new Set(scriptSrc.match(/sha256-[A-Za-z0-9+/=]+/g));
  const digests = await Promise.all(
    scripts.map(async ([, , body]) => Buffer.from(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body))).toString("base64")),
  );
  expect(new Set(digests.map((d) => `sha256-${d}`))).toEqual(hashes);
});

test.describe("a cached page in the browser", () => {
  test.use({ showPromo: true });

  test("runs its scripts under the hash policy: no violation, the page comes alive", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { cspViolations: string[] }).cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) => (window as unknown as { cspViolations: string[] }).cspViolations.push(e.violatedDirective));
    });
    await page.request.get("/blog");
    const response = await page.goto("/blog");
    expect(response?.headers()["x-page-cache"]).toBe("hit");
    // The promo popup is mounted by React after hydration: only running scripts can show it.
    await expect(page.getByRole("dialog", { name: "Partner deal" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
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

test("every route of the table refuses a cross-site POST; only the signed payment webhooks are exempt", async ({ request }) => {
  expect(ROUTE_PATHS.length).toBeGreaterThan(40);
  for (const path of ROUTE_PATHS) {
    const res = await request.post(path, {
      form: { intent: "add", email: "victim@example.com" },
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      maxRedirects: 0,
    });
    if (path.startsWith("/api/webhooks/")) {
      // Not refused as cross-site: refused for the missing signature (or absent: Stripe unconfigured).
      expect([400, 404], path).toContain(res.status());
    } else {
      expect(res.status(), path).toBe(403);
      expect(await res.text(), path).toBe("Cross-site request refused.");
    }
  }
});

test("health and readiness endpoints answer", async ({ request }) => {
  expect((await request.get("/healthz")).status()).toBe(200);
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toMatchObject({ ok: true });
});

test.describe("rate limits", () => {
  const form = (baseURL: string, fields: Record<string, string>) => ({
    form: fields,
    headers: { Origin: baseURL, "Sec-Fetch-Site": "same-origin" },
    maxRedirects: 0,
  });

  test("newsletter sign-ups: ten per address in ten minutes, then 429 with a clear message", async ({ request, baseURL }) => {
    for (let i = 0; i < 10; i++) {
      const res = await request.post("/newsletter", form(baseURL!, { email: `limit-${i}-${Date.now()}@example.com` }));
      expect(res.status()).toBeLessThan(400);
    }
    const refused = await request.post("/newsletter", form(baseURL!, { email: `limit-over-${Date.now()}@example.com` }));
    expect(refused.status()).toBe(429);
    expect(refused.headers()["retry-after"]).toMatch(/^\d+$/);
  });

  test("checkout attempts: twenty per address in ten minutes, then 429 before any payment session", async ({ request, baseURL }) => {
    const details = { email: "limit@example.com", name: "Rate Limit", line1: "1 Test Road", line2: "", city: "London", postalCode: "N1 1AA", country: "GB" };
    for (let i = 0; i < 20; i++) {
      // An empty cart: each attempt counts without opening a session.
      expect((await request.post("/checkout", form(baseURL!, details))).status()).toBe(400);
    }
    const refused = await request.post("/checkout", form(baseURL!, details));
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("Too many checkout attempts");
  });
});

test("uploaded media is served as an inert file: nosniff, a sandboxing policy and a disposition", async ({ request }) => {
  const html = await (await request.get("/products/r36s")).text();
  const src = /\/media\/[^"\s,]+\.webp/.exec(html)?.[0];
  expect(src, "a media URL on the product page").toBeTruthy();
  const res = await request.get(src!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("image/webp");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(res.headers()["content-disposition"]).toBe("inline");
  expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
});
