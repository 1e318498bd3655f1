import { asc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { orderDiscount } from "../discounts/uses";
import { orderItems, orders } from "./schema";
import type { OrderSummary } from "~/lib/order-view";

async function summarise(order: typeof orders.$inferSelect): Promise<OrderSummary> {
  const [items, discount] = await Promise.all([
    db().select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.title), asc(orderItems.variantName)),
    orderDiscount(order.id),
  ]);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    cancelReason: order.cancelReason,
    email: order.email,
    name: order.name,
    shipping: {
      line1: order.shipLine1,
      line2: order.shipLine2,
      city: order.shipCity,
      postalCode: order.shipPostalCode,
      country: order.shipCountry,
    },
    lines: items.map((i) => ({
      id: i.id,
      title: i.title,
      variantName: i.variantName,
      unitPriceCents: i.unitPriceCents,
      quantity: i.quantity,
      refundedQuantity: i.refundedQuantity,
      lineTotalCents: i.unitPriceCents * i.quantity,
    })),
    subtotalCents: order.subtotalCents,
    discount: discount && { code: discount.code, label: discount.label, amountCents: discount.amountMinor, freeShipping: discount.freeShipping },
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    currency: order.currency,
    paymentProvider: order.paymentProvider,
    paymentBrand: order.paymentBrand,
    paymentLast4: order.paymentLast4,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    fulfilledAt: order.fulfilledAt?.toISOString() ?? null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
  };
}

export async function getOrderSummary(orderId: string): Promise<OrderSummary | null> {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  return order ? summarise(order) : null;
}

/** The order a payment session belongs to (the return page knows only the session id). */
export async function getOrderBySession(sessionId: string): Promise<OrderSummary | null> {
  const [order] = await db().select().from(orders).where(eq(orders.providerSessionId, sessionId));
  return order ? summarise(order) : null;
}
