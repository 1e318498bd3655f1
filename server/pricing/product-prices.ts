import { and, eq } from "drizzle-orm";
import type { Tx } from "../db/client";
import { productMarketPrices } from "./schema";

/** One market's explicit price of a product from the product editor; null price: none (the converted one applies). */
export type MarketPriceInput = { marketId: string; priceMinor: number | null; compareAtMinor: number | null };

/** A market price left empty removes the explicit price (the converted one applies); markets not in the form keep theirs. */
export async function writeProductMarketPrices(tx: Tx, productId: string, prices: readonly MarketPriceInput[]) {
  for (const p of prices) {
    const where = and(eq(productMarketPrices.productId, productId), eq(productMarketPrices.marketId, p.marketId));
    if (p.priceMinor === null) {
      await tx.delete(productMarketPrices).where(where);
      continue;
    }
    const values = { priceMinor: p.priceMinor, compareAtMinor: p.compareAtMinor };
    await tx
      .insert(productMarketPrices)
      .values({ productId, marketId: p.marketId, ...values })
      .onConflictDoUpdate({ target: [productMarketPrices.productId, productMarketPrices.marketId], set: values });
  }
}
