/**
 * How a colour's stock reads to shoppers. At or below the product's low-stock threshold (the back
 * office's setting, default 5) the page says how many are left instead of a bare "In Stock".
 */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** A cart line checkout could not reserve in the quantity asked for, as the shopper is told. */
export type Shortage = { variantId: string; title: string; variantName: string; requested: number; available: number };

export type StockState = { kind: "sold-out" } | { kind: "low"; left: number } | { kind: "in-stock" };

export function stockState(available: number, lowStockThreshold: number): StockState {
  if (available <= 0) return { kind: "sold-out" };
  if (available <= lowStockThreshold) return { kind: "low", left: available };
  return { kind: "in-stock" };
}

/**
 * Why stock moved, as the stock ledger records it. Staff choose the first four on the inventory page;
 * the rest are written by the code that moves the units (a sale, a refund's restock, the product
 * editor's stock box, the CSV import).
 */
export const STOCK_REASONS = ["received", "damaged", "recount", "return", "sale", "refund-restock", "editor", "import"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The reasons an adjustment on the inventory page may give, and what the quantity means for each. */
export const ADJUST_REASONS = ["received", "damaged", "recount", "return"] as const satisfies readonly StockReason[];
export type AdjustReason = (typeof ADJUST_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: "Received",
  damaged: "Damaged",
  recount: "Recount",
  return: "Return",
  sale: "Sale",
  "refund-restock": "Refund restock",
  editor: "Product editor",
  import: "CSV import",
};
