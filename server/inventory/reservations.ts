import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { db, type Tx } from "../db/client";
import { preparedRows } from "../db/prepared";
import { stockChanged } from "./changed";
import { stockReservations } from "./schema";

/** How long checkout holds a shopper's units while they pay (DESIGN.md section 6). */
export const RESERVATION_MINUTES = 30;

export type StockLine = { variantId: string; quantity: number };

/**
 * Holds an order's units until `expiresAt`, for the client `clientKey` (clientKeyFor) when known.
 * Call under lockAvailable, after checking they fit.
 */
export async function reserve(tx: Tx, orderId: string, lines: StockLine[], expiresAt: Date, clientKey: string | null = null) {
  const held = JSON.stringify(lines.map((l) => ({ variant_id: l.variantId, quantity: l.quantity })));
  await holdsInserted({ orderId, lines: held, expiresAt: expiresAt.toISOString(), clientKey }, tx);
  await stockChanged(tx, { rose: false });
}

/** Every checkout's holds, one row a line, in a statement of one text for any number of lines: prepared. */
const holdsInserted = preparedRows("holds_inserted", () => {
  const ph = sql.placeholder;
  return sql`insert into ${stockReservations} (variant_id, order_id, quantity, expires_at, client_key)
    select l.variant_id, ${ph("orderId")}::uuid, l.quantity, ${ph("expiresAt")}::timestamptz, ${ph("clientKey")}::text
    from json_to_recordset(${ph("lines")}::json) as l(variant_id uuid, quantity int)`;
});

/**
 * Takes a transaction-scoped lock on the client `clientKey`, so two checkouts of one client at once
 * count its held units one after the other (the variant locks do not serialise them when they
 * reserve different colours): lockAvailableForClient counts them after this.
 */
export async function lockClient(tx: Tx, clientKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${clientKey}, 0))`);
}

/** Gives an order's held units back to everyone; returns how many rows. */
export function releaseReservations(tx: Tx, orderId: string): Promise<number> {
  return endReservations(tx, orderId, { rose: true });
}

async function endReservations(tx: Tx, orderId: string, change: { rose: boolean }) {
  const rows = await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(and(eq(stockReservations.orderId, orderId), isNull(stockReservations.releasedAt)))
    .returning({ id: stockReservations.id });
  await stockChanged(tx, change);
  return rows.length;
}

/** Orders (at most `limit`) that still hold units past their reservation's end. */
export async function ordersWithLapsedReservations(limit: number): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ orderId: stockReservations.orderId })
    .from(stockReservations)
    .where(and(isNull(stockReservations.releasedAt), lte(stockReservations.expiresAt, sql`now()`)))
    .limit(limit);
  return rows.map((r) => r.orderId);
}

/** Releases the lapsed reservations of these orders; returns how many were released. */
export async function releaseLapsedReservations(tx: Tx, orderIds: string[]): Promise<number> {
  const released = await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(and(inArray(stockReservations.orderId, orderIds), isNull(stockReservations.releasedAt), lte(stockReservations.expiresAt, sql`now()`)))
    .returning({ id: stockReservations.id });
  if (released.length > 0) await stockChanged(tx, { rose: true });
  return released.length;
}
