import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { executeRows, openDatabase } from "../../server/db/client";
import { carts } from "../../server/cart/schema";
import { createPostgresDatabase, testDbKind } from "./test-db";

/**
 * On PostgreSQL every statement with parameters is a named prepared statement (server/db/client.ts):
 * each connection parses it once. Checked on the connection itself (pg_prepared_statements lists
 * what this session prepared), through drizzle's builders and raw SQL alike. PGlite has no pool.
 */
describe.skipIf(testDbKind !== "postgres")("prepared statements on PostgreSQL", () => {
  it("a statement with parameters is prepared once and then only executed; one without stays unnamed", async () => {
    const created = await createPostgresDatabase();
    const database = await openDatabase({ databaseUrl: created.url, poolSize: 1 });
    try {
      const { db } = database;
      const none = "00000000-0000-0000-0000-000000000000";
      for (let i = 0; i < 3; i++) {
        expect(await db.select({ id: carts.id }).from(carts).where(eq(carts.id, none))).toEqual([]);
        expect(await executeRows<{ x: number }>(sql`select ${i}::int as x`, db)).toEqual([{ x: i }]);
      }
      await db.execute(sql`select 1 as constant`);
      const prepared = await executeRows<{ statement: string; calls: number }>(
        sql`select statement, (generic_plans + custom_plans)::int as calls from pg_prepared_statements order by statement`,
        db,
      );
      expect(prepared).toEqual([
        { statement: expect.stringMatching(/^select "id" from "carts" where "carts"\."id" = \$1$/), calls: 3 },
        { statement: "select $1::int as x", calls: 3 },
      ]);
    } finally {
      await database.close();
      await created.drop();
    }
  });
});
