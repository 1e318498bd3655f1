import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAdminProducts } from "../../server/catalog/admin";
import { productVariants, products } from "../../server/catalog/schema";
import { db } from "../../server/db/client";
import { adjustStock } from "../../server/inventory/admin";
import { adjustStockSchema } from "../../core/inventory-form";
import { productListFilterOf } from "../../core/product-list-filter";
import { listQuery } from "../../core/list-query";
import { useTestDatabase } from "./test-db";

const admin = { id: "product-list-admin", email: "lister@pocketretro.example" };

const titles = async (query: string, pageSize?: number) => (await listAdminProducts({ ...productListFilterOf(new URLSearchParams(query)), pageSize })).rows.map((r) => r.title);

async function recount(slug: string, colour: string, quantity: number) {
  const [v] = await db()
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(sql`${products.slug} = ${slug} and ${productVariants.name} = ${colour}`);
  await adjustStock(adjustStockSchema.parse({ variantId: v.id, reason: "recount", quantity: String(quantity), note: "" }), admin);
}

describe("the back office's product list: search, filters, stock columns, paging (issue 30)", () => {
  useTestDatabase({ seed: true });

  it("shows each product's units on hand and colours, newest first", async () => {
    const { rows, total } = await listAdminProducts();
    expect(total).toBe(7);
    expect(rows.find((r) => r.slug === "r36s")).toMatchObject({ stock: 40 + 25 + 18 + 30, variants: 4, low: false });
    expect(rows.find((r) => r.slug === "screen-protector")).toMatchObject({ stock: 80, variants: 1, low: false });
  });

  it("searches title, colour name and SKU; filters by status, collection, low stock and sold out", async () => {
    expect(await titles("q=r36")).toEqual(["R36S Retro Handheld", "R36PRO Handheld Console"]);
    expect(await titles("q=teal")).toEqual(expect.arrayContaining(["35XXPro Handheld Console", "Hard Shell Carrying Case"]));
    expect(await titles("q=teal")).toHaveLength(2);
    expect(await titles("q=microsd-128")).toEqual(["128GB microSD Card"]); // its SKU, MICROSD-128GB
    expect(await titles("q=100%25")).toEqual([]); // % is a plain character

    expect(await titles("collection=accessory")).toHaveLength(4);
    expect(await titles("collection=console")).toHaveLength(3);
    await db().update(products).set({ status: "draft" }).where(eq(products.slug, "usb-c-charger"));
    expect(await titles("status=draft")).toEqual(["20W USB-C Charger"]);
    expect(await titles("status=published&collection=accessory")).toHaveLength(3);

    expect(await titles("stock=low")).toEqual([]);
    await recount("r36s", "Orange", 3);
    await recount("carrying-case", "Black", 0);
    await recount("carrying-case", "Teal", 0);
    expect(await titles("stock=low")).toEqual(["R36S Retro Handheld"]);
    expect(await titles("stock=sold-out")).toEqual(["Hard Shell Carrying Case"]);
    const { rows } = await listAdminProducts(productListFilterOf(new URLSearchParams("stock=low")));
    expect(rows[0]).toMatchObject({ stock: 40 + 25 + 3 + 30, low: true });

    // A stale or hand-typed URL opens the list rather than failing.
    expect(productListFilterOf(new URLSearchParams("status=archived&stock=none&collection=games&page=-3"))).toEqual({});
  });

  it("pages like the orders list: the filter travels in every page link", async () => {
    const first = await listAdminProducts({ pageSize: 3 });
    expect(first).toMatchObject({ total: 7, page: 1, pageCount: 3 });
    const last = await listAdminProducts({ pageSize: 3, page: 9 });
    expect(last).toMatchObject({ page: 3 });
    expect(last.rows).toHaveLength(1);
    expect(new Set([...first.rows, ...(await listAdminProducts({ pageSize: 3, page: 2 })).rows, ...last.rows].map((r) => r.id)).size).toBe(7);
    expect(listQuery(productListFilterOf(new URLSearchParams("q=teal&collection=accessory&page=2")), 3)).toBe("?q=teal&collection=accessory&page=3");
  });
});
