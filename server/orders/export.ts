import { and, desc, sql, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { ORDER_STATUS_LABELS } from "~/lib/order-status";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, fulfilmentStatus, paymentStatus } from "~/lib/order-workspace";
import { adminOrderWhere, orderIdRef, refundedCentsOf, returnedOf, type AdminOrderFilter } from "./filters";
import { orders } from "./schema";
import { csvDateFormatter, csvHeader, csvLine, decimal } from "../http/csv";

/**
 * The accountant's CSV of orders (issue 14): one row per order the orders list shows with the same
 * filters, streamed. Rows are read in batches by keyset (created_at, id), never all at once, and each
 * batch is encoded and handed to the response before the next is asked for, so memory stays flat
 * however many orders match (100,000 on PostgreSQL: tests/system/orders-export.test.ts).
 */

export const EXPORT_BATCH = 1000;

export const exportHeader = (timeZone: string) =>
  ["number", `date (${timeZone})`, "customer", "email", "status", "payment", "fulfilment", "currency", "subtotal", "discount", "shipping", "tax", "total", "refunded"];

type Cursor = { at: string; id: string };

/** The next batch of orders, newest first, after the cursor (the previous batch's last row). */
function batchAfter(where: SQL | undefined, after: Cursor | null, batchSize: number) {
  return db()
    .select({
      // The position as PostgreSQL prints it (microseconds kept): a JS Date would round it to milliseconds.
      at: sql<string>`${orders.createdAt}::text`,
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      name: orders.name,
      email: orders.email,
      status: orders.status,
      paidAt: orders.paidAt,
      fulfilledAt: orders.fulfilledAt,
      currency: orders.currency,
      subtotalCents: orders.subtotalCents,
      shippingCents: orders.shippingCents,
      totalCents: orders.totalCents,
      taxCents: sql<number>`coalesce((select sum((t->>'amountCents')::bigint) from jsonb_array_elements(${orders.taxLines}) t), 0)`.mapWith(Number),
      discountCents: sql<number>`coalesce((select du.amount_minor from discount_uses du where du.order_id = ${orderIdRef}), 0)`.mapWith(Number),
      refundedCents: refundedCentsOf(),
      returned: returnedOf(),
    })
    .from(orders)
    .where(and(where, after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(batchSize);
}

/** The CSV's text, a header then one chunk per batch. A UTF-8 byte order mark first, so spreadsheets read names right. */
export async function* orderCsvChunks(f: AdminOrderFilter, timeZone: string, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
  const date = csvDateFormatter(timeZone);
  yield csvHeader(exportHeader(timeZone));
  const where = adminOrderWhere(f);
  let after: Cursor | null = null;
  for (;;) {
    const rows = await batchAfter(where, after, batchSize);
    if (rows.length === 0) return;
    let chunk = "";
    for (const o of rows) {
      const payment = paymentStatus({ status: o.status, paid: o.paidAt !== null, totalCents: o.totalCents, refundedCents: o.refundedCents });
      const fulfilment = fulfilmentStatus({ status: o.status, fulfilledAt: o.fulfilledAt?.toISOString() ?? null, returns: o.returned ? [{ status: "received" }] : [] });
      chunk += csvLine([
        o.number,
        date(o.createdAt),
        o.name,
        o.email,
        ORDER_STATUS_LABELS[o.status] ?? o.status,
        PAYMENT_STATUS_LABELS[payment],
        FULFILMENT_STATUS_LABELS[fulfilment],
        o.currency.toUpperCase(),
        decimal(o.subtotalCents),
        decimal(o.discountCents),
        decimal(o.shippingCents),
        // The order's tax lines added up, included (VAT) or added (sales tax) alike.
        decimal(o.taxCents),
        decimal(o.totalCents),
        decimal(o.refundedCents),
      ]);
    }
    yield chunk;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { at: last.at, id: last.id };
  }
}
