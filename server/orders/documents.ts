import { and, eq, sql, type Placeholder } from "drizzle-orm";
import { db, type Db, type Tx } from "../db/client";
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
  const { counter, number } = documentNumberTaken(tx, kind, at.getUTCFullYear());
  const [row] = await tx.with(counter).select({ number }).from(counter);
  return row.number;
}

/**
 * The next number taken inside the statement that stores it: `counter` is a CTE for that statement's
 * `with` and `from`, `number` its value ("INV-2026-000042"). One round trip fewer than
 * nextDocumentNumber, and the counter's row is locked by that statement, not one before it. `year`
 * (UTC) may be a prepared query's placeholder.
 */
export function documentNumberTaken(runner: Pick<Db, "$with" | "insert">, kind: keyof typeof PREFIX, year: number | Placeholder) {
  const counter = runner.$with("document_counter").as(
    runner
      .insert(documentCounters)
      .values({ kind, year, last: 1 })
      .onConflictDoUpdate({ target: [documentCounters.kind, documentCounters.year], set: { last: sql`${documentCounters.last} + 1` } })
      .returning({ last: documentCounters.last }),
  );
  const last = sql`${counter.last}::text`;
  // Six digits at least, never cut: the millionth document of a year is "INV-2026-1000000".
  const number = sql<string>`${`${PREFIX[kind]}-`}::text || ${year}::text || '-' || lpad(${last}, greatest(6, length(${last})), '0')`;
  return { counter, number };
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
