import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A connection to either database, with what the rest of the app needs from it. */
export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/** Resolved from the working directory: the server build moves this file. */
export const migrationsFolder = path.resolve(process.cwd(), "server/db/migrations");

export type OpenOptions = { databaseUrl?: string; dataDir?: string; pglite?: PGlite; poolSize?: number };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on("error", () => {
      /* idle client errors surface on the next query */
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    const listenClients = new Set<pg.PoolClient>();
    return {
      db,
      kind: "postgres",
      async listen(channel, onPayload) {
        const client = await pool.connect();
        listenClients.add(client);
        client.on("notification", (msg) => {
          if (msg.channel === channel) onPayload(msg.payload ?? "");
        });
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        return async () => {
          if (!listenClients.delete(client)) return;
          await client.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
          client.release();
        };
      },
      async close() {
        for (const c of listenClients) c.release();
        listenClients.clear();
        await pool.end();
      },
    };
  }
  let client = opts.pglite;
  if (!client) {
    const dir = path.join(path.resolve(opts.dataDir ?? "./data"), "pglite");
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
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
