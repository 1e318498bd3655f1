import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../server/audit/schema";
import { ProductSaveError, getProductForEdit, saveProduct } from "../../server/catalog/admin";
import { productVariants } from "../../server/catalog/schema";
import { db } from "../../server/db/client";
import { adjustStock, listInventory, recentMovements } from "../../server/inventory/admin";
import { inventoryCsvChunks } from "../../server/inventory/export";
import { applyStockImport, previewStockImport, StockImportRefusedError } from "../../server/inventory/import";
import { parseCsv } from "../../server/http/csv";
import { stockLedger } from "../../server/inventory/schema";
import { changeOrderStatus } from "../../server/orders/admin";
import { orderItems } from "../../server/orders/schema";
import { refundOrder } from "../../server/orders/refunds";
import { adjustStockSchema } from "../../core/inventory-form";
import { parseProductForm } from "../../core/product-form";
import { checkoutOf, paidOrderOf, stockOf, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";
import { auditText } from "~/lib/audit-text";

const admin = { id: "ledger-admin", email: "stock.keeper@pocketretro.example" };

function productForm(fields: Record<string, string>) {
  const form = new FormData();
  const all = { intent: "publish", title: "Pocket Ledger", descriptionHtml: "<p>Counted.</p>", price: "19.99", ...fields };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  const parsed = parseProductForm(form);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

const adjust = (variantId: string, reason: string, quantity: number, note = "") => adjustStock(adjustStockSchema.parse({ variantId, reason, quantity: String(quantity), note }), admin);

/** Per colour: stock on hand, the ledger's sum and its last balance (the column named in full: drizzle leaves a one-table select's unqualified). */
async function ledgerAgainstStock() {
  return db()
    .select({
      id: productVariants.id,
      stock: productVariants.stock,
      sum: sql<number>`(select coalesce(sum(l.delta), 0)::int from stock_ledger l where l.variant_id = product_variants.id)`,
      last: sql<number | null>`(select l.balance from stock_ledger l where l.variant_id = product_variants.id order by l.created_at desc, l.id desc limit 1)`,
    })
    .from(productVariants);
}

describe("stock ledger: every movement recorded, the sums equal on hand", () => {
  useTestDatabase();
  useCatalogue();

  it("after the editor, adjustments, a sale, a refund with restock, a cancellation and a return, each colour's ledger adds up to its stock", async () => {
    // The product editor: a new product's colours arrive through the ledger, then a typed change.
    const created = await saveProduct(
      null,
      productForm({ "colors.0.name": "Grey", "colors.0.hex": "#888888", "colors.0.stock": "10", "colors.0.sku": " pl-grey ", "colors.1.name": "Red", "colors.1.hex": "#ff0000", "colors.1.stock": "3" }),
      admin,
    );
    const edited = (await getProductForEdit(created.id))!;
    const grey = edited.colors[0];
    expect(grey).toMatchObject({ sku: "PL-GREY", stock: 10 });
    await saveProduct(
      created.id,
      productForm({
        "colors.0.id": grey.id,
        "colors.0.name": "Grey",
        "colors.0.hex": "#888888",
        "colors.0.stock": "7",
        "colors.0.baseStock": "10",
        "colors.0.sku": "PL-GREY",
        "colors.1.id": edited.colors[1].id,
        "colors.1.name": "Red",
        "colors.1.hex": "#ff0000",
        "colors.1.stock": "3",
        "colors.1.baseStock": "3",
      }),
      admin,
    );
    expect(await stockOf(grey.id)).toBe(7);

    // Staff adjustments with reasons.
    expect(await adjust(grey.id, "received", 5, "Pallet 12")).toEqual({ before: 7, after: 12 });
    expect(await adjust(grey.id, "damaged", 2)).toEqual({ before: 12, after: 10 });
    expect(await adjust(grey.id, "recount", 20)).toEqual({ before: 10, after: 20 });
    expect(await adjust(grey.id, "return", 1)).toEqual({ before: 20, after: 21 });
    await expect(adjust(grey.id, "damaged", 22)).rejects.toThrow("Only 21 on hand: 22 cannot be taken off.");
    expect(await stockOf(grey.id)).toBe(21);

    // A sale, a refund with restock of one of two units, a cancellation (restocks the rest).
    const white = await variantOf("r36s", "White");
    const sold = await paidOrderOf(1, [{ colour: "White", quantity: 2 }]);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, sold.orderId));
    await refundOrder(sold.orderId, { lines: [{ itemId: item.id, quantity: 1, restock: true }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "Scratched" }, admin);
    await changeOrderStatus(sold.orderId, "cancelled", admin);
    expect(await stockOf(white.id)).toBe(white.stock);
    // A checkout not yet paid moves nothing on hand: it only reserves.
    const pending = await checkoutOf(2, [{ colour: "Black", quantity: 1 }]);

    const whiteLedger = await db().select().from(stockLedger).where(eq(stockLedger.variantId, white.id)).orderBy(stockLedger.createdAt, stockLedger.id);
    expect(whiteLedger.map((l) => [l.reason, l.delta, l.balance])).toEqual([
      ["received", white.stock, white.stock],
      ["sale", -2, white.stock - 2],
      ["refund-restock", 1, white.stock - 1],
      ["refund-restock", 1, white.stock],
    ]);
    expect(whiteLedger[1]).toMatchObject({ orderId: sold.orderId, actorId: "provider:test" });
    expect(whiteLedger[2]).toMatchObject({ orderId: sold.orderId, actorId: admin.id, actorEmail: admin.email });

    for (const row of await ledgerAgainstStock()) {
      expect(row.sum, `variant ${row.id}`).toBe(row.stock);
      expect(row.last ?? 0, `variant ${row.id}`).toBe(row.stock);
    }

    // The inventory view: on hand, reserved by the open checkout, available.
    const black = await variantOf("r36s", "Black");
    const { rows } = await listInventory({ q: "r36s" });
    expect(rows.find((r) => r.variantId === pending.variantId)).toMatchObject({ onHand: black.stock, reserved: 1, available: black.stock - 1 });
    const movements = await recentMovements(50, grey.id);
    expect(movements.map((m) => m.reason)).toEqual(["return", "recount", "damaged", "received", "editor", "editor"]);
    expect(movements[3]).toMatchObject({ who: admin.email, note: "Pallet 12", delta: 5, balance: 12 });
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, grey.id));
    expect(audits.map((a) => a.action)).toEqual(["adjust_stock", "adjust_stock", "adjust_stock", "adjust_stock"]);
  });

  it("low stock follows the product's threshold; a SKU is unique across the shop and validated", async () => {
    const created = await saveProduct(
      null,
      productForm({ title: "Pocket Low", lowStockThreshold: "4", "colors.0.name": "Blue", "colors.0.hex": "#0000ff", "colors.0.stock": "4", "colors.1.name": "Green", "colors.1.hex": "#00ff00", "colors.1.stock": "5" }),
      admin,
    );
    const low = await listInventory({ q: "pocket low", low: true });
    expect(low.rows.map((r) => r.colour)).toEqual(["Blue"]);
    expect(low.rows[0]).toMatchObject({ threshold: 4, low: true });

    await saveProduct(null, productForm({ title: "Pocket Sku", "colors.0.name": "Blue", "colors.0.hex": "#0000ff", "colors.0.stock": "1", "colors.0.sku": "PS-1" }), admin);
    const taken = saveProduct(created.id, productForm({ title: "Pocket Low", "colors.0.name": "Blue", "colors.0.hex": "#0000ff", "colors.0.stock": "4", "colors.0.sku": "ps-1" }), admin);
    await expect(taken).rejects.toBeInstanceOf(ProductSaveError);
    await expect(taken).rejects.toMatchObject({ fieldErrors: { "colors.0.sku": "Each colour needs a different SKU. Pocket Sku (Blue) has it." } });

    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "draft", title: "X", descriptionHtml: "<p>x</p>", price: "1", "colors.0.name": "A", "colors.0.hex": "#000000", "colors.0.stock": "1", "colors.0.sku": "A 1", "colors.1.name": "B", "colors.1.hex": "#000000", "colors.1.stock": "1", "colors.1.sku": "b2", "colors.2.name": "C", "colors.2.hex": "#000000", "colors.2.stock": "1", "colors.2.sku": "B2" }))
      form.append(k, v);
    const parsed = parseProductForm(form);
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages["colors.0.sku"]).toMatch(/letters, digits/);
    expect(messages["colors.2.sku"]).toBe("Each colour needs a different SKU.");
  });

  it("imports stock levels by SKU: per-row errors with nothing written, then one transaction with a ledger entry per change", async () => {
    const created = await saveProduct(
      null,
      productForm({ title: "Pocket Import", "colors.0.name": "Mint", "colors.0.hex": "#00ffaa", "colors.0.stock": "4", "colors.0.sku": "IMP-MINT", "colors.1.name": "Plum", "colors.1.hex": "#8e4585", "colors.1.stock": "9", "colors.1.sku": "IMP-PLUM" }),
      admin,
    );
    const [mint, plum] = (await getProductForEdit(created.id))!.colors;
    const ledgerCount = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(stockLedger))[0].n;
    const before = await ledgerCount();

    const bad = ["sku,on_hand", "imp-mint,7", "NOPE-1,3", "IMP-PLUM,-2", "IMP-PLUM,5", "IMP-MINT,8", ",4", "IMP-PLUM,1.5"].join("\r\n");
    const preview = await previewStockImport(bad, db());
    expect(preview.rows.map((r) => [r.line, r.error])).toEqual([
      [2, null],
      [3, "Unknown SKU: no colour has it."],
      [4, "On hand must be a whole number from 0 to 999999."],
      [5, "Duplicate row: this colour is on line 4 too."],
      [6, "Duplicate row: this colour is on line 2 too."],
      [7, "The SKU is missing: give a SKU, or the product's slug and the colour."],
      [8, "Duplicate row: this colour is on line 4 too."],
    ]);
    expect(preview).toMatchObject({ errors: 6, changes: 1 });
    await expect(applyStockImport(bad, admin)).rejects.toThrow("6 rows have errors: nothing was written.");
    await expect(previewStockImport("code,count\nIMP-MINT,1", db())).rejects.toBeInstanceOf(StockImportRefusedError);
    await expect(previewStockImport('sku,on_hand\n"IMP-MINT,1', db())).rejects.toThrow("never closed");
    expect(await ledgerCount()).toBe(before);
    expect([await stockOf(mint.id), await stockOf(plum.id)]).toEqual([4, 9]);

    // The inventory export's own columns are a valid import (a spreadsheet edit of it, here by hand).
    let exported = "";
    for await (const chunk of inventoryCsvChunks({ q: "pocket import" })) exported += chunk;
    const [header, ...rows] = parseCsv(exported)!;
    expect(header).toEqual(["product", "slug", "colour", "sku", "on_hand", "reserved", "available", "low_stock_at", "low"]);
    expect(rows).toEqual([
      ["Pocket Import", "pocket-import", "Mint", "IMP-MINT", "4", "0", "4", "5", "yes"],
      ["Pocket Import", "pocket-import", "Plum", "IMP-PLUM", "9", "0", "9", "5", "no"],
    ]);
    const edited = [header, ["Pocket Import", "pocket-import", "Mint", "imp-mint", "12"], ["Pocket Import", "pocket-import", "Plum", "IMP-PLUM", "9"]].map((r) => r.join(",")).join("\n");
    const applied = await applyStockImport(edited, admin);
    expect(applied).toMatchObject({ errors: 0, changes: 1 });
    expect([await stockOf(mint.id), await stockOf(plum.id)]).toEqual([12, 9]);
    const [entry] = await recentMovements(1, mint.id);
    expect(entry).toMatchObject({ reason: "import", delta: 8, balance: 12, who: admin.email, note: "CSV import" });
    expect(await ledgerCount()).toBe(before + 1);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, "import_stock"));
    expect(audit.data).toEqual({ rows: 2, changed: [{ sku: "IMP-MINT", from: 4, to: 12 }] });
    // The audit log's page shows the stored change as text (it once read "changed: [object Object]").
    expect(auditText(audit.data)).toBe("rows: 2; changed: IMP-MINT 4 → 12");
  });
});
