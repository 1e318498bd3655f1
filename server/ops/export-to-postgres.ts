import { getTableName, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { executeRows, openDatabase, type Database } from "../db/client";
import * as schema from "../db/schema";

/**
 * Moves an embedded shop to PostgreSQL: the target is migrated with the same SQL files, must be
 * empty, and receives every row of every table in one transaction (all or nothing), parents before
 * children so every foreign key holds on the way in. Media files are copied separately (MEDIA_DIR).
 */
const BATCH = 500;

/** The schema's tables, each after every table it references. */
export function tablesInDependencyOrder(): PgTable[] {
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));
  const ordered: PgTable[] = [];
  const visit = (t: PgTable, path: Set<PgTable>) => {
    if (ordered.includes(t) || path.has(t)) return;
    path.add(t);
    for (const fk of getTableConfig(t).foreignKeys) {
      const parent = fk.reference().foreignTable;
      if (parent !== t) visit(parent, path);
    }
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered;
}

const quote = (name: string) => pg.escapeIdentifier(name);

/**
 * Tables the migrations themselves fill (the preset staff roles, migration 0028): a freshly
 * migrated target holds their rows, which the source's own rows replace.
 */
const SEEDED_BY_MIGRATIONS = new Set(["staff_roles"]);

export class TargetNotEmptyError extends Error {
  constructor(table: string) {
    super(`The target database already has rows in "${table}": export only into an empty database.`);
  }
}

export async function exportToPostgres(source: Database, targetUrl: string): Promise<Record<string, number>> {
  // Opening migrates the target to the same schema version as the source.
  const target = await openDatabase({ databaseUrl: targetUrl, poolSize: 2 });
  await target.close();
  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  const copied: Record<string, number> = {};
  try {
    const tables = tablesInDependencyOrder();
    for (const t of tables) {
      if (SEEDED_BY_MIGRATIONS.has(getTableName(t))) continue;
      const { rows } = await client.query(`SELECT 1 FROM ${quote(getTableName(t))} LIMIT 1`);
      if (rows.length) throw new TargetNotEmptyError(getTableName(t));
    }
    await client.query("BEGIN");
    // Nothing references them yet: every other table was found empty.
    for (const name of SEEDED_BY_MIGRATIONS) await client.query(`DELETE FROM ${quote(name)}`);
    for (const t of tables) {
      const name = getTableName(t);
      const { rows: columns } = await client.query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position",
        [name],
      );
      const jsonColumns = new Set(columns.filter((c) => c.data_type === "json" || c.data_type === "jsonb").map((c) => c.column_name));
      const names = columns.map((c) => c.column_name);
      const rows = await executeRows<Record<string, unknown>>(sql.raw(`SELECT ${names.map(quote).join(", ")} FROM ${quote(name)}`), source.db);
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        const values: unknown[] = [];
        const tuples = batch.map((row) => {
          const params = names.map((col) => {
            const v = row[col];
            // node-postgres would send a JS array as a PostgreSQL array, not as JSON.
            values.push(jsonColumns.has(col) && v !== null && v !== undefined ? JSON.stringify(v) : v);
            return `$${values.length}`;
          });
          return `(${params.join(", ")})`;
        });
        await client.query(`INSERT INTO ${quote(name)} (${names.map(quote).join(", ")}) VALUES ${tuples.join(", ")}`, values);
      }
      copied[name] = rows.length;
    }
    await client.query("COMMIT");
    return copied;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
