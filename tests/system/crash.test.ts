import http from "node:http";
import os from "node:os";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, setConfig } from "../../server/config";
import { openDatabase, setDatabase, type Database } from "../../server/db/client";
import { signPayload } from "../../server/payments/signature";
import {
  completedEvent,
  payTestSession,
  readTestSession,
  TEST_SIGNATURE_HEADER,
  testCardSchema,
  testWebhookSecret,
} from "../../server/payments/test-provider";
import { createPostgresDatabase } from "../integration/test-db";
import { startInstance, TEST_SECRET, waitFor, type Instance } from "./instances";

/**
 * kill -9 in the middle of a checkout, on real processes and a real PostgreSQL. The test plays the
 * shopper (HTTP) and, while the shop is down, the payment provider: the built-in test provider's code
 * takes the payment into its ledger and tries the webhook, as Stripe would keep the money and retry.
 */

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12 / 39", cvc: "123" };

/** A plain form post, as a browser without JavaScript sends it (fetch would announce a fetcher). */
function postForm(url: string, fields: Record<string, string>, cookie?: string): Promise<http.IncomingMessage> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": Buffer.byteLength(body), ...(cookie ? { Cookie: cookie } : {}) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The test's own connections are named, to tell them from the shop's. */
const TEST_APP = "crash-test";
const testUrl = () => `${dbUrl}?application_name=${TEST_APP}`;

let dbUrl: string;
let dropDb: () => Promise<void>;
let sql: pg.Client;
let provider: Database;
const running: Instance[] = [];

async function start() {
  const instance = await startInstance(dbUrl);
  running.push(instance);
  return instance;
}

async function one<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T> {
  return (await sql.query<T>(text, values)).rows[0];
}

async function variantId(slug: string, colour: string) {
  const row = await one<{ id: string }>(
    "SELECT v.id FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = $1 AND v.name = $2",
    [slug, colour],
  );
  return row.id;
}

const stockOf = async (id: string) => (await one<{ stock: number }>("SELECT stock FROM product_variants WHERE id = $1", [id])).stock;

/** Add to cart and check out over HTTP; returns the order and its payment page. */
async function checkout(shop: Instance, variant: string, email: string) {
  const added = await postForm(`${shop.url}/cart`, { intent: "add", variantId: variant, quantity: "2" });
  expect(added.statusCode).toBe(303);
  const cookie = added.headers["set-cookie"]![0].split(";")[0];
  const fields = { email, name: "Crash Tester", line1: "1 Fault Lane", line2: "", city: "London", postalCode: "N1 1AA", country: "GB" };
  const res = await postForm(`${shop.url}/checkout`, fields, cookie);
  expect(res.statusCode).toBe(303);
  const payUrl = res.headers.location!;
  const sessionId = decodeURIComponent(payUrl.split("/pay/test/")[1]);
  const order = await one<{ id: string }>("SELECT id FROM orders WHERE provider_session_id = $1", [sessionId]);
  return { orderId: order.id, sessionId, payUrl };
}

/** Everything that must happen exactly once for a paid order. */
async function ledger(orderId: string, email: string) {
  return one<{ status: string; paid: number; events: number; emails: number }>(
    `SELECT (SELECT status FROM orders WHERE id = $1) AS status,
            (SELECT count(*)::int FROM order_events WHERE order_id = $1 AND type = 'paid') AS paid,
            (SELECT count(*)::int FROM payment_events) AS events,
            (SELECT count(*)::int FROM outbox_mail WHERE "to" = $2) AS emails`,
    [orderId, email],
  );
}

/** The provider delivers its webhook again (Stripe retries until it gets a 2xx). */
async function redeliver(shop: Instance, sessionId: string) {
  const payment = await one<{ payment_id: string; brand: string; last4: string }>(
    "SELECT payment_id, brand, last4 FROM test_provider_payments WHERE session_id = $1",
    [sessionId],
  );
  const body = JSON.stringify(completedEvent(readTestSession(sessionId)!, { paymentId: payment.payment_id, brand: payment.brand, last4: payment.last4 }));
  const res = await fetch(`${shop.url}/api/webhooks/test`, {
    method: "POST",
    headers: { "Content-Type": "application/json", [TEST_SIGNATURE_HEADER]: signPayload(body, testWebhookSecret()) },
    body,
  });
  expect(res.status).toBe(200);
}

