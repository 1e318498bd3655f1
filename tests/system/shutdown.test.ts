import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { openEventStream, postForm } from "./http";
import { startInstance, waitFor, type Instance } from "./instances";

/** SIGTERM with work in flight: one real instance (production build) on PostgreSQL. */
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let instance: Instance;
let direct: pg.Client;
/** A second connection: pg_stat_activity is a snapshot frozen for the length of `direct`'s transaction. */
let observer: pg.Client;

beforeAll(async () => {
  database = await createPostgresDatabase();
  instance = await startInstance(database.url);
  direct = new pg.Client({ connectionString: database.url });
  observer = new pg.Client({ connectionString: database.url });
  await Promise.all([direct.connect(), observer.connect()]);
});

afterAll(async () => {
  await Promise.all([direct?.end(), observer?.end()]);
  await instance?.stop("SIGKILL");
  await database?.drop();
});

/** Whether a brand-new TCP connection to the port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

describe("graceful shutdown", () => {
  it("on SIGTERM refuses new connections, finishes the in-flight request, ends event streams with a retry hint and exits 0 within 10 s", async () => {
    const stream = openEventStream(`${instance.url}/api/blog/events`);
    await waitFor(async () => stream.text().includes("event: ready"), "the event stream");

    // The test's own transaction holds the unique key the request will insert: the request waits on it.
    await direct.query("begin");
    await direct.query("insert into newsletter_subscribers (email) values ('slow@example.com')");
    const inFlight = postForm(instance.url, "/newsletter", { email: "slow@example.com" });
    await waitFor(
      async () =>
        (await observer.query("select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'insert into \"newsletter_subscribers\"%'")).rowCount === 1,
      "the request to wait on the row lock",
      10_000,
    );

    const signalled = Date.now();
    const exited = instance.stop("SIGTERM");
    await waitFor(async () => !(await accepts(instance.port)), "new connections to be refused", 5_000);
    await stream.ended;
    expect(stream.text()).toMatch(/retry: \d+\n\n$/);
    expect(instance.child.exitCode).toBeNull(); // still finishing the request

    await direct.query("rollback");
    const res = await inFlight;
    const answered = Date.now();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
    expect(await exited).toBe(0);
    // Done once the last response is: no waiting out keep-alive timeouts of finished connections.
    expect(Date.now() - answered).toBeLessThan(2_000);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect((await direct.query("select 1 from newsletter_subscribers where email = 'slow@example.com'")).rowCount).toBe(1);
    expect(instance.output()).toContain('"signal":"SIGTERM","msg":"shutting down"');
  });
});
