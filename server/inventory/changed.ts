import { catalogChanged } from "../catalog/cache";
import type { Tx } from "../db/client";

/**
 * Stock or a reservation moved in `tx`. Product pages show what is available, so this is a catalogue
 * change: every instance drops its cached pages after commit. Every write in this module calls it;
 * PostgreSQL folds identical notifications of one transaction into one.
 */
export function stockChanged(tx: Tx): Promise<void> {
  return catalogChanged(tx);
}
