import { eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { orderDiscount } from "@server/discounts";
import { orderItems, orders } from "./schema";
import type { OrderDiscount, OrderPricingView, OrderShipping, OrderSummary } from "@core/order-view";

/**
 * An order's lines as every view shows them, the line total computed here once (the admin order page,
 * the account, the success page and the emails all read it).
 */
export async function orderLines(orderId: string): Promise<OrderSummary["lines"]> {
  // In code points ("C"), as orderSummaryFrom sorts: the database's own collation may put a mixed-case title elsewhere.
  const items = await db()
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(sql`${orderItems.title} collate "C"`, sql`${orderItems.variantName} collate "C"`);
  return items.map(lineView);
}

type ItemRow = Pick<typeof orderItems.$inferSelect, "id" | "title" | "variantName" | "unitPriceCents" | "quantity" | "refundedQuantity">;

function lineView(i: ItemRow): OrderSummary["lines"][number] {
  return {
    id: i.id,
    title: i.title,
    variantName: i.variantName,
    unitPriceCents: i.unitPriceCents,
    quantity: i.quantity,
    refundedQuantity: i.refundedQuantity,
    lineTotalCents: i.unitPriceCents * i.quantity,
  };
}

type DiscountRow = { code: string; label: string; amountMinor: number; freeShipping: boolean };

const discountView = (d: DiscountRow | null): OrderDiscount | null =>
  d && { code: d.code, label: d.label, amountCents: d.amountMinor, freeShipping: d.freeShipping };

/** The discount code an order was given, as the views show it (null: none). */
export async function orderDiscountView(orderId: string): Promise<OrderDiscount | null> {
  return discountView(await orderDiscount(orderId));
}

/** Where the order goes, as every view shows it. */
export function orderShipping(order: typeof orders.$inferSelect): OrderShipping {
  return { line1: order.shipLine1, line2: order.shipLine2, city: order.shipCity, region: order.shipRegion, postalCode: order.shipPostalCode, country: order.shipCountry };
}

/** The order's method, delivery estimate and tax lines, as every view shows them. */
export function orderPricingView(order: typeof orders.$inferSelect): OrderPricingView {
  return {
    shippingMethod: order.shippingMethodName,
    delivery: order.deliveryFrom && order.deliveryTo ? { from: order.deliveryFrom, to: order.deliveryTo } : null,
    taxLines: order.taxLines,
  };
}

/**
 * What every view of one order shows (the customer's account page, the back office): who, where,
 * the lines and the money. Each view adds its own fields.
 */
export async function orderCoreView(order: typeof orders.$inferSelect) {
  const [lines, discount] = await Promise.all([orderLines(order.id), orderDiscountView(order.id)]);
  return coreView(order, lines, discount);
}

function coreView(order: typeof orders.$inferSelect, lines: OrderSummary["lines"], discount: OrderDiscount | null) {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    name: order.name,
    shipping: orderShipping(order),
    lines,
    subtotalCents: order.subtotalCents,
    discount,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    currency: order.currency,
    ...orderPricingView(order),
    paymentBrand: order.paymentBrand,
    paymentLast4: order.paymentLast4,
    customerNote: order.customerNote,
  };
}

async function summarise(order: typeof orders.$inferSelect): Promise<OrderSummary> {
  const [lines, discount] = await Promise.all([orderLines(order.id), orderDiscountView(order.id)]);
  return summaryOf(order, lines, discount);
}

/**
 * The summary of an order from rows a transaction already holds (the payment's: the order as it
 * wrote it, its items, its discount), so the confirmation email does not read them again.
 */
export function orderSummaryFrom(order: typeof orders.$inferSelect, items: ItemRow[], discount: DiscountRow | null): OrderSummary {
  const lines = [...items].sort((a, b) => compareText(a.title, b.title) || compareText(a.variantName, b.variantName)).map(lineView);
  return summaryOf(order, lines, discountView(discount));
}

/** orderLines' order (title, then colour), in code points like its `collate "C"`. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function summaryOf(order: typeof orders.$inferSelect, lines: OrderSummary["lines"], discount: OrderDiscount | null): OrderSummary {
  return {
    ...coreView(order, lines, discount),
    cancelReason: order.cancelReason,
    paymentProvider: order.paymentProvider,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    invoiceNumber: order.invoiceNumber,
    fulfilledAt: order.fulfilledAt?.toISOString() ?? null,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    createAccount: order.createAccount,
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