describe("kill -9 during checkout (PostgreSQL, real processes)", () => {
  beforeAll(async () => {
    ({ url: dbUrl, drop: dropDb } = await createPostgresDatabase());
    sql = new pg.Client({ connectionString: testUrl() });
    // The provider's side: same secret as the shop (sessions are signed with it), ledger in the database.
    setConfig(loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: TEST_SECRET, DATABASE_URL: dbUrl, DATA_DIR: os.tmpdir() }));
    provider = await openDatabase({ databaseUrl: testUrl(), poolSize: 2 });
    setDatabase(provider);
    await sql.connect();
  });
  afterAll(async () => {
    await Promise.all(running.map((i) => i.stop("SIGKILL")));
    await sql?.end();
    await provider?.close();
    await dropDb?.();
  });

  it("killed between session creation and webhook: paid while down, reconciled at start into one paid order", async () => {
    const shop = await start();
    const variant = await variantId("r36s", "Purple");
    const stock = await stockOf(variant);
    const { orderId, sessionId } = await checkout(shop, variant, "crash-a@example.com");
    expect(await shop.stop("SIGKILL")).toBeNull();

    // The shopper pays on the provider's page while the shop is down: the money is taken, the webhook
    // finds nobody (PUBLIC_URL names the dead instance), the shopper is sent on to the return page.
    setConfig(loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: TEST_SECRET, DATABASE_URL: dbUrl, DATA_DIR: os.tmpdir(), PUBLIC_URL: shop.url }));
    const paid = await payTestSession(readTestSession(sessionId)!, testCardSchema.parse(CARD));
    expect(paid.ok).toBe(true);
    expect(await ledger(orderId, "crash-a@example.com")).toEqual({ status: "pending", paid: 0, events: 0, emails: 0 });

    const restarted = await start();
    // The confirmation email is queued after the payment's transaction commits: wait for the whole
    // outcome, not for the status alone (which is visible a moment before the email).
    await waitFor(async () => (await ledger(orderId, "crash-a@example.com")).emails > 0, "reconciliation at start and its email", 30_000);
    expect(await ledger(orderId, "crash-a@example.com")).toEqual({ status: "processing", paid: 1, events: 1, emails: 1 });
    expect(await stockOf(variant)).toBe(stock - 2);

    // The provider's retry arrives after all: nothing more happens.
    await redeliver(restarted, sessionId);
    expect(await ledger(orderId, "crash-a@example.com")).toEqual({ status: "processing", paid: 1, events: 2, emails: 1 });
    expect(await stockOf(variant)).toBe(stock - 2);
    await restarted.stop();
  });

  it("killed inside webhook handling: nothing half-written; after restart one paid order, one decrement, one email", async () => {
    const shop = await start();
    const variant = await variantId("r36s", "Black");
    const stock = await stockOf(variant);
    const eventsBefore = (await one<{ n: number }>("SELECT count(*)::int AS n FROM payment_events")).n;
    const { orderId, sessionId, payUrl } = await checkout(shop, variant, "crash-b@example.com");

    // Hold the order's row so the webhook's transaction stops inside, after its first write.
    const locker = new pg.Client({ connectionString: testUrl() });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [orderId]);
    const paying = postForm(payUrl, CARD).then(
      (res) => res.statusCode,
      (err: Error) => err.message,
    );
    await waitFor(
      async () => (await one<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'")).n > 0,
      "the webhook to block on the order row",
      30_000,
    );
    // The killed instance's own connections, by backend pid: client backends of this test's database
    // that are not the test's. Other engineers' databases, autovacuum workers and the restarted
    // instance's connections must not count.
    const killedBackends = (
      await sql.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND application_name <> $1",
        [TEST_APP],
      )
    ).rows.map((r) => r.pid);
    expect(killedBackends.length).toBeGreaterThan(0);
    expect(await shop.stop("SIGKILL")).toBeNull();
    expect(await paying).toMatch(/socket hang up|ECONNRESET/);
    await locker.query("ROLLBACK");
    await locker.end();
    // The dead instance's backends notice their client is gone and roll back.
    await waitFor(
      async () => (await one<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ANY($1)", [killedBackends])).n === 0,
      "the killed instance's connections to end",
      30_000,
    );

    const half = await ledger(orderId, "crash-b@example.com");
    expect(half).toEqual({ status: "pending", paid: 0, events: eventsBefore, emails: 0 });
    expect(await stockOf(variant)).toBe(stock);

    const restarted = await start();
    await waitFor(async () => (await ledger(orderId, "crash-b@example.com")).emails > 0, "reconciliation at start and its email", 30_000);
    await redeliver(restarted, sessionId);
    const after = await ledger(orderId, "crash-b@example.com");
    expect(after).toMatchObject({ status: "processing", paid: 1, emails: 1 });
    expect(await stockOf(variant)).toBe(stock - 2);
    await restarted.stop();
  });
});
