/**
 * Inventory: how many units of a colour exist, are held for a checkout, and can still be sold.
 * Every stock movement goes through here and announces itself with stockChanged(tx, { rose }). The variant's
 * stock column lives in the catalogue's table; reservations are this module's own (schema.ts).
 */
export { availableStock, availableUnits, heldUnits, lockAvailable, lockVariants, reservedUnits } from "./availability";
export { stockChanged } from "./changed";
export {
  RESERVATION_MINUTES,
  consumeReservations,
  heldUnitsOfClient,
  ordersWithLapsedReservations,
  releaseLapsedReservations,
  releaseReservations,
  reserve,
  type StockLine,
} from "./reservations";
export { SYSTEM_ACTOR, StockMoveRefusedError, editorStock, moveStock, restock, setOnHand, takeStock, type StockActor, type StockMove } from "./stock";
