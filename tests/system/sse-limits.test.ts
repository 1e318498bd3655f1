import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../integration/test-db";
import { get, rssMb } from "./http";
import { startInstance, waitFor, type Instance } from "./instances";

/**
 * Live-update (SSE) connection caps (issue 11, item 8) on a real process on PostgreSQL, behind a
 * trusted proxy so each client is told apart by X-Forwarded-For. Before the caps, 3,000 streams from
 * one address were all accepted (memory 255 to 505 MB).
 */
const PER_CLIENT = 5;
const TOTAL = 8;
/** Attempts in the warm-up round, then in each measured one (up to MEASURED_ROUNDS of them). */
const WARM_UP = 500;
const MEASURED = 1500;
const MEASURED_ROUNDS = 4;
/** 13 KB per attempt: a refused attempt that kept anything (its socket, request or listener) grows past it. */
const PLATEAU_MB = 20;

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let shop: Instance;
const opened: Stream[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase();
  shop = await startInstance(database.url, {
    SMTP_URL: "",
    STRIPE_SECRET_KEY: "",
    TRUST_PROXY: "loopback",
    SSE_MAX_PER_CLIENT: String(PER_CLIENT),
    SSE_MAX_CONNECTIONS: String(TOTAL),
  });
});

afterAll(async () => {
  for (const s of opened) s.close();
  await shop?.stop();
  await database?.drop();
});

type Stream = { status: number; body: string; close: () => void };

/**
 * Opens the public blog stream as `client` (its own connection). A 200 is kept open until `close`;
 * a refusal is read to its end (the server closes it).
 */
function openStream(client: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${shop.url}/api/blog/events`, { agent: false, headers: { "X-Forwarded-For": client, Accept: "text/event-stream" } }, (res) => {
      const close = () => req.destroy();
      if (res.statusCode === 200) {
        const stream = { status: 200, body: "", close };
        opened.push(stream);
        return resolve(stream);
      }
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, close }));
    });
    req.on("error", reject);
  });
}

const statuses = (streams: Stream[]) => streams.map((s) => s.status);
const A = "203.0.113.10";
const B = "203.0.113.20";
const C = "203.0.113.30";

describe("live-update connection caps (real process, PostgreSQL)", () => {
  it("reads the open-file limit at start and keeps the cap below it", () => {
    const ready = shop.output().split("\n").find((l) => l.includes('"shop ready"'))!;
    const { liveUpdates } = JSON.parse(ready) as { liveUpdates: { perClient: number; total: number; openFileLimit: number } };
    const soft = Number(/^Max open files\s+(\d+)/m.exec(fs.readFileSync(`/proc/${shop.child.pid}/limits`, "utf8"))![1]);
    expect(liveUpdates).toEqual({ perClient: PER_CLIENT, total: TOTAL, openFileLimit: soft });
  });

  it("one client past its cap gets 429 while another still connects; past the process's cap 503", async () => {
    const fromA = await Promise.all(Array.from({ length: PER_CLIENT + 3 }, () => openStream(A)));
    console.log(`client A: ${fromA.filter((s) => s.status === 200).length} of ${fromA.length} accepted, the rest ${[...new Set(statuses(fromA).filter((s) => s !== 200))].join("/")}`);
    expect(statuses(fromA).sort()).toEqual([...Array(PER_CLIENT).fill(200), ...Array(3).fill(429)]);
    const refused = fromA.find((s) => s.status === 429)!;
    expect(JSON.parse(refused.body)).toEqual({ ok: false, message: expect.stringContaining("Too many live-update connections from your address") });
    // Another client is not held back by A's cap, up to the process's total.
    const fromB = await Promise.all(Array.from({ length: TOTAL - PER_CLIENT }, () => openStream(B)));
    expect(statuses(fromB)).toEqual(Array(TOTAL - PER_CLIENT).fill(200));
    const fromC = await openStream(C);
    expect(fromC.status).toBe(503);
    expect(fromC.body).toContain("too many live-update connections right now");
  });

  it("closing streams frees their slots", async () => {
    const mine = opened.filter((s) => s.status === 200);
    expect(mine).toHaveLength(TOTAL);
    mine[0].close(); // one of A's: A may open one again
    await waitFor(async () => (await openStream(A)).status === 200, "a slot freed for client A", 10_000);
    expect((await openStream(A)).status).toBe(429);
    mine[PER_CLIENT].close(); // one of B's: the process has room for C again
    await waitFor(async () => (await openStream(C)).status === 200, "a slot freed for client C", 10_000);
  });

  it("many refused attempts from one client leave memory flat and the process responsive", async () => {
    /** One round of attempts from client A, 50 at a time; the RSS after it. */
    const round = async (attempts: number) => {
      let accepted = 0;
      for (let done = 0; done < attempts; done += 50) {
        const answers = await Promise.all(Array.from({ length: 50 }, () => openStream(A)));
        accepted += answers.filter((s) => s.status === 200).length;
      }
      return { accepted, rss: rssMb(shop.child.pid!) };
    };
    const openFiles = () => fs.readdirSync(`/proc/${shop.child.pid}/fd`).length;
    // The first round warms the process up (its heap grows to what handling requests needs). After
    // it, what refused connections cost must stop growing: on a loaded machine the collector runs
    // late and one round can still raise the high-water mark, so the process gets a few rounds to
    // show a plateau; a leak grows by the same amount every round and never does.
    const start = rssMb(shop.child.pid!);
    const warm = await round(WARM_UP);
    const filesAfterWarmUp = openFiles();
    const rss = [warm.rss];
    let accepted = warm.accepted;
    for (let i = 0; i < MEASURED_ROUNDS; i++) {
      const r = await round(MEASURED);
      accepted += r.accepted;
      rss.push(r.rss);
      if (r.rss - rss[rss.length - 2] < PLATEAU_MB) break;
    }
    console.log(
      `${WARM_UP} + ${rss.length - 1} x ${MEASURED} attempts from client A: ${accepted} accepted; RSS ${start.toFixed(0)} -> ${rss.map((m) => m.toFixed(0)).join(" -> ")} MB`,
    );
    expect(accepted).toBe(0);
    // An accepted stream costs about 80 KB that stays (3,000 of them: about 240 MB).
    expect(rss[rss.length - 1] - rss[rss.length - 2]).toBeLessThan(PLATEAU_MB);
    // Every refused connection was closed: no socket stays open (a few database connections may come and go).
    await waitFor(async () => openFiles() <= filesAfterWarmUp + 10, "the refused connections' sockets to close", 10_000);
    const started = Date.now();
    expect((await get(shop.url, "/healthz")).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(shop.output().split("\n").filter((l) => /"level":(50|60)/.test(l))).toEqual([]);
  });
});
