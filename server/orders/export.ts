import { and, asc, desc, sql, type SQL } from "drizzle-orm";
import { db, type Db } from "../db/client";
import { inFuzzyTier } from "../db/trigram";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, fulfilmentStatus, paymentStatus } from "@core/order-workspace";
import { inSearchTier, orderIdRef, refundedCentsOf, returnedOf, type AdminOrderFilter } from "./filters";
import { orderItems, orders } from "./schema";
import { csvChunks, csvDateFormatter, csvHeader, csvLine } from "../http/csv";
import { centsToDecimal } from "@core/money";

/**
 * The accountant's CSV of orders (issue 14): one row per order LINE of the orders the list shows with
 * the same filters, streamed. Orders are read in batches by keyset (created_at, id), never all at
 * once, with their lines in one more query per batch; each batch is encoded and handed to the response
 * before the next is asked for, so memory stays flat however many orders match (100,000 on
 * PostgreSQL: tests/system/orders-export.test.ts).
 *
 * Layout (as Shopify's order export, which accountants already import): the order's identity (number,
 * date, customer, email, statuses, currency) is repeated on every line, so a sorted or filtered sheet
 * still says whose line it is; the order's own amounts (subtotal, discount, shipping, tax, total,
 * refunded) are on its FIRST line only and empty on the others, so a column's sum is the shop's total
 * and never counts an order twice. An order without lines (none is placed so, but old data may hold
 * one) is one row with the line cells empty.
 */

/**
 * Orders per query of the orders export: 250, not EXPORT_BATCH. A batch's rows live until its last
 * line is sent, so every scavenge meanwhile promotes them to V8's old generation, which only a full
 * collection empties. On PGlite (each query's whole result is copied out of WebAssembly and parsed
 * in JavaScript: more scavenges per batch) three downloads of 100,000 orders grew the shop by 71 to
 * 109 MB with 1,000 orders a batch, 35 to 42 MB with 250 (59 with 100: per-query costs take over);
 * on PostgreSQL 250 and 1,000 measure alike (docs/back-office.md).
 */
export const ORDER_EXPORT_BATCH = 250;

export const exportHeader = (timeZone: string) => [
  ...["number", `date (${timeZone})`, "customer", "email", "status", "payment", "fulfilment", "currency"],
  ...["product", "colour", "quantity", "unit_price", "line_total", "refunded_units"],
  ...["subtotal", "discount", "shipping", "tax", "total", "refunded"],
];

type Line = { orderId: string; title: string; variantName: string; quantity: number; unitPriceCents: number; refundedQuantity: number };

/** The lines of a batch of orders, in the orders list's order (product, colour). */
async function linesOf(orderIds: string[]): Promise<Map<string, Line[]>> {
  const rows = await db()
    .select({
      orderId: orderItems.orderId,
      title: orderItems.title,
      variantName: orderItems.variantName,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      refundedQuantity: orderItems.refundedQuantity,
    })
    .from(orderItems)
    // One array parameter, not one per id: a batch may hold more ids than a statement takes parameters (65,535).
    .where(sql`${orderItems.orderId} = any(${`{${orderIds.join(",")}}`}::uuid[])`)
    .orderBy(asc(orderItems.title), asc(orderItems.variantName), asc(orderItems.id));
  const byOrder = new Map<string, Line[]>();
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  return byOrder;
}

const NO_LINE = ["", "", "", "", "", ""];

type Cursor = { at: string; id: string };

/** The next batch of orders, newest first, after the cursor (the previous batch's last row). */
function batchAfter(runner: Pick<Db, "select">, where: SQL | undefined, after: Cursor | null, batchSize: number) {
  return runner
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

type BatchRow = Awaited<ReturnType<typeof batchAfter>>[number];

/** A batch's CSV lines: one per order line, the order's amounts on its first (see the layout above). */
function* csvLinesOf(rows: BatchRow[], lines: Map<string, Line[]>, date: (d: Date) => string): Generator<string> {
  for (const o of rows) {
    const payment = paymentStatus({ status: o.status, paid: o.paidAt !== null, totalCents: o.totalCents, refundedCents: o.refundedCents });
    const fulfilment = fulfilmentStatus({ status: o.status, fulfilledAt: o.fulfilledAt?.toISOString() ?? null, returns: o.returned ? [{ status: "received" }] : [] });
    const order = [
      o.number,
      date(o.createdAt),
      o.name,
      o.email,
      ORDER_STATUS_LABELS[o.status] ?? o.status,
      PAYMENT_STATUS_LABELS[payment],
      FULFILMENT_STATUS_LABELS[fulfilment],
      o.currency.toUpperCase(),
    ];
    const amounts = [
      centsToDecimal(o.subtotalCents),
      centsToDecimal(o.discountCents),
      centsToDecimal(o.shippingCents),
      // The order's tax lines added up, included (VAT) or added (sales tax) alike.
      centsToDecimal(o.taxCents),
      centsToDecimal(o.totalCents),
      centsToDecimal(o.refundedCents),
    ];
    const cells = (lines.get(o.id) ?? []).map((l) => [l.title, l.variantName, String(l.quantity), centsToDecimal(l.unitPriceCents), centsToDecimal(l.unitPriceCents * l.quantity), String(l.refundedQuantity)]);
    for (const [i, line] of (cells.length > 0 ? cells : [NO_LINE]).entries()) yield csvLine([...order, ...line, ...(i === 0 ? amounts : amounts.map(() => ""))]);
  }
}

/**
 * The CSV's text: a header, then each batch's lines in chunks of about CSV_CHUNK_CHARS characters. A
 * UTF-8 byte order mark first, so spreadsheets read names right.
 */
export async function* orderCsvChunks(f: AdminOrderFilter, timeZone: string, batchSize = ORDER_EXPORT_BATCH): AsyncGenerator<string> {
  const date = csvDateFormatter(timeZone);
  yield csvHeader(exportHeader(timeZone));
  // The list's search tiers: the first batch tells whether the search found anything as typed; if not,
  // every batch reads near misses, each in its own short transaction (never one held for the download).
  const first = await inSearchTier(f, async (runner, where, tier) => ({ rows: await batchAfter(runner, where, null, batchSize), where, tier }), (b) => b.rows.length > 0);
  const { where, tier } = first;
  const next = (after: Cursor) => (tier === "near" ? inFuzzyTier((tx) => batchAfter(tx, where, after, batchSize)) : batchAfter(db(), where, after, batchSize));
  let rows = first.rows;
  for (;;) {
    if (rows.length === 0) return;
    const lines = await linesOf(rows.map((o) => o.id));
    // In chunks of a few dozen kilobytes, never the batch's text in one string (see csvChunks).
    yield* csvChunks(csvLinesOf(rows, lines, date));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    rows = await next({ at: last.at, id: last.id });
  }
}
