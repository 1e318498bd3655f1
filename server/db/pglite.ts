import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/**
 * Every embedded database is opened through here, with the extensions its migrations create
 * (pg_trgm for the storefront search, migration 0013). A database whose schema uses an extension
 * cannot be written to by a PGlite that has not loaded it (its trigram indexes are maintained on
 * every insert), so no caller may open one with bare `PGlite.create`.
 */
export const pgliteExtensions = { pg_trgm };

export function openPglite(dataDir?: string, options: Omit<PGliteOptions, "extensions" | "dataDir"> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, ...(dataDir ? { dataDir } : {}), extensions: pgliteExtensions });
}
