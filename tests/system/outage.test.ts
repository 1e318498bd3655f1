import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { get, openEventStream, postForm, startDatabaseProxy, type Answer, type DatabaseProxy } from "./http";
import { startInstance, waitFor, type Instance } from "./instances";

/**
 * The database goes away for a while and comes back, with no restart of the app: one real instance
 * (production build) reaches PostgreSQL through a TCP proxy the test cuts and restores.
 */
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let proxy: DatabaseProxy;
let instance: Instance;
let direct: pg.Client;

beforeAll(async () => {
  database = await createPostgresDatabase();
  const url = new URL(database.url);
  proxy = await startDatabaseProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = "127.0.0.1";
  url.port = String(proxy.port);
  instance = await startInstance(url.toString());
  direct = new pg.Client({ connectionString: database.url });
  await direct.connect();
});

afterAll(async () => {
  await direct?.end();
  await instance?.stop();
  await proxy?.close();
  await database?.drop();
});

/** A request with its answer time; outage answers must come within seconds, never hang. */
async function timed(request: Promise<Answer>) {
  const started = Date.now();
  return { ...(await request), ms: Date.now() - started };
}

const subscribers = async (email: string) =>
  (await direct.query("select 1 from newsletter_subscribers where email = $1", [email])).rowCount;

describe("database outage", () => {
  it("/readyz says not ready while a migration of this build is not applied", async () => {
    const { rows } = await direct.query<{ id: number; hash: string; created_at: string }>(
      "delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at",
    );
    try {
      const res = await fetch(`${instance.url}/readyz`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^migrations pending/);
      expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
    } finally {
      await direct.query("insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)", [rows[0].id, rows[0].hash, rows[0].created_at]);
    }
    expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
  });

  it("answers 503 while the database is away and recovers by itself when it returns", async () => {
    expect((await fetch(`${instance.url}/`)).status).toBe(200);
    const before = openEventStream(`${instance.url}/api/blog/events`);
    await waitFor(async () => before.text().includes("event: ready"), "the first event stream");

    proxy.cut("refuse");
    const outageStarted = Date.now();
    const [page, ready, health, write] = await Promise.all([
      timed(get(instance.url, "/products")),
      timed(get(instance.url, "/readyz")),
      timed(get(instance.url, "/healthz")),
      timed(postForm(instance.url, "/newsletter", { email: "during-outage@example.com" })),
    ]);
    expect(page.status).toBe(503);
    expect(page.headers["retry-after"]).toBe("5");
    expect(page.body).toContain("The shop is briefly unavailable");
    expect(page.body).toContain(`Reference: <code>${page.headers["x-request-id"]}</code>`);
    expect(page.body).not.toMatch(/Failed query|DrizzleQueryError|\n\s+at /);
    expect(page.ms).toBeLessThan(5_000);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ ok: false, detail: "database unreachable" });
    expect(health.status).toBe(200);
    expect(write.status).toBe(503);
    expect(write.ms).toBeLessThan(5_000);

    // A partition rather than a refusal: connections hang, and the pool's connect timeout answers.
    proxy.cut("silent");
    const hung = await Promise.all([
      timed(get(instance.url, "/readyz")),
      timed(postForm(instance.url, "/newsletter", { email: "during-outage@example.com" })),
    ]);
    for (const { status, ms } of hung) {
      expect(status).toBe(503);
      expect(ms).toBeLessThan(8_000);
    }
    await new Promise((r) => setTimeout(r, Math.max(0, 10_000 - (Date.now() - outageStarted))));
    expect(instance.child.exitCode).toBeNull();
    expect(before.isEnded()).toBe(false); // kept open (heartbeats) while nothing can be missed-and-resent

    proxy.restore();
    await waitFor(async () => (await fetch(`${instance.url}/readyz`)).ok, "readiness after the outage", 30_000);
    expect((await fetch(`${instance.url}/products`)).status).toBe(200);

    // The bus listens again and tells open streams to resync: they end with a retry hint.
    await before.ended;
    expect(before.text()).toMatch(/retry: \d+\n\n$/);
    expect(instance.output()).toContain("lost the connection listening for shop events");
    // The log line travels on another pipe than the stream: it may arrive a moment later.
    await waitFor(async () => instance.output().includes("listening for shop events again"), "the reconnection log line", 5_000);

    // A stream opened after recovery hears an event sent by another instance (here: the test).
    const after = openEventStream(`${instance.url}/api/blog/events`);
    await waitFor(async () => after.text().includes("event: ready"), "an event stream after the outage");
    const { rows } = await direct.query<{ id: string; title: string }>("select id, title from blog_posts where status = 'published' limit 1");
    await direct.query("select pg_notify('shop_events', $1)", [JSON.stringify({ type: "post", id: rows[0].id, action: "updated" })]);
    await waitFor(async () => after.text().includes("event: post"), "a post event after the outage", 10_000);
    expect(after.text()).toContain(rows[0].title);
    after.close();

    const signup = await postForm(instance.url, "/newsletter", { email: "after-outage@example.com" });
    expect(signup.status).toBe(200);
    expect(await subscribers("after-outage@example.com")).toBe(1);
    // The write refused during the outage left nothing behind: refused means not done.
    expect(await subscribers("during-outage@example.com")).toBe(0);
    expect(instance.output()).not.toMatch(/uncaught|unhandled/i);
  });

});
