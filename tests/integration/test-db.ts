import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../../server/db/pglite";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { loadConfig, setConfig } from "../../server/config";
import { openDatabase, setDatabase, type Database } from "../../server/db/client";
import { seed } from "../../server/db/seed";
import { seedPricing } from "../../server/pricing/store";
import { resetBus } from "../../server/realtime/bus";
import { resetCatalogCache } from "../../server/catalog/cache";

/** Which database this run of the integration suite uses: PGlite, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** A throwaway PostgreSQL database next to TEST_DATABASE_URL's (dropped with its connections). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `shop_test_${crypto.randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Gives the test file its own migrated database (optionally seeded) and a throwaway DATA_DIR, and
 * makes it the process's database for the code under test. Nothing of our own is mocked.
 */
export function useTestDatabase(opts: { seed?: boolean; env?: Record<string, string> } = {}) {
  const state: { database?: Database; dataDir?: string; drop?: () => Promise<void> } = {};
  beforeAll(async () => {
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
    let databaseUrl: string | undefined;
    if (testDbKind === "postgres") {
      const created = await createPostgresDatabase();
      databaseUrl = created.url;
      state.drop = created.drop;
    }
    setConfig(
      loadConfig({
        NODE_ENV: "test",
        DATA_DIR: state.dataDir,
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
        PUBLIC_URL: "http://localhost:3000",
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...opts.env,
      }),
    );
    resetBus();
    resetCatalogCache();
    if (databaseUrl) {
      state.database = await openDatabase({ databaseUrl, poolSize: 60 });
    } else {
      const template = fs.readFileSync(process.env.PGLITE_TEMPLATE!);
      const pglite = await openPglite(undefined, { loadDataDir: new Blob([template]) });
      state.database = await openDatabase({ pglite });
    }
    setDatabase(state.database);
    // Markets, shipping and tax rates are configuration the shop cannot price without (start-up
    // writes them on every database); the demo catalogue is optional.
    if (opts.seed) await seed();
    else await state.database.db.transaction(seedPricing);
  });
  afterAll(async () => {
    resetBus();
    await state.database?.close();
    setDatabase(undefined);
    await state.drop?.();
    if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
  });
  return state;
}
