import { eq, inArray } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { productVariants, products } from "../catalog/schema";
import { transaction, type Db } from "../db/client";
import { RefusedError } from "../errors";
import { parseCsv } from "../http/csv";
import { SKU_PATTERN } from "@core/product-form";
import type { ImportPreview, ImportRow } from "@core/inventory-form";
import { setOnHand } from "./stock";

/**
 * Stock levels from a CSV by SKU (issue 14): a header row naming `sku` and `on_hand` (the inventory
 * export's columns, so an edited export is a valid import), one row per colour. The preview checks
 * every row (unknown SKU, bad number, duplicate row) and writes nothing; applying checks the same
 * text again and sets every colour's stock in ONE transaction with a ledger entry each (reason
 * import) and one audit entry, or writes nothing at all when any row is wrong.
 */

export const MAX_IMPORT_ROWS = 5000;

/** The file cannot be read as a stock CSV at all (no header, too many rows, an open quote). */
export class StockImportRefusedError extends RefusedError {
  readonly status = 400;
}

const cellOf = (row: string[], i: number) => (row[i] ?? "").trim();

/** Checks every row against the catalogue; `runner` reads SKUs (the apply's transaction, or the pool). */
export async function previewStockImport(text: string, runner: Pick<Db, "select">): Promise<ImportPreview> {
  const table = parseCsv(text);
  if (!table) throw new StockImportRefusedError("The file has a quoted cell that is never closed.");
  const [header = [], ...body] = table;
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  const skuAt = names.indexOf("sku");
  const onHandAt = names.indexOf("on_hand");
  if (skuAt < 0 || onHandAt < 0) throw new StockImportRefusedError("The first row must name the columns sku and on_hand.");
  const lines = body.map((cells, i) => ({ line: i + 2, cells })).filter((l) => l.cells.some((c) => c.trim() !== ""));
  if (lines.length === 0) throw new StockImportRefusedError("The file has no rows under its header.");
  if (lines.length > MAX_IMPORT_ROWS) throw new StockImportRefusedError(`Import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows at a time.`);

  const skus = [...new Set(lines.map((l) => cellOf(l.cells, skuAt).toUpperCase()).filter((s) => SKU_PATTERN.test(s)))];
  const known = skus.length
    ? await runner
        .select({ id: productVariants.id, sku: productVariants.sku, onHand: productVariants.stock, title: products.title, colour: productVariants.name })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(productVariants.sku, skus))
    : [];
  const bySku = new Map(known.map((k) => [k.sku!, k]));
  const firstLine = new Map<string, number>();
  const rows = lines.map(({ line, cells }): ImportRow => {
    const sku = cellOf(cells, skuAt).toUpperCase();
    const typed = cellOf(cells, onHandAt);
    const onHand = /^\d{1,6}$/.test(typed) ? Number(typed) : null;
    const variant = bySku.get(sku);
    const row: ImportRow = { line, sku, typed, onHand, variantId: variant?.id ?? null, title: variant?.title ?? null, colour: variant?.colour ?? null, current: variant?.onHand ?? null, error: null };
    const earlier = firstLine.get(sku);
    if (!sku) row.error = "The SKU is missing.";
    else if (earlier !== undefined) row.error = `Duplicate row: this SKU is on line ${earlier} too.`;
    else if (!variant) row.error = "Unknown SKU: no colour has it.";
    else if (onHand === null) row.error = "On hand must be a whole number from 0 to 999999.";
    if (sku && earlier === undefined) firstLine.set(sku, line);
    return row;
  });
  return {
    rows,
    errors: rows.filter((r) => r.error).length,
    changes: rows.filter((r) => !r.error && r.onHand !== r.current).length,
  };
}

/** Sets the stock of every row, or refuses the whole file; returns the preview it applied. */
export async function applyStockImport(text: string, admin: Actor): Promise<ImportPreview> {
  return transaction(async (tx) => {
    const preview = await previewStockImport(text, tx);
    if (preview.errors > 0) throw new StockImportRefusedError(`${preview.errors} ${preview.errors === 1 ? "row has an error" : "rows have errors"}: nothing was written. Fix them and preview again.`);
    const counts = preview.rows.map((r) => ({ variantId: r.variantId!, onHand: r.onHand! }));
    const moved = await setOnHand(tx, counts, "import", { id: admin.id, email: admin.email }, "CSV import");
    // What the rows say now, read under the lock: a sale between preview and apply changes "current".
    const rows = preview.rows.map((r) => ({ ...r, current: moved.get(r.variantId!)!.before }));
    await recordAudit(tx, {
      actor: admin,
      action: "import_stock",
      entity: "inventory",
      entityId: null,
      data: { rows: rows.length, changed: rows.filter((r) => r.onHand !== r.current).map((r) => ({ sku: r.sku, from: r.current, to: r.onHand })) },
    });
    return { ...preview, rows, changes: rows.filter((r) => r.onHand !== r.current).length };
  });
}
