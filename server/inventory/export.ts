import { csvChunks, csvHeader, csvLine } from "../http/csv";
import { EXPORT_BATCH } from "../http/csv";
import { listInventory, type InventoryFilter } from "./admin";

/**
 * The inventory page as CSV (issue 14), with its search and low-stock filter, one row per colour,
 * streamed a batch at a time. The sku and on_hand columns (slug and colour for a colour without a SKU)
 * are what the stock import reads back, so an export edited in a spreadsheet is a valid import.
 */

export const INVENTORY_EXPORT_HEADER = ["product", "slug", "colour", "sku", "on_hand", "reserved", "available", "low_stock_at", "low"];

export async function* inventoryCsvChunks(f: Omit<InventoryFilter, "page" | "pageSize">, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
  yield csvHeader(INVENTORY_EXPORT_HEADER);
  for (let page = 1; ; page++) {
    const { rows, pageCount } = await listInventory({ ...f, page, pageSize: batchSize });
    yield* csvChunks(rows.map((r) => csvLine([r.title, r.slug, r.colour, r.sku ?? "", String(r.onHand), String(r.reserved), String(r.available), String(r.threshold), r.low ? "yes" : "no"])));
    if (page >= pageCount) return;
  }
}
