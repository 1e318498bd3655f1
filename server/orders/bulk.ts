import { asc, desc, inArray } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { MAX_BULK_ROWS } from "@core/bulk-selection";
import type { CarrierId } from "@core/carriers";
import type { AdminOrderDetail } from "@core/order-view";
import { transaction } from "../db/client";
import { RefusedError } from "../errors";
import { getAdminOrder } from "./admin";
import { inSearchTier, type AdminOrderFilter } from "./filters";
import { confirmShipment, fulfilRefusal, markFulfilled } from "./fulfil";
import { orders } from "./schema";

/**
 * Bulk work on the orders list (issue 30): a selection (core/bulk-selection.ts) read as a filter,
 * fulfilled with one carrier in one transaction under the same rule as the order page, or printed
 * as one document of packing slips.
 */

export class BulkSelectionError extends RefusedError {
  readonly status = 400;
}

/** The selected orders' ids, newest first, as the list shows them (near misses of a search too). */
export async function selectedOrderIds(f: AdminOrderFilter): Promise<string[]> {
  const ids = await inSearchTier(
    f,
    (runner, where) =>
      runner
        .select({ id: orders.id })
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(MAX_BULK_ROWS + 1),
    (rows) => rows.length > 0,
  );
  if (ids.length > MAX_BULK_ROWS) throw new BulkSelectionError(`More than ${MAX_BULK_ROWS} orders match: narrow the filter and try again.`);
  if (ids.length === 0) throw new BulkSelectionError("No order matches the selection any more.");
  return ids.map((r) => r.id);
}

export type BulkFulfilResult = { fulfilled: { id: string; number: string }[]; skipped: { id: string; number: string; reason: string }[] };

/**
 * Ships every selected order that can be shipped, with one carrier and no tracking number, in ONE
 * transaction holding every order's lock (taken in id order, so two bulk runs never deadlock); an
 * order the order page would refuse (not paid, already shipped, cancelled) is skipped with that
 * page's reason. One audit entry lists the fulfilled and skipped ids; the shipping confirmations go
 * out after the commit.
 */
export async function bulkFulfil(f: AdminOrderFilter, carrier: CarrierId | null, admin: Actor): Promise<BulkFulfilResult> {
  // Ticked ids are taken as they are (an order that left the list meanwhile is reported, not lost).
  const ids = f.ids ?? (await selectedOrderIds(f));
  const shipment = { carrier, trackingNumber: null };
  const result = await transaction(async (tx) => {
    const locked = await tx
      .select({ id: orders.id, number: orders.number, status: orders.status, fulfilledAt: orders.fulfilledAt, createdAt: orders.createdAt })
      .from(orders)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id))
      .for("update");
    const done: BulkFulfilResult = { fulfilled: [], skipped: ids.filter((id) => !locked.some((o) => o.id === id)).map((id) => ({ id, number: "", reason: "This order no longer exists." })) };
    for (const order of locked.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
      const reason = fulfilRefusal(order);
      if (reason) {
        done.skipped.push({ id: order.id, number: order.number, reason });
        continue;
      }
      await markFulfilled(tx, order, shipment, admin);
      done.fulfilled.push({ id: order.id, number: order.number });
    }
    await recordAudit(tx, {
      actor: admin,
      action: "bulk_fulfil",
      entity: "order",
      entityId: null,
      data: { carrier, fulfilled: done.fulfilled.map((o) => o.id), skipped: done.skipped.map((o) => o.id) },
    });
    return done;
  });
  for (const o of result.fulfilled) await confirmShipment(o.id, shipment);
  return result;
}

/** At most this many packing slips in one printable document (a browser renders them all at once). */
export const MAX_PACKING_SLIPS = 100;

/** The selected orders that have something to pack (paid ones), as the order page reads them. */
export async function packingSlipOrders(f: AdminOrderFilter): Promise<AdminOrderDetail[]> {
  const ids = await selectedOrderIds(f);
  if (ids.length > MAX_PACKING_SLIPS) throw new BulkSelectionError(`Print at most ${MAX_PACKING_SLIPS} packing slips at a time: narrow the selection.`);
  const found: AdminOrderDetail[] = [];
  // One at a time: each read is the order page's (lines, refunds, events), and the pool is shared.
  for (const id of ids) {
    const order = await getAdminOrder(id);
    if (order?.paidAt) found.push(order);
  }
  return found;
}

