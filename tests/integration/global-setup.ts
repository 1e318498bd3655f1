import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../../server/db/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../../server/db/client";
import { renderSeedArtwork } from "../../server/seed";
import { createPostgresTemplate } from "./postgres-databases";

/**
 * Migrating a database takes seconds, so the suite migrates one template once and every test file
 * starts from a copy of it: a PGlite data directory (PGLITE_TEMPLATE), or with TEST_DB=postgres a
 * PostgreSQL template database (PG_TEMPLATE_DB, copied by CREATE DATABASE … TEMPLATE). The seed's
 * artwork is rendered into its disk cache first (once per checkout, a minute or two; a moment after
 * that), so files that seed never do it in parallel.
 */
export default async function setup() {
  await renderSeedArtwork();
  if (process.env.TEST_DB === "postgres") {
    const template = await createPostgresTemplate();
    process.env.PG_TEMPLATE_DB = template.name;
    return template.drop;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-pglite-template-"));
  const pg = await openPglite();
  await migrate(drizzle(pg), { migrationsFolder });
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
