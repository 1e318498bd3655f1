import { getTableName, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { database, db, executeRows } from "../../server/db/client";
import { orderItems, orders } from "../../server/orders/schema";
import { exportToPostgres, TargetNotEmptyError, tablesInDependencyOrder } from "../../server/ops/export-to-postgres";
import { createPostgresDatabase, testDbKind, useTestDatabase } from "./test-db";

/** The move from the embedded database to PostgreSQL: PGlite source, real PostgreSQL target. */
const runs = testDbKind === "pglite" && !!process.env.TEST_DATABASE_URL;

describe.skipIf(!runs)("export the embedded database to PostgreSQL", () => {
  useTestDatabase({ seed: true });

  it("copies every table into an empty PostgreSQL database, which then serves the same rows", async () => {
    const [order] = await db()
      .insert(orders)
      .values({
        number: "PR-EXPORT-1",
        email: "mover@example.com",
        name: "Mover",
        shipLine1: "1 Export Lane",
        shipCity: "Leeds",
        shipPostalCode: "LS1 1AA",
        shipCountry: "GB",
        status: "processing",
        subtotalCents: 4999,
        totalCents: 4999,
        paymentProvider: "test",
        paymentBrand: "visa",
        paymentLast4: "4242",
      })
      .returning();
    await db().insert(orderItems).values({ orderId: order.id, title: "R36S", variantName: "Purple", unitPriceCents: 4999, quantity: 1 });

    const target = await createPostgresDatabase({ empty: true });
    const client = new pg.Client({ connectionString: target.url });
    try {
      const copied = await exportToPostgres(database(), target.url);
      await client.connect();
      for (const table of ["products", "product_variants", "media", "reviews", "blog_posts", "user", "account", "orders", "order_items", "settings"]) {
        const [source] = await executeRows<{ n: number }>(sql.raw(`select count(*)::int as n from "${table}"`));
        const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
        expect(rows[0].n, table).toBe(source.n);
        expect(copied[table], table).toBe(rows[0].n);
      }
      expect(copied.products).toBeGreaterThanOrEqual(3);
      const { rows } = await client.query("select p.slug, p.price_cents::text as price_cents, p.content from products p order by slug");
      const source = await executeRows(sql`select slug, price_cents::text as price_cents, content from products order by slug`);
      // JSON content blocks arrive as JSON, not as PostgreSQL arrays.
      expect(rows).toEqual(source);
      const { rows: moved } = await client.query("select o.number, o.payment_last4, i.title from orders o join order_items i on i.order_id = o.id");
      expect(moved).toEqual([{ number: "PR-EXPORT-1", payment_last4: "4242", title: "R36S" }]);

      // A second export into the now non-empty database is refused and changes nothing.
      await expect(exportToPostgres(database(), target.url)).rejects.toBeInstanceOf(TargetNotEmptyError);
      const { rows: again } = await client.query<{ n: number }>("select count(*)::int as n from orders");
      expect(again[0].n).toBe(1);
    } finally {
      await client.end().catch(() => {});
      await target.drop();
    }
  });

  it("orders tables parents first", () => {
    const names = tablesInDependencyOrder().map(getTableName);
    expect(names.indexOf("products")).toBeLessThan(names.indexOf("product_variants"));
    expect(names.indexOf("orders")).toBeLessThan(names.indexOf("order_items"));
    expect(names.indexOf("user")).toBeLessThan(names.indexOf("session"));
  });
});
