/**
 * How a colour's stock reads to shoppers. At or below the product's low-stock threshold (the back
 * office's setting, default 5) the page says how many are left instead of a bare "In Stock".
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export type StockState = { kind: "sold-out" } | { kind: "low"; left: number } | { kind: "in-stock" };

export function stockState(available: number, lowStockThreshold: number): StockState {
  if (available <= 0) return { kind: "sold-out" };
  if (available <= lowStockThreshold) return { kind: "low", left: available };
  return { kind: "in-stock" };
}
