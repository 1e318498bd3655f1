import { sql } from "drizzle-orm";
import { executeRows, type Tx } from "../db/client";
import { productVariants } from "../catalog/schema";
import { RefusedError } from "../errors";
import type { StockReason } from "@core/stock";
import { lockVariants } from "./availability";
import { stockChanged } from "./changed";
import type { StockLine } from "./reservations";
import { stockLedger } from "./schema";

/**
 * The one writer of stock on hand (product_variants.stock). Each movement changes the row under the
 * variant lock and appends a stock_ledger entry (delta, balance after, reason, who, order, note) in
 * the same transaction, so a colour's ledger always adds up to its stock.
 */

/** Who moved stock: an admin (id and email), "provider:<name>" for a payment, or "system". */
export type StockActor = { id: string; email: string | null };
export const SYSTEM_ACTOR: StockActor = { id: "system", email: null };

export type StockMove = { variantId: string; delta: number; reason: StockReason; orderId?: string | null; note?: string | null };

/** A movement that would take a colour below zero on hand, or a colour that no longer exists. */
export class StockMoveRefusedError extends RefusedError {}

/**
 * Applies the movements and records each in the ledger. Each variant's row is changed by one guarded
 * update, which takes its row lock, with its ledger entry in the same statement; the updates run in id order (as lockVariants locks) so two
 * movements cannot deadlock. A movement of 0 writes nothing. Returns the stock on hand after, per
 * moved variant.
 */
export async function moveStock(tx: Tx, moves: StockMove[], actor: StockActor): Promise<Map<string, number>> {
  const moving = moves.filter((m) => m.delta !== 0).sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  if (moving.length === 0) return new Map();
  const onHand = new Map<string, number>();
  for (const m of moving) {
    // The guarded update and its ledger entry in one statement: no update, no entry (and a refusal).
    const [row] = await executeRows<{ balance: number }>(
      sql`with moved as (
        update ${productVariants} set stock = stock + ${m.delta}::int
        where id = ${m.variantId}::uuid and stock + ${m.delta}::int >= 0
        returning id, stock
      )
      insert into ${stockLedger} (variant_id, delta, balance, reason, actor_id, actor_email, order_id, note)
      select id, ${m.delta}::int, stock, ${m.reason}::text, ${actor.id}::text, ${actor.email}::text, ${m.orderId ?? null}::uuid, ${m.note ?? null}::text
      from moved
      returning balance`,
      tx,
    );
    if (!row) throw await refusal(tx, m);
    onHand.set(m.variantId, row.balance);
  }
  await stockChanged(tx, { rose: moving.some((m) => m.delta > 0) });
  return onHand;
}

/** Why a guarded update changed nothing: the colour is gone, or it would go below zero on hand. */
async function refusal(tx: Tx, m: StockMove) {
  const before = (await lockVariants(tx, [m.variantId])).get(m.variantId);
  if (before === undefined) return new StockMoveRefusedError("This colour no longer exists.");
  return new StockMoveRefusedError(`Only ${before} on hand: ${-m.delta} cannot be taken off.`);
}

/**
 * Sets the stock on hand to counted figures (a recount, the CSV import): the ledger gets the difference.
 * Returns the stock before and after per variant.
 */
export async function setOnHand(
  tx: Tx,
  counts: { variantId: string; onHand: number }[],
  reason: StockReason,
  actor: StockActor,
  note: string | null = null,
): Promise<Map<string, { before: number; after: number }>> {
  const current = await lockVariants(tx, counts.map((c) => c.variantId));
  const missing = counts.find((c) => !current.has(c.variantId));
  if (missing) throw new StockMoveRefusedError("This colour no longer exists.");
  await moveStock(tx, counts.map((c) => ({ variantId: c.variantId, delta: c.onHand - current.get(c.variantId)!, reason, note })), actor);
  return new Map(counts.map((c) => [c.variantId, { before: current.get(c.variantId)!, after: c.onHand }]));
}

/**
 * Takes paid units off the shelf as sales of the order. Call under lockAvailable after checking they
 * fit; a refusal then means a bug, and throwing rolls the whole payment back.
 */
export async function takeStock(tx: Tx, lines: StockLine[], orderId: string, actor: StockActor) {
  await moveStock(tx, lines.map((l) => ({ variantId: l.variantId, delta: -l.quantity, reason: "sale", orderId })), actor);
}

/** Puts an order's units back on the shelf (a refund with restock, a cancellation, a received return). */
export async function restock(tx: Tx, lines: StockLine[], move: { orderId: string; reason: "refund-restock" | "return"; note?: string }, actor: StockActor) {
  await moveStock(tx, lines.map((l) => ({ variantId: l.variantId, delta: l.quantity, ...move })), actor);
}

/**
 * The product editor's stock boxes. `loaded` is what the editor showed when it opened (null for a new
 * colour, inserted with 0): the difference typed is applied to the current stock, never below 0, so
 * units sold while the editor was open are not given back.
 */
export async function editorStock(tx: Tx, rows: { variantId: string; typed: number; loaded: number | null }[], actor: StockActor) {
  const current = await lockVariants(tx, rows.map((r) => r.variantId));
  await moveStock(
    tx,
    rows.map((r) => {
      const now = current.get(r.variantId) ?? 0;
      return { variantId: r.variantId, delta: r.loaded === null ? r.typed - now : Math.max(-now, r.typed - r.loaded), reason: "editor" };
    }),
    actor,
  );
}
