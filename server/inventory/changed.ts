import { stockMoved } from "@server/cache";
import type { Tx } from "../db/client";

/**
 * Stock or a reservation moved in `tx`. Product pages and lists show what is available, so every
 * instance drops its cached pages and stock-showing reads after commit (settings, prices and reviews
 * stay). Every write in this module calls it; PostgreSQL folds identical notifications of one
 * transaction into one. `rose`: whether what is available may have gone up (units added, a hold
 * given back): only then do back-in-stock requests need a look.
 */
export function stockChanged(tx: Tx, { rose }: { rose: boolean }): Promise<void> {
  return stockMoved(tx, rose);
}
