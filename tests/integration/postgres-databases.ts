import crypto from "node:crypto";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { migrationsFolder } from "../../server/db/client";

/** `postgres://…/name` for a database next to TEST_DATABASE_URL's. */
function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one PostgreSQL template database for the run (the suite's global setup calls it once);
 * every test file's database is then a copy of it (CREATE DATABASE … TEMPLATE, a file copy inside
 * the server) instead of replaying every migration. The returned function drops it.
 */
export async function createPostgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `shop_tpl_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(name), max: 1 });
  try {
    await migratePg(drizzlePg(pool), { migrationsFolder });
  } finally {
    await pool.end();
  }
  return { name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A throwaway PostgreSQL database next to TEST_DATABASE_URL's (dropped with its connections): a copy
 * of the run's migrated template when the global setup made one (PG_TEMPLATE_DB), else (or with
 * `empty`, for code that must meet a database nobody migrated) empty.
 */
export async function createPostgresDatabase({ empty = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `shop_test_${crypto.randomBytes(6).toString("hex")}`;
  const template = empty ? undefined : process.env.PG_TEMPLATE_DB;
  await adminQuery(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  return { url: databaseUrl(name), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
