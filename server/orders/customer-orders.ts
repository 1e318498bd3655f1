import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { db, type Tx } from "../db/client";
import { orderItems, orders } from "./schema";
import { orderCoreView } from "./queries";
import { listReturns, returnEligibility } from "./returns";
import type { OrderStatus } from "@core/order-status";
import type { CustomerOrder, CustomerShipment } from "@core/order-view";
import { carrierName, trackingUrl } from "@core/carriers";

/** `totalCents` is in the order's own `currency` (lower case, "gbp"). */
export type AccountOrderRow = { id: string; number: string; createdAt: Date; status: OrderStatus; totalCents: number; currency: string; itemCount: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The customer's placed orders, newest first (number, date, status, total). A checkout that was never
 * paid (abandoned, cancelled at the payment page, replaced by a retry) is not an order they placed.
 */
export async function listOrdersForUser(userId: string): Promise<AccountOrderRow[]> {
  return db()
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      totalCents: orders.totalCents,
      currency: orders.currency,
      itemCount: db().$count(orderItems, eq(orderItems.orderId, orders.id)),
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), isNotNull(orders.paidAt)))
    .orderBy(desc(orders.createdAt))
    .limit(200);
}

/** An order as its customer sees it (core/order-view.ts, CustomerOrder). */
export type AccountOrder = CustomerOrder;

/** One of the customer's own orders; another customer's order (or no order) is null. */
export async function getOrderForUser(userId: string, orderId: string): Promise<AccountOrder | null> {
  if (!UUID.test(orderId)) return null;
  const [order] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ? customerOrderView(order) : null;
}

/**
 * A placed order as its customer sees it (the account's order page, and /orders/lookup for whoever
 * knows its number and email): lines, totals, address, payment, the shipment's tracking, returns.
 */
export async function customerOrderView(order: typeof orders.$inferSelect): Promise<AccountOrder> {
  const [core, returns] = await Promise.all([orderCoreView(order), listReturns(order.id)]);
  return {
    ...core,
    createdAt: order.createdAt,
    returns,
    returnWindow: returnEligibility(order),
    shipment: shipmentOf(order),
  };
}

/** What the customer may follow once the order left: the carrier and tracking staff gave when fulfilling. */
function shipmentOf(order: typeof orders.$inferSelect): CustomerShipment | null {
  if (!order.fulfilledAt) return null;
  return {
    shippedAt: order.fulfilledAt,
    carrier: carrierName(order.carrier),
    trackingNumber: order.trackingNumber,
    trackingUrl: trackingUrl(order.carrier, order.trackingNumber),
  };
}

/** What an anonymised order keeps in place of the customer's details. */
export const ANONYMISED = { name: "Deleted customer", text: "Removed" } as const;

/** A deleted customer's orders stay in the books, detached from the account and without personal details. */
export async function anonymiseCustomerOrders(tx: Tx, userId: string) {
  await tx
    .update(orders)
    .set({
      userId: null,
      name: ANONYMISED.name,
      email: sql`'deleted-' || left(${orders.id}::text, 8) || '@deleted.invalid'`,
      shipLine1: ANONYMISED.text,
      shipLine2: null,
      shipCity: ANONYMISED.text,
      shipPostalCode: ANONYMISED.text,
      // A US state stays, as the country does: sales tax is reported per state. Free text elsewhere goes.
      shipRegion: sql`case when ${orders.shipCountry} = 'US' then ${orders.shipRegion} end`,
      updatedAt: new Date(),
    })
    .where(eq(orders.userId, userId));
}

/** A guest's paid order now belongs to the account made for it. */
export async function attachOrderToUser(tx: Tx, orderId: string, userId: string) {
  await tx.update(orders).set({ userId, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** Takes a paid order's "save address" flag if it is still set: only one caller ever gets the row. */
export async function claimSaveAddress(tx: Tx, orderId: string) {
  const [order] = await tx
    .update(orders)
    .set({ saveAddress: false })
    .where(and(eq(orders.id, orderId), eq(orders.saveAddress, true), isNotNull(orders.paidAt)))
    .returning();
  return order ?? null;
}
