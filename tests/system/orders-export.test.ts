import { spawn } from "node:child_process";
import http from "node:http";
import { build } from "esbuild";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { rssMb } from "./http";
import { startInstance, TEST_SECRET, type Instance } from "./instances";
import { adminCookie } from "./shop";

/**
 * The accountant's CSV of 100,000 orders on PostgreSQL (issue 14) is streamed in batches, never held
 * in memory: through the back office (a real shop process) and through `npm run orders:export`, each
 * process's resident memory is sampled every 20 ms while the whole file goes through.
 */
const ORDERS = 100_000;
const LIMIT_MB = 200;

const BUNDLE = "build/tools/export-orders.mjs";

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let shop: Instance;

beforeAll(async () => {
  await build({ entryPoints: ["scripts/export-orders.ts"], bundle: true, platform: "node", format: "esm", packages: "external", outfile: BUNDLE, logLevel: "warning" });
  database = await createPostgresDatabase();
  shop = await startInstance(database.url, { SMTP_URL: "", STRIPE_SECRET_KEY: "" });
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    // One order every minute back from now; a name that must stay text in a spreadsheet every 1,000th.
    await c.query(
      `INSERT INTO orders (number, email, name, ship_line1, ship_city, ship_postal_code, ship_country, status,
                           subtotal_cents, shipping_cents, total_cents, payment_provider, paid_at, created_at, updated_at)
       SELECT 'PR-EXP-' || g, 'buyer' || g || '@example.com',
              CASE WHEN g % 1000 = 0 THEN '=cmd|'' /C calc''!A0' ELSE 'Buyer, Number ' || g END,
              g || ' Export Street', 'London', 'N1 1AA', 'GB',
              (ARRAY['completed','processing','cancelled'])[1 + g % 3],
              4999, 0, 4999, 'test', now() - g * interval '1 minute', now() - g * interval '1 minute', now()
       FROM generate_series(1, $1::int) AS g`,
      [ORDERS],
    );
    await c.query("ANALYZE orders");
  } finally {
    await c.end();
  }
}, 300_000);

afterAll(async () => {
  await shop?.stop();
  await database?.drop();
});

/** Samples a process's RSS until stopped; returns the peak in MB. */
function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process ended between samples
    }
  }, 20);
  return { stop: () => (clearInterval(timer), peak) };
}

/** Counts the CSV's lines and checks the formula cells as they stream by, never keeping the body. */
function counter() {
  let lines = 0;
  let tail = "";
  let formulas = 0;
  return {
    push(chunk: string) {
      const text = tail + chunk;
      const parts = text.split("\r\n");
      tail = parts.pop()!;
      lines += parts.length;
      for (const p of parts) if (p.includes("cmd|")) formulas += p.includes(`,"'=cmd|`) || p.includes(",'=cmd|") ? 1 : 0;
    },
    result: () => ({ lines, tail, formulas }),
  };
}

describe("exporting 100,000 orders", () => {
  it("streams from the back office with the shop's memory flat", async () => {
    const cookie = await adminCookie(shop.url);
    const before = rssMb(shop.child.pid!);
    const rss = sampleRss(shop.child.pid!);
    const started = performance.now();
    const count = counter();
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(`${shop.url}/admin/orders/export`, { headers: { cookie } }, (res) => {
          expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
          expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
          expect(res.headers["cache-control"]).toBe("no-store");
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => count.push(chunk));
          res.on("end", () => resolve(res.statusCode!));
        })
        .on("error", reject);
    });
    const peak = rss.stop();
    const seconds = (performance.now() - started) / 1000;
    console.info(`orders export over HTTP: ${ORDERS} orders in ${seconds.toFixed(1)} s, shop RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at most`);
    expect(status).toBe(200);
    expect(count.result()).toEqual({ lines: ORDERS + 1, tail: "", formulas: ORDERS / 1000 });
    // The shop process (the whole app, its caches and pools) grows by a few MB, not by the file (about 13 MB of CSV).
    expect(peak - before).toBeLessThan(50);
  });

  /**
   * The export command in one process, compiled ahead like the server build (plain node, no loader:
   * tsx's own transpiler and caches take 130 MB before the first row, and its CLI runs the script in
   * a child process of its own).
   */
  async function exportCommand(batch: number, args: string[] = []) {
    const child = spawn(process.execPath, [BUNDLE, ...args], {
      env: { ...process.env, NODE_ENV: "production", DATABASE_URL: database.url, BETTER_AUTH_SECRET: TEST_SECRET, LOG_LEVEL: "warn", EXPORT_BATCH: String(batch) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    const rss = sampleRss(child.pid!);
    const count = counter();
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => count.push(chunk));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    return { peak: rss.stop(), code, stderr, ...count.result() };
  }

  it("streams from `npm run orders:export` in a process that stays under 200 MB", async () => {
    const empty = await exportCommand(1000, ["--q", "nobody-at-all"]);
    console.info(`baseline (no rows): ${empty.peak.toFixed(0)} MB`);
    const streamed = await exportCommand(1000);
    // The same export read in one batch holds every row at once: the measurement sees the difference.
    const whole = await exportCommand(ORDERS);
    console.info(`npm run orders:export, ${ORDERS} orders: peak RSS ${streamed.peak.toFixed(0)} MB in batches of 1,000; ${whole.peak.toFixed(0)} MB read in one batch`);
    for (const run of [streamed, whole]) expect(run).toMatchObject({ stderr: "", code: 0, lines: ORDERS + 1, tail: "", formulas: ORDERS / 1000 });
    expect(streamed.peak).toBeLessThan(LIMIT_MB);
    expect(whole.peak).toBeGreaterThan(streamed.peak);
  });
});
