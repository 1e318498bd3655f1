import { asc, eq } from "drizzle-orm";
import { transaction, type Tx } from "../db/client";
import { startPeriodicJob, type StopJob } from "../jobs";
import { log } from "../log";
import { chargesFromTotals, type OrderCharges } from "@server/pricing";
import { orderItems, orders, type OrderTaxLine } from "./schema";

/**
 * Each order line's charges as stored at checkout (server/pricing/charges.ts): what refunds, credit
 * notes and reports count from. Orders placed before lines kept them are allocated once from their
 * stored totals by a background job.
 */

/** Whether the order's prices include its tax: its tax lines say so (an order without any: added, at 0). */
export function taxIncludedIn(taxLines: readonly OrderTaxLine[]): boolean {
  return taxLines.length > 0 && taxLines.every((t) => t.included);
}

/** The order's charges for the pricing core's refund functions, its lines in `items`' order. */
export function chargesOf(
  order: { shippingCents: number; shippingTaxCents: number; taxLines: readonly OrderTaxLine[] },
  items: readonly { quantity: number; unitPriceCents: number; discountCents: number; taxCents: number }[],
): OrderCharges {
  return {
    lines: items.map((i) => ({ quantity: i.quantity, lineTotalMinor: i.unitPriceCents * i.quantity, discountMinor: i.discountCents, taxMinor: i.taxCents })),
    shippingMinor: order.shippingCents,
    shippingTaxMinor: order.shippingTaxCents,
    taxIncluded: taxIncludedIn(order.taxLines),
  };
}

type StoredOrder = Pick<typeof orders.$inferSelect, "id" | "subtotalCents" | "shippingCents" | "totalCents" | "taxLines">;

const storedColumns = { id: orders.id, subtotalCents: orders.subtotalCents, shippingCents: orders.shippingCents, totalCents: orders.totalCents, taxLines: orders.taxLines };

/** Allocates one older order (locked by the caller) from its stored totals. */
export async function allocateFromTotals(tx: Tx, order: StoredOrder): Promise<void> {
  const lines = await tx
    .select({ id: orderItems.id, quantity: orderItems.quantity, unitPriceMinor: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  const charges = chargesFromTotals({
    lines,
    subtotalMinor: order.subtotalCents,
    shippingMinor: order.shippingCents,
    totalMinor: order.totalCents,
    taxLines: order.taxLines.map((t) => ({ rateBps: t.rateBps, amountMinor: t.amountCents, included: t.included })),
  });
  for (const [i, line] of lines.entries()) {
    await tx.update(orderItems).set({ discountCents: charges.lines[i].discountMinor, taxCents: charges.lines[i].taxMinor }).where(eq(orderItems.id, line.id));
  }
  await tx.update(orders).set({ shippingTaxCents: charges.shippingTaxMinor, chargesAllocated: true }).where(eq(orders.id, order.id));
}

const BATCH = 200;

/**
 * Allocates orders placed before lines kept their charges (migration 0024), a batch per transaction,
 * until none is left or `stopping()` says the process is shutting down; returns how many.
 */
export async function allocateOlderOrders(stopping: () => boolean = () => false): Promise<number> {
  let total = 0;
  while (!stopping()) {
    // Several instances starting at once each take other rows.
    const n = await transaction(async (tx) => {
      const batch = await tx.select(storedColumns).from(orders).where(eq(orders.chargesAllocated, false)).limit(BATCH).for("update", { skipLocked: true });
      for (const order of batch) await allocateFromTotals(tx, order);
      return batch.length;
    });
    total += n;
    if (n < BATCH) break;
  }
  return total;
}

/**
 * The allocation as a job: at start and every ten minutes after (an instance of an older release
 * still taking orders during a rolling deploy leaves lines without charges). Start-up never waits on
 * it: a shop with 100,000 older orders took minutes. Until an order is allocated, its refund
 * allocates it first (refunds.ts); reports count it gross.
 */
export function startOlderOrderAllocation(): StopJob {
  let stopping = false;
  const stop = startPeriodicJob(
    "order charge allocation",
    10 * 60_000,
    async () => {
      const n = await allocateOlderOrders(() => stopping);
      if (n > 0) log.info({ orders: n }, "order lines allocated their discount and tax from the stored totals");
    },
    { immediately: true },
  );
  return async () => {
    stopping = true;
    await stop();
  };
}
