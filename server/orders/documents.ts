import { and, eq, sql } from "drizzle-orm";
import { db, type Tx } from "../db/client";
import type { CreditNoteView } from "@core/order-view";
import { taxIncludedIn } from "./charges";
import { orderShipping } from "./queries";
import { documentCounters, orderItems, orderRefunds, orders } from "./schema";

/**
 * Invoice and credit-note numbers (docs/back-office.md, "Invoices and credit notes"): one sequence
 * per kind and calendar year (UTC), "INV-2026-000001", "CN-2026-000001". The number is taken in the
 * transaction that issues the document (the payment's, the refund's): the counter row stays locked
 * until it commits, so instances take turns, and a rollback gives the number back.
 */

const PREFIX = { invoice: "INV", "credit-note": "CN" } as const;

export async function nextDocumentNumber(tx: Tx, kind: keyof typeof PREFIX, at: Date): Promise<string> {
  const year = at.getUTCFullYear();
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.kind, documentCounters.year], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return `${PREFIX[kind]}-${year}-${String(row.last).padStart(6, "0")}`;
}

/** A refund's credit note, or null when the refund is not (yet) a succeeded one of this order. */
export async function getCreditNote(orderId: string, refundId: string): Promise<CreditNoteView | null> {
  const [row] = await db()
    .select({ refund: orderRefunds, order: orders })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(eq(orderRefunds.id, refundId), eq(orderRefunds.orderId, orderId)));
  if (!row?.refund.creditNoteNumber) return null;
  const { refund, order } = row;
  const items = await db().select({ id: orderItems.id, title: orderItems.title, variantName: orderItems.variantName }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const lines = refund.lines.map((l) => {
    const item = items.find((i) => i.id === l.itemId);
    return { title: item?.title ?? "Removed item", variantName: item?.variantName ?? "", quantity: l.quantity, amountCents: l.amountCents ?? 0, taxCents: l.taxCents ?? 0 };
  });
  const linesCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  return {
    number: refund.creditNoteNumber!,
    at: refund.createdAt.toISOString(),
    invoiceNumber: order.invoiceNumber,
    orderId: order.id,
    orderNumber: order.number,
    currency: order.currency.toUpperCase(),
    name: order.name,
    email: order.email,
    shipping: orderShipping(order),
    reason: refund.reason,
    lines,
    shippingCents: refund.shippingCents,
    otherCents: refund.amountCents - linesCents - refund.shippingCents,
    taxCents: refund.taxCents,
    taxIncluded: taxIncludedIn(order.taxLines),
    totalCents: refund.amountCents,
  };
}
