import { and, asc, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { invalidateCatalog } from "../catalog/cache";
import { releaseDiscountUses } from "../discounts/uses";
import { db, type Tx } from "../db/client";
import { orders } from "./schema";
import { productVariants } from "../catalog/schema";
import { stockReservations } from "../inventory/schema";
import { startPeriodicJob, type StopJob } from "../jobs";
import { log } from "../log";
import { notify } from "../realtime/bus";
import { recordOrderEvent } from "./events";

/** How long checkout holds a shopper's units while they pay (DESIGN.md section 6). */
export const RESERVATION_MINUTES = 30;

/**
 * Locks the variants' rows, always in id order so two transactions cannot deadlock. Every write that
 * takes units (a reservation, a payment's stock decrement) happens under this lock, so concurrent
 * buyers of the same colour queue here and each sees what the previous one committed.
 */
export async function lockVariants(tx: Tx, variantIds: string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, variantIds))
    .orderBy(asc(productVariants.id))
    .for("update");
  return new Map(rows.map((r) => [r.id, r.stock]));
}

/**
 * Units held by active reservations (unreleased, unexpired) of orders other than `exceptOrderId`.
 * A new statement after lockVariants, so under READ COMMITTED it sees every committed reservation.
 */
export async function reservedUnits(tx: Tx, variantIds: string[], exceptOrderId?: string): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await tx
    .select({
      variantId: stockReservations.variantId,
      units: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int`,
    })
    .from(stockReservations)
    .where(
      and(
        inArray(stockReservations.variantId, variantIds),
        isNull(stockReservations.releasedAt),
        sql`${stockReservations.expiresAt} > now()`,
        exceptOrderId ? ne(stockReservations.orderId, exceptOrderId) : undefined,
      ),
    )
    .groupBy(stockReservations.variantId);
  return new Map(rows.map((r) => [r.variantId, r.units]));
}

export async function insertReservations(
  tx: Tx,
  orderId: string,
  items: { variantId: string; quantity: number }[],
  expiresAt: Date,
  clientKey: string | null,
) {
  await tx
    .insert(stockReservations)
    .values(items.map((i) => ({ orderId, variantId: i.variantId, quantity: i.quantity, expiresAt, clientKey })));
}

/**
 * Units the client `clientKey` holds in active reservations. Takes a transaction-scoped lock on the
 * key first, so two checkouts of one client at once are counted one after the other (the variant
 * locks do not serialise them when they reserve different colours).
 */
export async function heldUnitsOfClient(tx: Tx, clientKey: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${clientKey}, 0))`);
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${stockReservations.quantity}), 0)::int` })
    .from(stockReservations)
    .where(
      and(
        eq(stockReservations.clientKey, clientKey),
        isNull(stockReservations.releasedAt),
        sql`${stockReservations.expiresAt} > now()`,
      ),
    );
  return row?.units ?? 0;
}

/** Gives an order's held units back (or marks them consumed by a payment); returns how many rows. */
export async function releaseReservations(tx: Tx, orderId: string): Promise<number> {
  const rows = await tx
    .update(stockReservations)
    .set({ releasedAt: new Date() })
    .where(and(eq(stockReservations.orderId, orderId), isNull(stockReservations.releasedAt)))
    .returning({ id: stockReservations.id });
  return rows.length;
}

/**
 * Releases reservations whose 30 minutes are over and cancels their orders if still unpaid. Safe on
 * several instances at once: each order is locked with SKIP LOCKED (never waited for, so no deadlock
 * with a payment being confirmed), and every write is conditional, so a second sweeper changes nothing.
 */
export async function sweepLapsedReservations(batchSize = 100): Promise<{ released: number; cancelled: number }> {
  const total = { released: 0, cancelled: 0 };
  for (;;) {
    const candidates = await db()
      .selectDistinct({ orderId: stockReservations.orderId })
      .from(stockReservations)
      .where(and(isNull(stockReservations.releasedAt), lte(stockReservations.expiresAt, sql`now()`)))
      .limit(batchSize);
    if (candidates.length === 0) break;
    const result = await db().transaction(async (tx) => {
      const locked = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, candidates.map((c) => c.orderId)))
        .for("update", { skipLocked: true });
      const ids = locked.map((o) => o.id);
      if (ids.length === 0) return { released: 0, cancelled: 0 };
      const released = await tx
        .update(stockReservations)
        .set({ releasedAt: new Date() })
        .where(
          and(
            inArray(stockReservations.orderId, ids),
            isNull(stockReservations.releasedAt),
            lte(stockReservations.expiresAt, sql`now()`),
          ),
        )
        .returning({ id: stockReservations.id });
      const cancelled = await tx
        .update(orders)
        .set({ status: "cancelled", cancelReason: "Payment window expired", updatedAt: new Date() })
        .where(and(inArray(orders.id, ids), eq(orders.status, "pending")))
        .returning({ id: orders.id });
      await releaseDiscountUses(tx, cancelled.map((o) => o.id));
      for (const o of cancelled) {
        await recordOrderEvent(tx, {
          orderId: o.id,
          actor: "system",
          type: "cancelled",
          fromStatus: "pending",
          toStatus: "cancelled",
          note: `Not paid within ${RESERVATION_MINUTES} minutes; reserved units released.`,
        });
      }
      if (released.length > 0) await notify(tx, { type: "catalog" });
      return { released: released.length, cancelled: cancelled.length };
    });
    if (result.released > 0) invalidateCatalog();
    total.released += result.released;
    total.cancelled += result.cancelled;
    // Everything left was locked by someone else (a payment or another sweeper): theirs to finish.
    if (result.released === 0 || candidates.length < batchSize) break;
  }
  return total;
}

/** Runs the sweep every minute in this process. */
export function startReservationSweep(intervalMs = 60_000): StopJob {
  return startPeriodicJob("reservation sweep", intervalMs, async () => {
    const r = await sweepLapsedReservations();
    if (r.released > 0) log.info(r, "released lapsed stock reservations");
  });
}
