import { and, isNotNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { orderItems, orders } from "./schema";

/**
 * Units sold per product, for the storefront's "Best selling" order: items of paid orders (a paid
 * order decrements stock, which announces a catalogue change, so a cached ranking is refreshed).
 */
export async function unitsSoldByProduct(): Promise<Map<string, number>> {
  const rows = await db()
    .select({ productId: orderItems.productId, units: sql<number>`sum(${orderItems.quantity} - ${orderItems.refundedQuantity})::int` })
    .from(orderItems)
    .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
    .where(and(isNotNull(orders.paidAt), isNotNull(orderItems.productId)))
    .groupBy(orderItems.productId);
  return new Map(rows.map((r) => [r.productId!, Number(r.units)]));
}
