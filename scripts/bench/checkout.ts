import crypto from "node:crypto";
import http from "node:http";
import pg from "pg";
import { cpuSeconds, startServer } from "./server";

/**
 * The checkout scenario: shoppers buy one console each through the real HTTP flow of a production
 * build on PostgreSQL (a throwaway database): add to cart, submit checkout (prices the cart, reserves
 * the units, opens the test provider's session), pay on /pay/test (the server delivers the signed
 * webhook that confirms the order in one transaction). Reports orders per second and latencies.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Beside the page sections' ports (bench.ts: BENCH_PORT, + 2, + 4), so two benches on one machine do not collide. */
const PORT = Number(process.env.BENCH_PORT ?? 3290) + 1;
const SHOPPERS = Number(process.env.BENCH_CHECKOUT_SHOPPERS ?? 8);
const ORDERS = Number(process.env.BENCH_CHECKOUT_ORDERS ?? 400);
const WARMUP = 24;

async function withAdmin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * A plain form post, as a browser without JavaScript sends it. node:http rather than fetch: undici
 * always sends `Sec-Fetch-Mode: cors`, which the shop (rightly) answers as a fetcher.
 */
function post(url: string, fields: Record<string, string>, cookie?: string): Promise<http.IncomingMessage> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          ...(cookie ? { Cookie: cookie } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => (res.statusCode === 303 ? resolve(res) : reject(new Error(`${url} answered ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** One shopper's whole purchase; returns the time of each step in ms. */
export async function buyOne(base: string, variantId: string, n: number) {
  const t0 = performance.now();
  const added = await post(`${base}/cart`, { intent: "add", variantId, quantity: "1" });
  const cookie = added.headers["set-cookie"]![0].split(";")[0];
  const t1 = performance.now();
  const checkout = await post(
    `${base}/checkout`,
    { email: `bench${n}@example.com`, name: "Bench Shopper", line1: "1 Bench Road", line2: "", city: "London", postalCode: "N1 1AA", country: "GB" },
    cookie,
  );
  const payUrl = checkout.headers.location!;
  const t2 = performance.now();
  const paid = await post(payUrl, { cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" });
  if (!paid.headers.location?.includes("/checkout-success")) throw new Error("payment did not reach the success page");
  const t3 = performance.now();
  return { cart: t1 - t0, checkout: t2 - t1, pay: t3 - t2, total: t3 - t0 };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
};

export async function benchCheckout() {
  const name = `shop_bench_${crypto.randomBytes(4).toString("hex")}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const server = await startServer(PORT, {
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: crypto.randomBytes(24).toString("base64url"),
    ADMIN_PASSWORD: crypto.randomBytes(12).toString("base64url"),
    SMTP_URL: "",
    STRIPE_SECRET_KEY: "",
    // Every simulated shopper comes from this machine's one address.
    CHECKOUT_RATE_LIMIT: "1000000",
    CHECKOUT_MAX_HELD_UNITS: "100000",
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    // Plenty of stock so every order succeeds: this measures the flow, not the sold-out path.
    await db.query("UPDATE product_variants SET stock = 1000000");
    const { rows } = await db.query<{ id: string }>("SELECT id FROM product_variants ORDER BY id");
    const variants = rows.map((r) => r.id);
    let next = 0;
    const shopper = async (count: number, into: ReturnType<typeof buyOne> extends Promise<infer R> ? R[] : never) => {
      for (;;) {
        const n = next++;
        if (n >= count) return;
        into.push(await buyOne(server.url, variants[n % variants.length], n));
      }
    };
    await Promise.all(Array.from({ length: SHOPPERS }, () => shopper(WARMUP, [])));
    next = 0;
    const samples: Awaited<ReturnType<typeof buyOne>>[] = [];
    // PostgreSQL's backends for the shop's pool (on this machine: /proc), opened by the warm-up.
    const backends = async () =>
      (await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name])).rows.map((r) => r.pid);
    const pgCpu = async () => (await backends()).reduce((n, pid) => n + cpuSeconds(pid), 0);
    const started = performance.now();
    const cpuBefore = cpuSeconds(server.pid);
    const pgCpuBefore = await pgCpu();
    await Promise.all(Array.from({ length: SHOPPERS }, () => shopper(ORDERS, samples)));
    const seconds = (performance.now() - started) / 1000;
    const shopCpu = cpuSeconds(server.pid) - cpuBefore;
    const postgresCpu = (await pgCpu()) - pgCpuBefore;
    const { rows: paid } = await db.query<{ count: number }>("SELECT count(*)::int AS count FROM orders WHERE status = 'processing'");
    const result = {
      shoppers: SHOPPERS,
      orders: samples.length,
      ordersPerSecond: Math.round((samples.length / seconds) * 10) / 10,
      fullFlowP50: percentile(samples.map((s) => s.total), 50),
      fullFlowP99: percentile(samples.map((s) => s.total), 99),
      checkoutP99: percentile(samples.map((s) => s.checkout), 99),
      payAndWebhookP99: percentile(samples.map((s) => s.pay), 99),
      paidOrders: paid[0].count,
      // The shop's own CPU an order (one Node process): the rate's ceiling is 1000 / this, less on a shared machine.
      shopCpuMsPerOrder: Math.round((shopCpu / samples.length) * 10000) / 10,
      // Its PostgreSQL backends' (a backend that ended during the run is missed: the pool keeps them open).
      postgresCpuMsPerOrder: Math.round((postgresCpu / samples.length) * 10000) / 10,
    };
    console.log(`\nCheckout on PostgreSQL, ${SHOPPERS} concurrent shoppers, ${samples.length} orders (add to cart, checkout, pay + signed webhook), latencies in ms`);
    console.table([result]);
    return result;
  } finally {
    await db.end();
    await server.stop();
    await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}
