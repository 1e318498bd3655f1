import { eq, inArray, or } from "drizzle-orm";
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
 * export's columns, so an edited export is a valid import), one row per colour; a row with no SKU
 * names its colour by the product's `slug` and the `colour` (issue 30: a colour staff left without
 * a SKU round-trips too). The preview checks
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

type Variant = { id: string; sku: string | null; slug: string; onHand: number; title: string; colour: string };

/** The colours a file names, by SKU and by product slug (a row with no SKU names slug and colour). */
async function variantsNamed(runner: Pick<Db, "select">, skus: string[], slugs: string[]): Promise<Variant[]> {
  if (skus.length === 0 && slugs.length === 0) return [];
  return runner
    .select({ id: productVariants.id, sku: productVariants.sku, slug: products.slug, onHand: productVariants.stock, title: products.title, colour: productVariants.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(or(skus.length ? inArray(productVariants.sku, skus) : undefined, slugs.length ? inArray(products.slug, slugs) : undefined));
}

const slugColourKey = (slug: string, colour: string) => `${slug.toLowerCase()}\u0000${colour.toLowerCase()}`;

/** Checks every row against the catalogue; `runner` reads SKUs (the apply's transaction, or the pool). */
export async function previewStockImport(text: string, runner: Pick<Db, "select">): Promise<ImportPreview> {
  const table = parseCsv(text);
  if (!table) throw new StockImportRefusedError("The file has a quoted cell that is never closed.");
  const [header = [], ...body] = table;
  const names = header.map((h) => h.trim().toLowerCase().replace(/\s+/g, "_"));
  const skuAt = names.indexOf("sku");
  const onHandAt = names.indexOf("on_hand");
  const slugAt = names.indexOf("slug");
  const colourAt = names.indexOf("colour");
  if (onHandAt < 0 || (skuAt < 0 && (slugAt < 0 || colourAt < 0))) {
    throw new StockImportRefusedError("The first row must name the columns sku and on_hand (or slug, colour and on_hand).");
  }
  const lines = body.map((cells, i) => ({ line: i + 2, cells })).filter((l) => l.cells.some((c) => c.trim() !== ""));
  if (lines.length === 0) throw new StockImportRefusedError("The file has no rows under its header.");
  if (lines.length > MAX_IMPORT_ROWS) throw new StockImportRefusedError(`Import at most ${MAX_IMPORT_ROWS.toLocaleString("en-US")} rows at a time.`);

  const cells = lines.map(({ line, cells }) => ({
    line,
    sku: skuAt < 0 ? "" : cellOf(cells, skuAt).toUpperCase(),
    slug: slugAt < 0 ? "" : cellOf(cells, slugAt),
    colour: colourAt < 0 ? "" : cellOf(cells, colourAt),
    typed: cellOf(cells, onHandAt),
  }));
  const skus = [...new Set(cells.map((c) => c.sku).filter((s) => SKU_PATTERN.test(s)))];
  const slugs = [...new Set(cells.filter((c) => !c.sku && c.slug).map((c) => c.slug.toLowerCase()))];
  const known = await variantsNamed(runner, skus, slugs);
  const bySku = new Map(known.filter((k) => k.sku).map((k) => [k.sku!, k]));
  const bySlugColour = new Map(known.map((k) => [slugColourKey(k.slug, k.colour), k]));
  const firstLine = new Map<string, number>();
  const rows = cells.map(({ line, sku, slug, colour, typed }): ImportRow => {
    const onHand = /^\d{1,6}$/.test(typed) ? Number(typed) : null;
    const variant = sku ? bySku.get(sku) : slug ? bySlugColour.get(slugColourKey(slug, colour)) : undefined;
    const row: ImportRow = { line, sku, typed, onHand, variantId: variant?.id ?? null, title: variant?.title ?? null, colour: variant?.colour ?? null, current: variant?.onHand ?? null, error: null };
    // Duplicates are by colour, whichever way a row names it.
    const key = variant?.id ?? sku;
    const earlier = key ? firstLine.get(key) : undefined;
    if (!sku && !slug) row.error = "The SKU is missing: give a SKU, or the product's slug and the colour.";
    else if (earlier !== undefined) row.error = `Duplicate row: this colour is on line ${earlier} too.`;
    else if (!variant) row.error = sku ? "Unknown SKU: no colour has it." : "Unknown product slug and colour: no colour matches them.";
    else if (onHand === null) row.error = "On hand must be a whole number from 0 to 999999.";
    if (key && earlier === undefined) firstLine.set(key, line);
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
