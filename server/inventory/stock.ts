import { and, eq, gte, sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client";
import { productVariants } from "../catalog/schema";
import { lockVariants } from "./availability";
import { stockChanged } from "./changed";
import type { StockLine } from "./reservations";

/**
 * Takes paid units off the shelf, each guarded never to go below 0. Call under lockAvailable after
 * checking they fit; a refused guard then means a bug, and throwing rolls the whole payment back.
 */
export async function takeStock(tx: Tx, lines: StockLine[]) {
  for (const line of lines) {
    const [decremented] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} - ${line.quantity}` })
      .where(and(eq(productVariants.id, line.variantId), gte(productVariants.stock, line.quantity)))
      .returning({ id: productVariants.id });
    if (!decremented) throw new Error(`Stock guard refused the decrement of variant ${line.variantId}`);
  }
  await stockChanged(tx);
}

/** Puts units back on the shelf (a paid order cancelled), under the variant lock like every stock write. */
export async function restock(tx: Tx, lines: StockLine[]) {
  await lockVariants(tx, lines.map((l) => l.variantId));
  for (const line of lines) {
    await tx.update(productVariants).set({ stock: sql`${productVariants.stock} + ${line.quantity}` }).where(eq(productVariants.id, line.variantId));
  }
  await stockChanged(tx);
}

/**
 * The stock column value for a colour the editor saved. `loaded` is what the editor showed when it
 * opened (null for a new colour): the difference typed is applied to the current row, never below 0,
 * so units sold while the editor was open are not given back.
 */
export function adjustedStock(typed: number, loaded: number | null): number | SQL {
  return loaded === null ? typed : sql`greatest(0, ${productVariants.stock} + ${typed - loaded})`;
}
