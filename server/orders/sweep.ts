import { and, eq, inArray } from "drizzle-orm";
import { transaction } from "../db/client";
import { releaseDiscountUses } from "@server/discounts";
import { ordersWithLapsedReservations, releaseLapsedReservations, RESERVATION_MINUTES } from "../inventory";
import { startPeriodicJob, type StopJob } from "../jobs";
import { log } from "../log";
import { recordOrderEvent } from "./events";
import { orders } from "./schema";

/**
 * Releases reservations whose 30 minutes are over and cancels their orders if still unpaid. Safe on
 * several instances at once: each order is locked with SKIP LOCKED (never waited for, so no deadlock
 * with a payment being confirmed), and every write is conditional, so a second sweeper changes nothing.
 */
export async function sweepLapsedReservations(batchSize = 100): Promise<{ released: number; cancelled: number }> {
  const total = { released: 0, cancelled: 0 };
  for (;;) {
    const candidates = await ordersWithLapsedReservations(batchSize);
    if (candidates.length === 0) break;
    const result = await transaction(async (tx) => {
      const locked = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, candidates))
        .for("update", { skipLocked: true });
      const ids = locked.map((o) => o.id);
      if (ids.length === 0) return { released: 0, cancelled: 0 };
      const released = await releaseLapsedReservations(tx, ids);
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
      return { released, cancelled: cancelled.length };
    });
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
