import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts } from "../../server/cart/schema";
import { db, transaction } from "../../server/db/client";
import { oneOf, preparedQuery, preparedRows } from "../../server/db/prepared";
import { useTestDatabase } from "./test-db";

/**
 * preparedQuery (server/db/prepared.ts): a statement built once per database runs on db() and, on the
 * transaction's own connection, inside a transaction: rolled back with it, seen by its later
 * statements. On PGlite a statement sent outside the open transaction would wait for it forever.
 */
describe("prepared queries", () => {
  useTestDatabase();

  const addCart = preparedQuery("test_add_cart", (d) => d.insert(carts).values({ id: sql.placeholder("id") }).returning({ id: carts.id, userId: carts.userId }));
  const cartById = preparedQuery("test_cart_by_id", (d) => d.select({ id: carts.id, updatedAt: carts.updatedAt }).from(carts).where(eq(carts.id, sql.placeholder("id"))));
  const exists = async (id: string) => (await cartById({ id })).length === 1;

  it("runs on the database and inside transactions, committed or rolled back with them", async () => {
    const [outside, rolledBack, committed] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    expect(await addCart({ id: outside })).toEqual([{ id: outside, userId: null }]);
    expect(await exists(outside)).toBe(true);
    const [row] = await cartById({ id: outside });
    expect(row.updatedAt).toBeInstanceOf(Date);

    await expect(
      transaction(async (tx) => {
        await addCart({ id: rolledBack }, tx);
        expect(await cartById({ id: rolledBack }, tx)).toHaveLength(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await exists(rolledBack)).toBe(false);

    await transaction(async (tx) => {
      await addCart({ id: committed }, tx);
      expect(await cartById({ id: committed }, tx)).toHaveLength(1);
    });
    expect(await exists(committed)).toBe(true);
    await db().delete(carts).where(eq(carts.id, outside));
  });

  it("runs at once on the database and in transactions, each run answered its own rows", async () => {
    const ids = Array.from({ length: 12 }, () => crypto.randomUUID());
    await Promise.all(ids.map((id) => addCart({ id })));
    const answers = await Promise.all(ids.map((id, i) => (i % 2 ? transaction((tx) => cartById({ id }, tx)) : cartById({ id }))));
    expect(answers.map((rows) => rows.map((r) => r.id))).toEqual(ids.map((id) => [id]));
  });

  it("a statement written with sql answers its rows; a list of ids is one array, of any length, inside a transaction too", async () => {
    const ids = Array.from({ length: 3 }, () => crypto.randomUUID()).sort();
    await Promise.all(ids.map((id) => addCart({ id })));
    const cartsOf = preparedRows<{ id: string }, { ids: string[] }>("test_carts_of", () => sql`select id from ${carts} where ${oneOf(carts.id, sql.placeholder("ids"))} order by id`);
    expect(await cartsOf({ ids: [ids[1]] })).toEqual([{ id: ids[1] }]);
    expect(await cartsOf({ ids })).toEqual(ids.map((id) => ({ id })));
    expect(await transaction((tx) => cartsOf({ ids: [ids[2], ids[0]] }, tx))).toEqual([{ id: ids[0] }, { id: ids[2] }]);
  });
});
