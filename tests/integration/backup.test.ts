import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../../server/db/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { listPublishedProducts } from "../../server/catalog/products";
import { config } from "../../server/config";
import { database, openDatabase, setDatabase } from "../../server/db/client";
import { seed } from "../../server/seed";
import { backupDatabase, restoreDatabase } from "../../server/ops/backup";
import { testDbKind, useTestDatabase } from "./test-db";

async function catalogueOf(db: { query: (q: string) => Promise<{ rows: unknown[] }> }) {
  const products = await db.query("select slug, title, price_cents from products order by slug");
  const variants = await db.query("select name, stock from product_variants order by name, stock");
  const orders = await db.query("select count(*)::int as n from orders");
  return { products: products.rows, variants: variants.rows, orders: orders.rows };
}

describe("backup and restore", () => {
  useTestDatabase({ seed: true });

  it("a backup restored into an empty database holds the same catalogue", async () => {
    const before = await listPublishedProducts();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-backup-"));
    if (testDbKind === "postgres") {
      const url = config().DATABASE_URL!;
      const file = path.join(dir, "shop.dump");
      await backupDatabase({ databaseUrl: url, dataDir: dir }, file);
      const target = new URL(url);
      target.pathname = `${target.pathname}_restored`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${target.pathname.slice(1)}`);
      try {
        await restoreDatabase({ databaseUrl: target.toString(), dataDir: dir }, file);
        const a = new pg.Client({ connectionString: url });
        const b = new pg.Client({ connectionString: target.toString() });
        await Promise.all([a.connect(), b.connect()]);
        expect(await catalogueOf(b)).toEqual(await catalogueOf(a));
        await Promise.all([a.end(), b.end()]);
        // The restored database opens with migrations already applied.
        const reopened = await openDatabase({ databaseUrl: target.toString() });
        await reopened.close();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${target.pathname.slice(1)} WITH (FORCE)`);
        await admin.end();
      }
    } else {
      // An embedded database in a data directory, as `npm start` keeps it, seeded like a new shop.
      const source = path.join(dir, "source");
      const previous = database();
      const embedded = await openDatabase({ dataDir: source });
      setDatabase(embedded);
      try {
        await seed();
      } finally {
        await embedded.close();
        setDatabase(previous);
      }
      const file = path.join(dir, "shop.tar.gz");
      await backupDatabase({ dataDir: source }, file);
      const restored = path.join(dir, "restored");
      await restoreDatabase({ dataDir: restored }, file);
      await expect(restoreDatabase({ dataDir: restored }, file)).rejects.toThrow(/Refusing to restore/);
      const a = await openPglite(path.join(source, "pglite"));
      const b = await openPglite(path.join(restored, "pglite"));
      expect(await catalogueOf(b)).toEqual(await catalogueOf(a));
      expect((await catalogueOf(b)).products).toHaveLength(before.length);
      await Promise.all([a.close(), b.close()]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000); // several PGlite databases are initialised and seeded
});
