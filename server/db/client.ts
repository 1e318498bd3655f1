import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { openPglite } from "./pglite";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A connection to either database, with what the rest of the app needs from it. */
export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Subscribe to a NOTIFY channel; returns an unsubscribe function. `onLost` runs once if the
   * listening connection breaks (PostgreSQL restarted or out of reach): the caller listens again.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: (err: Error) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` unless another process is running work under the same name; null when it is. On
   * PostgreSQL a session-level advisory lock held by a dedicated connection (a crash frees it with
   * the connection). PGlite runs in one process only, so there is nobody to exclude.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T | null>;
  /** The PostgreSQL pool's use now (metrics); PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
};

/** A stable 64-bit advisory lock key for a job name. */
const advisoryKey = (name: string) => crypto.createHash("sha256").update(name).digest().readBigInt64BE(0).toString();

/** Resolved from the working directory: the server build moves this file. */
export const migrationsFolder = path.resolve(process.cwd(), "server/db/migrations");

/** At most this many distinct statements are prepared (per connection); any others run unnamed, as before. */
const MAX_PREPARED_STATEMENTS = 2_000;
const preparedNames = new Map<string, string>();

/** The prepared statement's name for a text: its hash, so two texts never share one. */
function statementName(text: string): string | undefined {
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED_STATEMENTS) {
    name = `s${crypto.createHash("sha1").update(text).digest("base64url")}`;
    preparedNames.set(text, name);
  }
  return name;
}

/**
 * Every statement with parameters runs as a named prepared statement, named after its text: each
 * connection has PostgreSQL parse it once and then only binds and executes it, where an unnamed one
 * is parsed and planned on every call. Drizzle writes the same text for the same query, and the
 * ones that vary (an IN list's length) stay few, capped by MAX_PREPARED_STATEMENTS. A pooler in
 * front must pass prepared statements through (PgBouncer 1.21+ with max_prepared_statements, or
 * session pooling).
 */
function prepareStatements(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    // Drizzle's query config always has a `name` key, undefined unless .prepare(name) gave one.
    if (config && typeof config === "object" && !("submit" in config) && !(config as pg.QueryConfig).name) {
      const q = config as pg.QueryConfig;
      // Drizzle passes the values beside the config, not in it.
      const values = q.values ?? (Array.isArray(rest[0]) ? rest[0] : undefined);
      const name = values && values.length > 0 ? statementName(q.text) : undefined;
      if (name) return query({ ...q, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

export type OpenOptions = { databaseUrl?: string; dataDir?: string; pglite?: PGlite; poolSize?: number };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const max = opts.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max,
      // With the database out of reach a page fails within seconds (503) instead of hanging.
      connectionTimeoutMillis: 5_000,
      // A peer that vanished without closing the connection is noticed instead of waited on forever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // A connection that breaks rejects its query; the 'error' event it also emits must not crash the
    // process. The pool covers idle clients only, so every client gets a listener of its own.
    const ignore = () => {};
    pool.on("error", ignore);
    pool.on("connect", (client) => {
      client.on("error", ignore);
      prepareStatements(client);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    const listenClients = new Set<pg.PoolClient>();
    return {
      db,
      kind: "postgres",
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
      async listen(channel, onPayload, onLost) {
        const client = await pool.connect();
        listenClients.add(client);
        client.on("notification", (msg) => {
          if (msg.channel === channel) onPayload(msg.payload ?? "");
        });
        client.once("error", (err) => {
          if (!listenClients.delete(client)) return; // unsubscribed or closing: not a loss
          client.release(err);
          onLost?.(err);
        });
        try {
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (err) {
          if (listenClients.delete(client)) client.release(err instanceof Error ? err : true);
          throw err;
        }
        return async () => {
          if (!listenClients.delete(client)) return;
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
          client.release();
        };
      },
      async exclusively(name, work) {
        const key = advisoryKey(name);
        const client = await pool.connect();
        let broken = false;
        try {
          const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [key]);
          if (!rows[0].locked) return null;
          try {
            return await work();
          } finally {
            // A connection that could not unlock must not go back to the pool still holding the lock.
            await client.query("SELECT pg_advisory_unlock($1::bigint)", [key]).catch(() => (broken = true));
          }
        } finally {
          client.release(broken);
        }
      },
      async close() {
        const clients = [...listenClients];
        listenClients.clear();
        for (const c of clients) c.release();
        await pool.end();
      },
    };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = path.join(path.resolve(opts.dataDir ?? "./data"), "pglite");
    fs.mkdirSync(dir, { recursive: true });
    client = await openPglite(dir);
  }
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  const pglite = client;
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
    kind: "pglite",
    async listen(channel, onPayload) {
      const unsub = await pglite.listen(channel, onPayload);
      return async () => unsub();
    },
    exclusively: (_name, work) => work(),
    close: () => pglite.close(),
  };
}

let current: Database | undefined;

/** The process's database; opened once at start (or by a test) with setDatabase. */
export function database(): Database {
  if (!current) throw new Error("Database not opened: call setDatabase() at start-up.");
  return current;
}

export function db(): Db {
  return database().db;
}

export function setDatabase(d: Database | undefined) {
  current = d;
}

const afterCommitQueues = new WeakMap<Tx, (() => void)[]>();
const notificationQueues = new WeakMap<Tx, Map<string, Set<string>>>();

/**
 * db().transaction, plus the work its steps asked to run once it has committed (afterCommit), such
 * as dropping this process's cached catalogue, and the NOTIFYs they queued (queueNotification), sent
 * together in one statement just before the commit. Nothing queued runs if the transaction rolls back.
 */
export async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const queue: (() => void)[] = [];
  const result = await db().transaction(async (tx) => {
    afterCommitQueues.set(tx, queue);
    const notifications = new Map<string, Set<string>>();
    notificationQueues.set(tx, notifications);
    const value = await work(tx);
    // Still inside the transaction: PostgreSQL delivers them at commit, or never on a rollback.
    const calls = [...notifications].flatMap(([channel, payloads]) => [...payloads].map((p) => sql`pg_notify(${channel}, ${p})`));
    if (calls.length > 0) await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
    return value;
  });
  for (const run of queue) run();
  return result;
}

/**
 * Queues a NOTIFY for the commit of `tx` (one statement for all of a transaction's, instead of a round
 * trip each; a repeat is sent once, as PostgreSQL would fold it anyway). False when `tx` was not opened
 * by transaction(): the caller notifies at once.
 */
export function queueNotification(tx: Tx, channel: string, payload: string): boolean {
  const queued = notificationQueues.get(tx);
  if (!queued) return false;
  const payloads = queued.get(channel) ?? new Set<string>();
  payloads.add(payload);
  queued.set(channel, payloads);
  return true;
}

/** Runs `run` after `tx` commits (once, however often it is asked). `tx` must come from transaction(). */
export function afterCommit(tx: Tx, run: () => void) {
  const queue = afterCommitQueues.get(tx);
  if (!queue) throw new Error("afterCommit() needs a transaction opened by transaction() from server/db/client.ts");
  if (!queue.includes(run)) queue.push(run);
}

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);
const UNREACHABLE_MESSAGE = /Connection terminated|timeout exceeded when trying to connect|not queryable/;

/**
 * Whether an error means the database is out of reach (network, restart, overload) rather than a
 * bad query: such a request answers 503 and is worth retrying. Drizzle wraps the driver's error.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      // SQLSTATE 08xxx: connection exception; 57P0x: the server is shutting down or starting; 53300: too many connections.
      if (UNREACHABLE_CODES.has(code) || code.startsWith("08") || /^57P0[123]$/.test(code) || code === "53300") return true;
    }
    if (UNREACHABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** Rows of a raw `execute` (both drivers answer `{ rows }`; drizzle types the result per driver). */
export async function executeRows<T>(query: SQL, runner: Pick<Db, "execute"> = db()): Promise<T[]> {
  const result = (await runner.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
