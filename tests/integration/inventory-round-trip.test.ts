import { eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getProductForEdit, saveProduct } from "../../server/catalog/admin";
import { productVariants, products } from "../../server/catalog/schema";
import { db } from "../../server/db/client";
import { inventoryCsvChunks } from "../../server/inventory/export";
import { applyStockImport, previewStockImport } from "../../server/inventory/import";
import { parseCsv } from "../../server/http/csv";
import { seed, seedAccessories, seedProducts } from "../../server/seed";
import { parseProductForm } from "../../core/product-form";
import { stockOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const admin = { id: "round-trip-admin", email: "stock.keeper@pocketretro.example" };

async function exportAll() {
  let text = "";
  for await (const chunk of inventoryCsvChunks({})) text += chunk;
  return text;
}

const skuless = async () => (await db().select({ id: productVariants.id }).from(productVariants).where(isNull(productVariants.sku))).length;

describe("inventory CSV round trip (issue 30)", () => {
  useTestDatabase({ seed: true });

  it("every seeded colour has a SKU, and the unchanged export imports with 0 errors and 0 changes", async () => {
    expect(await skuless()).toBe(0);
    const exported = await exportAll();
    const [header, ...rows] = parseCsv(exported)!;
    expect(header.slice(0, 4)).toEqual(["product", "slug", "colour", "sku"]);
    expect(rows.length).toBe([...seedProducts, ...seedAccessories].reduce((n, p) => n + p.variants.length, 0));
    expect(rows.find((r) => r[1] === "r36s" && r[2] === "White")?.[3]).toBe("R36S-WHITE");
    expect(rows.find((r) => r[1] === "screen-protector")?.[3]).toBe("SCREEN-PROTECTOR");

    const preview = await previewStockImport(exported, db());
    expect(preview).toMatchObject({ errors: 0, changes: 0 });
    expect(preview.rows.length).toBe(rows.length);
    const applied = await applyStockImport(exported, admin);
    expect(applied).toMatchObject({ errors: 0, changes: 0 });
  });

  it("a database seeded before SKUs gets them on the next start, once, without taking a SKU staff already use", async () => {
    const [white] = await db()
      .select({ id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${products.slug} = 'r36s' and ${productVariants.name} = 'White'`);
    await db().update(productVariants).set({ sku: null });
    // Staff gave another colour the SKU the seed would pick for the white R36S.
    await db().update(productVariants).set({ sku: "R36S-WHITE" }).where(sql`${productVariants.id} = (select v.id from product_variants v join products p on p.id = v.product_id where p.slug = 'r36pro' and v.name = 'Blue')`);

    await seed();
    await seed();
    expect(await skuless()).toBe(1);
    const [still] = await db().select({ sku: productVariants.sku }).from(productVariants).where(eq(productVariants.id, white.id));
    expect(still.sku).toBeNull();

    // The colour left without a SKU round-trips by product slug and colour name.
    const exported = await exportAll();
    expect(await previewStockImport(exported, db())).toMatchObject({ errors: 0, changes: 0 });
    const edited = parseCsv(exported)!.map((r) => (r[1] === "r36s" && r[2] === "White" ? [...r.slice(0, 4), "3", ...r.slice(5)] : r));
    expect(edited.find((r) => r[1] === "r36s" && r[2] === "White")?.[3]).toBe("");
    const applied = await applyStockImport(edited.map((r) => r.join(",")).join("\n"), admin);
    expect(applied).toMatchObject({ errors: 0, changes: 1 });
    expect(await stockOf(white.id)).toBe(3);
  });

  it("a row without a SKU names its colour by slug and colour: unknown pairs and duplicates are errors", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "publish", title: "Pocket Nameless", descriptionHtml: "<p>No SKU.</p>", price: "9.99", "colors.0.name": "Sand", "colors.0.hex": "#e0c9a6", "colors.0.stock": "2", "colors.0.sku": "" })) form.append(k, v);
    const parsed = parseProductForm(form);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const created = await saveProduct(null, parsed.data, admin);
    const [sand] = (await getProductForEdit(created.id))!.colors;
    const [{ slug }] = await db().select({ slug: products.slug }).from(products).where(eq(products.id, created.id));

    const file = ["slug,colour,sku,on_hand", `${slug},sand,,6`, `${slug},Dune,,1`, `${slug},Sand,,7`, ",,,4"].join("\n");
    const preview = await previewStockImport(file, db());
    expect(preview.rows.map((r) => [r.line, r.error])).toEqual([
      [2, null],
      [3, "Unknown product slug and colour: no colour matches them."],
      [4, "Duplicate row: this colour is on line 2 too."],
      [5, "The SKU is missing: give a SKU, or the product's slug and the colour."],
    ]);
    expect(preview.rows[0]).toMatchObject({ variantId: sand.id, current: 2, onHand: 6 });
  });
});
