/**
 * Inventory: how many units of a colour exist, are held for a checkout, and can still be sold.
 * Every stock movement goes through here and announces itself with stockChanged(tx, { rose }). The variant's
 * stock column lives in the catalogue's table; reservations are this module's own (schema.ts).
 */
export { availableStock, availableUnits, heldUnits, lockAvailable, lockAvailableEndingHolds, lockAvailableForClient, lockVariants, reservedUnits } from "./availability";
export { stockChanged } from "./changed";
export {
  RESERVATION_MINUTES,
  lockClient,
  ordersWithLapsedReservations,
  releaseLapsedReservations,
  releaseReservations,
  reserve,
  type StockLine,
} from "./reservations";
export { SYSTEM_ACTOR, StockMoveRefusedError, editorStock, moveStock, restock, setOnHand, takeStock, type StockActor, type StockMove } from "./stock";
export { adjustStock, listInventory, recentMovements } from "./admin";
export type { LedgerRow } from "./admin";
export { backInStockSchema, requestBackInStock, startBackInStockNotices } from "./back-in-stock";
export { inventoryCsvChunks } from "./export";
export { MAX_IMPORT_ROWS, applyStockImport, previewStockImport } from "./import";
