import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3Store } from "../../server/storage";
import { startFakeS3 } from "../integration/fake-s3";
import type pg from "pg";
import type { Instance } from "./instances";
import { adminCookie, payWithTestCard, readEvents, startCheckout } from "./shop";
import { twoInstancesOnPostgres } from "./two-instances";

/**
 * Issue 32: two instances of the production build on one PostgreSQL and one bucket (s3rver in the
 * test process, MEDIA_STORAGE=s3), each with its own empty DATA_DIR: media written through one
 * are served by the other, as behind a load balancer without a shared disk. Both have metrics on:
 * what an operator scrapes from each after a checkout.
 */
const METRICS_TOKEN = "system-test-metrics-token-0123456789";
const s3 = await startFakeS3();
afterAll(() => s3.stop()); // after hooks run last-registered first: the instances stop before the bucket
const cluster = twoInstancesOnPostgres({ env: { ...s3.env, METRICS: "on", METRICS_TOKEN } });
let a: Instance;
let b: Instance;
let sql: pg.Client;
beforeAll(() => {
  ({ a, b, sql } = cluster);
});
const bucket = () => s3Store({ bucket: s3.bucket, region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });

async function image(res: Response) {
  expect([res.status, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([200, "image/webp", "public, max-age=31536000, immutable"]);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe("two instances sharing one bucket", () => {
  it("a photo uploaded through instance A is served by instance B", async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#be185d" } }).png().toBuffer();
    const form = new FormData();
    form.set("file", new File([png], "pink.png", { type: "image/png" }));
    form.set("alt", "A pink handheld, uploaded through A");
    const uploaded = await fetch(`${a.url}/api/admin/media`, { method: "POST", body: form, headers: { cookie: await adminCookie(a.url), origin: a.url } });
    expect(uploaded.status).toBe(200);
    const { image: body } = (await uploaded.json()) as { image: { src: string; srcset: string } };
    expect(body.src).toMatch(/^\/media\/[0-9a-f-]{36}-640\.webp$/);

    expect(await image(await fetch(`${b.url}${body.src}`))).toMatchObject({ format: "webp", width: 640, height: 480 });
    // Every rendition of the srcset, from the bucket, not from A's disk.
    for (const src of body.srcset.split(", ").map((s) => s.split(" ")[0])) {
      expect((await bucket().head(src.replace("/media/", "")))?.contentType).toBe("image/webp");
      expect((await fetch(`${b.url}${src}`, { method: "HEAD" })).status).toBe(200);
    }
  });

  it("the seed's product photos, rendered at A's start, are served by B; a missing one is a 404", async () => {
    const page = await (await fetch(`${b.url}/products/r36s`)).text();
    const src = /\/media\/[0-9a-f-]{36}-640\.webp/.exec(page)?.[0];
    expect(src).toBeDefined();
    expect(await image(await fetch(`${b.url}${src}`))).toMatchObject({ format: "webp", width: 640 });
    const missing = await fetch(`${b.url}/media/00000000-0000-0000-0000-000000000000-640.webp`);
    expect(missing.status).toBe(404);
  });
});

/** One sample's value from an exposition, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("metrics an operator scrapes from each instance", () => {
  it("refuses /metrics without the token, and never lets it be cached", async () => {
    const refused: Record<string, string>[] = [{}, { authorization: "Bearer wrong-token" }, { authorization: METRICS_TOKEN }];
    for (const headers of refused) {
      const res = await fetch(`${a.url}/metrics`, { headers });
      expect([res.status, res.headers.get("cache-control"), res.headers.get("www-authenticate")]).toEqual([401, "no-store", 'Bearer realm="metrics"']);
      expect(await res.text()).not.toContain("shop_");
    }
    const ok = await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect([ok.status, ok.headers.get("cache-control")]).toEqual([200, "no-store"]);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("after a scripted checkout, shows requests by route pattern, the page cache, checkouts, webhooks, refunds, outbox, jobs, pool and streams", async () => {
    const { rows } = await sql.query<{ id: string }>("SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'rg35xx-pro' LIMIT 1");
    const { payUrl } = await startCheckout(a.url, rows[0].id, "metrics@example.com");
    expect((await payWithTestCard(payUrl)).status).toBe(303);
    // A forged webhook: refused, and counted as such.
    expect((await fetch(`${a.url}/api/webhooks/test`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } })).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await fetch(`${a.url}/products/r36s`)).status).toBe(200);
    const stream = readEvents(`${a.url}/api/blog/events`, undefined, () => false, 60_000);
    await stream.ready;
    stream.finished.catch(() => {}); // ended by the instance's stop

    const text = await (await fetch(`${a.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(sample(text, 'shop_http_requests_total{route="/products/:slug",method="GET",status="2xx"}')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'shop_http_request_duration_seconds_count{route="/products/:slug",method="GET",status="2xx"}')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'shop_http_requests_total{route="/checkout",method="POST",status="3xx"}')).toBe(1);
    expect(sample(text, 'shop_http_requests_total{route="/api/webhooks/test",method="POST",status="4xx"}')).toBe(1);
    expect(text).not.toMatch(/route="[^"]*r36s/); // patterns, never URLs
    expect(sample(text, 'shop_page_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'shop_page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'shop_checkouts_total{stage="started"}')).toBe(1);
    expect(sample(text, 'shop_checkouts_total{stage="paid"}')).toBe(1);
    expect(sample(text, 'shop_payment_webhooks_total{result="applied"}')).toBe(1);
    expect(sample(text, 'shop_payment_webhooks_total{result="rejected"}')).toBe(1);
    expect(sample(text, 'shop_payment_webhooks_total{result="failed"}')).toBe(0);
    expect(sample(text, 'shop_refunds_total{outcome="succeeded"}')).toBe(0);
    expect(sample(text, "shop_outbox_backlog")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "shop_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^shop_job_runs_total\{job="[^"]+",result="ok"\} \d+$/m);
    expect(text).toMatch(/^shop_job_lag_seconds\{job="[^"]+"\} [\d.e+-]+$/m);
    expect(sample(text, 'shop_db_pool_connections{state="max"}')).toBe(10);
    expect(sample(text, 'shop_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, "shop_sse_connections")).toBe(1);

    // The other instance counts its own traffic: none of this checkout.
    const other = await (await fetch(`${b.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(sample(other, 'shop_checkouts_total{stage="started"}')).toBe(0);
  });
});
