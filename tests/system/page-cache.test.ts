import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import type pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { adminCookie, submitForm } from "./shop";
import type { Instance } from "./instances";
import { twoInstancesOnPostgres } from "./two-instances";

/**
 * The cache of rendered pages (ADR 014) on two production instances sharing one PostgreSQL:
 * every visitor gets the stored page (per market, per encoding), with or without a session or a cart,
 * and their own parts only from /api/personal (ADR 018), a change written through one instance drops the pages of both, and the CSP of a
 * stored page allows exactly its own inline scripts.
 */
type Page = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; html: string };

/** A GET as a browser sends it (Accept-Encoding included), the body decoded as the browser would. */
function getPage(base: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers: { Accept: "text/html", "Accept-Encoding": "gzip, deflate, br", ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const enc = raw.length ? res.headers["content-encoding"] : undefined;
        const body = enc === "br" ? zlib.brotliDecompressSync(raw) : enc === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, html: body.toString("utf8") });
      });
    });
    req.on("error", reject);
  });
}

const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

const cluster = twoInstancesOnPostgres();
let a: Instance;
let b: Instance;
let sql: pg.Client;
beforeAll(() => {
  ({ a, b, sql } = cluster);
});

describe("the page cache", () => {
  it("answers an anonymous visitor from the cache, with headers a CDN may act on", async () => {
    const first = await getPage(b.url, "/products/r36s?probe=headers");
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("miss");
    const second = await getPage(b.url, "/products/r36s?probe=headers");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.headers["cache-control"]).toMatch(/^public, s-maxage=\d+, stale-while-revalidate=\d+$/);
    // Everything the page depends on besides the URL: encoding, and the market (Accept-Language, its cookie).
    expect(second.headers.vary).toBe("Accept-Encoding, Accept-Language, Cookie");
    expect(second.headers["content-encoding"]).toBe("br");
    expect(second.html).toBe(first.html);
    expect(second.headers["x-request-id"]).not.toBe(first.headers["x-request-id"]);
    const gz = await getPage(b.url, "/products/r36s?probe=headers", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.html).toBe(first.html);
    const plain = await getPage(b.url, "/products/r36s?probe=headers", { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.html).toBe(first.html);
    // The validators differ per encoding (each is its own representation) and a match answers 304.
    expect(gz.headers.etag).not.toBe(second.headers.etag);
    const revalidated = await getPage(b.url, "/products/r36s?probe=headers", { "If-None-Match": second.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.raw.length).toBe(0);
  });

  it("gives the stored page a CSP listing the hash of each of its inline scripts, and no nonce", async () => {
    await getPage(a.url, "/products/r36s");
    const page = await getPage(a.url, "/products/r36s");
    expect(page.headers["x-page-cache"]).toBe("hit");
    const csp = page.headers["content-security-policy"] as string;
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).not.toContain("nonce-");
    expect(scriptSrc).not.toContain("unsafe-inline");
    const inline = [...page.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\bsrc=|application\/ld\+json/.test(attrs));
    // React Router's context, its module loader, streamed Suspense boundaries: all present, all hashed.
    expect(inline.length).toBeGreaterThan(3);
    for (const [, , body] of inline) expect(scriptSrc).toContain(sha256(body));
    expect(page.html).not.toContain("nonce=");
    // Nothing else may run inline: the listed hashes are exactly the page's scripts.
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(new Set(inline.map(([, , body]) => body)).size);
  });

  it("gives a shopper with a cart the page everyone gets, and their badge only in their own answer", async () => {
    const anonymous = await getPage(a.url, "/products/r36s");
    const { rows } = await sql.query<{ id: string }>("SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'r36s' LIMIT 1");
    const added = await submitForm(`${a.url}/cart`, { intent: "add", variantId: rows[0].id, quantity: "1" });
    expect(added.status).toBe(303);
    const cookie = added.cookies.join("; ");
    for (const instance of [a, b, b]) {
      const mine = await getPage(instance.url, "/products/r36s", { Cookie: cookie });
      expect(mine.headers["cache-control"]).toMatch(/^public, s-maxage=/);
      expect(mine.headers["content-security-policy"]).not.toContain("'nonce-");
      expect(mine.html).not.toContain("Cart, 1 item");
      expect(mine.html).toContain('aria-label="Cart"');
    }
    const again = await getPage(a.url, "/products/r36s", { Cookie: cookie });
    expect(again.headers["x-page-cache"]).toBe("hit");
    expect(again.html).toBe(anonymous.html);
    // Their count comes from their own answer, on either instance; nobody else's answer has it.
    for (const instance of [a, b]) {
      const own = await getPage(instance.url, "/api/personal?product=r36s", { Cookie: cookie, Accept: "application/json" });
      expect(own.headers["cache-control"]).toBe("private, no-store");
      expect(JSON.parse(own.html)).toMatchObject({ cartCount: 1, user: null, product: { savedVariantId: null } });
    }
    const theirs = await getPage(b.url, "/api/personal", { Accept: "application/json" });
    expect(JSON.parse(theirs.html)).toMatchObject({ cartCount: 0, user: null });
  });

  it("inlines the stylesheet in a shared page and links the cached file on a returning shopper's own pages", async () => {
    const anonymous = await getPage(a.url, "/products/r36s");
    expect(anonymous.html).toMatch(/<style>[^<]*tailwindcss/);
    expect(anonymous.html).not.toContain('rel="stylesheet"');
    const { rows } = await sql.query<{ id: string }>("SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'r36s' LIMIT 1");
    const added = await submitForm(`${a.url}/cart`, { intent: "add", variantId: rows[0].id, quantity: "1" });
    const mine = await getPage(a.url, "/cart", { Cookie: added.cookies.join("; ") });
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    const href = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"\/>/.exec(mine.html)?.[1];
    expect(href).toBeDefined();
    expect(mine.html).not.toMatch(/<style>[^<]*tailwindcss/);
    // The same rules, served once as an immutable, pre-compressed file.
    const css = await getPage(a.url, href!, { Accept: "text/css" });
    expect(css.status).toBe(200);
    expect(css.headers["content-encoding"]).toBe("br");
    expect(css.headers["cache-control"]).toContain("immutable");
    expect(anonymous.html).toContain(css.html.slice(0, 200));
  });

  it("gives a signed-in visitor the page everyone gets, and their account only in their own answer", async () => {
    const cookie = await adminCookie(b.url);
    const anonymous = await getPage(b.url, "/");
    const visitors: Record<string, string>[] = [{ Cookie: cookie }, { Cookie: "some-tracker=1" }, {}];
    for (const headers of visitors) {
      const page = await getPage(b.url, "/", headers);
      expect(page.headers["x-page-cache"]).toBe("hit");
      expect(page.html).toBe(anonymous.html);
      expect(page.html).not.toContain("ops-admin@example.com");
      expect(page.html).not.toContain('aria-label="Account menu"');
      expect(page.html).toContain("Sign In");
    }
    const own = await getPage(b.url, "/api/personal", { Cookie: cookie, Accept: "application/json" });
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(JSON.parse(own.html)).toMatchObject({ user: { email: "ops-admin@example.com" } });
    const theirs = await getPage(a.url, "/api/personal", { Accept: "application/json" });
    expect(JSON.parse(theirs.html)).toMatchObject({ user: null });
  });

  it("keeps one page per market: the market cookie and Accept-Language are part of the key, not a bypass", async () => {
    const uk = await getPage(a.url, "/products", { "Accept-Language": "en-GB,en;q=0.8" });
    const ukAgain = await getPage(a.url, "/products", { "Accept-Language": "en-GB,en;q=0.8" });
    expect(ukAgain.headers["x-page-cache"]).toBe("hit");
    expect(ukAgain.html).toContain("£");
    expect(ukAgain.html).not.toContain("$49.99");
    const us = await getPage(a.url, "/products", { "Accept-Language": "en-US" });
    expect(us.html).toContain("$49.99");
    expect(ukAgain.html).toBe(uk.html);
    // A shopper in the US who picks the EU market gets the EU page, cached as such.
    const chosen = await submitForm(`${a.url}/market`, { market: "eu", returnTo: "/products" }, { headers: { "Accept-Language": "en-US" } });
    expect(chosen.status).toBe(303);
    const cookie = chosen.cookies.join("; ");
    expect(cookie).toMatch(/^market=/);
    await getPage(a.url, "/products", { Cookie: cookie, "Accept-Language": "en-US" });
    const eu = await getPage(a.url, "/products", { Cookie: cookie, "Accept-Language": "en-US" });
    expect(eu.headers["x-page-cache"]).toBe("hit");
    expect(eu.html).toContain("€");
    expect(eu.html).not.toContain("$49.99");
  });

  it("drops the pages of every instance when a product changes through one of them", async () => {
    await getPage(b.url, "/products");
    const cached = await getPage(b.url, "/products");
    expect(cached.headers["x-page-cache"]).toBe("hit");
    expect(cached.html).toContain("35XXPro Handheld Console");
    // A write behind the shop's back (no event) does not show: B answers from its cache.
    await sql.query("UPDATE products SET title = 'R36S Quietly Renamed' WHERE slug = 'r36s'");
    const stale = await getPage(b.url, "/products");
    expect(stale.headers["x-page-cache"]).toBe("hit");
    expect(stale.html).not.toContain("R36S Quietly Renamed");
    // An admin deletes a product on A: B's next request is rendered afresh, without it.
    const { rows } = await sql.query<{ id: string }>("SELECT id FROM products WHERE title = '35XXPro Handheld Console'");
    const cookie = await adminCookie(a.url);
    const deleted = await submitForm(`${a.url}/admin/products`, { intent: "delete", id: rows[0].id }, { cookie });
    expect(deleted.status).toBeLessThan(400);
    const fresh = await getPage(b.url, "/products");
    expect(fresh.headers["x-page-cache"]).toBe("miss");
    expect(fresh.html).not.toContain("35XXPro Handheld Console");
    expect(fresh.html).toContain("R36S Quietly Renamed");
  });
});
