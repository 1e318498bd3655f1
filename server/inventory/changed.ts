import { stockMoved } from "../catalog/cache";
import type { Tx } from "../db/client";

/**
 * Stock or a reservation moved in `tx`. Product pages and lists show what is available, so every
 * instance drops its cached pages and stock-showing reads after commit (settings, prices and reviews
 * stay). Every write in this module calls it; PostgreSQL folds identical notifications of one
 * transaction into one.
 */
export function stockChanged(tx: Tx): Promise<void> {
  return stockMoved(tx);
}
