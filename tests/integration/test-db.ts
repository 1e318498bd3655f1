import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../../server/db/pglite";
import { afterAll, beforeAll } from "vitest";
import { loadConfig, setConfig } from "../../server/config";
import { openDatabase, setDatabase, type Database } from "../../server/db/client";
import { seed } from "../../server/seed";
import { seedPricing } from "../../server/pricing/store";
import { resetBus } from "../../server/realtime/bus";
import { resetCatalogCache } from "../../server/cache/catalog";
import { createPostgresDatabase } from "./postgres-databases";

/** Which database this run of the integration suite uses: PGlite, or PostgreSQL when TEST_DB=postgres. */
export const testDbKind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export { createPostgresDatabase };

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
        // The effort the global set-up rendered the artwork at (npm test's), so the seed finds it in the cache.
        ...(process.env.SEED_ARTWORK_AVIF_EFFORT ? { SEED_ARTWORK_AVIF_EFFORT: process.env.SEED_ARTWORK_AVIF_EFFORT } : {}),
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
