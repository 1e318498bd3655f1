import { asc, inArray, sql } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { catalogChanged } from "@server/cache";
import { MESSAGES } from "@core/product-form";
import type { BulkProductAction } from "@core/product-list-filter";
import { transaction } from "../db/client";
import { products } from "./schema";

/**
 * Bulk work on the product list (issue 30): publish, unpublish or delete the ticked products in ONE
 * transaction, with one audit entry listing their ids and one catalogue event. Publishing keeps the
 * editor's rule: a product without a colour stays a draft and is reported as skipped.
 */

export type BulkProductResult = { done: { id: string; title: string }[]; skipped: { id: string; title: string; reason: string }[] };

export async function bulkProducts(action: BulkProductAction, ids: string[], actor: Actor): Promise<BulkProductResult> {
  return transaction(async (tx) => {
    const rows = await tx
      .select({ id: products.id, title: products.title, colours: sql<number>`(select count(*) from product_variants v where v.product_id = products.id)::int` })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for("update");
    const result: BulkProductResult = { done: [], skipped: [] };
    for (const id of ids.filter((i) => !rows.some((r) => r.id === i))) result.skipped.push({ id, title: "", reason: "This product no longer exists." });
    for (const row of rows) {
      if (action === "publish" && row.colours === 0) result.skipped.push({ id: row.id, title: row.title, reason: MESSAGES.needsColour });
      else result.done.push({ id: row.id, title: row.title });
    }
    const doneIds = result.done.map((r) => r.id);
    if (doneIds.length > 0) {
      if (action === "delete") await tx.delete(products).where(inArray(products.id, doneIds));
      else await tx.update(products).set({ status: action === "publish" ? "published" : "draft", updatedAt: new Date() }).where(inArray(products.id, doneIds));
    }
    await recordAudit(tx, { actor, action: `bulk_${action}`, entity: "product", entityId: null, data: { ids: doneIds, skipped: result.skipped.map((r) => r.id) } });
    await catalogChanged(tx);
    return result;
  });
}
