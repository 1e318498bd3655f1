import { and, asc, eq, gte, isNotNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { addDays, zonedDayStart } from "@core/admin-time";
import type { LowStockRow, SalesDay, SalesRange, SalesReport, SalesTotals } from "@core/sales-range";
import { db } from "../db/client";
import { productVariants, products } from "../catalog/schema";
import { heldUnits } from "@server/inventory";
import { orderItems, orderRefunds, orders } from "../orders/schema";
import { usdCents } from "@server/pricing";

/**
 * The dashboard's sales figures for a range of the admin's calendar days, against the same number
 * of days just before. Everything is in US cents: each amount converted back with the exchange rate
 * stored on its order (units of the order's currency per USD, docs/pricing.md), so a GBP order
 * counts at the rate it was charged at, not today's.
 *
 * - Sales and orders: orders that took a payment (`paid_at` set), on the day they were placed (the
 *   orders list's date), cancelled ones included: what was refunded on them counts as refunds.
 * - Refunds: refunds not failed (pending ones are money promised), on the day they were made.
 * Days are the admin's zone's calendar days, counted by the database (`at time zone`).
 */

const TOP_ROWS = 5;
const LOW_STOCK_ROWS = 8;

/** An amount of the order's currency in US cents at its stored rate (`usdCents`), parenthesised for products. */
const usd = (minor: SQL) => usdCents(sql`(${minor})`);

const dayOf = (at: SQL | typeof orders.createdAt, tz: string) =>
  sql<string>`to_char(${at} at time zone ${tz}, 'YYYY-MM-DD')`;

const paidOrder = () => isNotNull(orders.paidAt);

type Bounds = { tz: string; previousStart: Date; start: Date; end: Date };

/** Paid orders and their sales per day over both periods, with the currencies seen. */
function salesByDay({ tz, previousStart, end }: Bounds) {
  return db()
    .select({
      day: dayOf(orders.createdAt, tz),
      orders: sql<number>`count(*)`.mapWith(Number),
      salesCents: sql<number>`coalesce(sum(${usd(sql`${orders.totalCents}`)}), 0)`.mapWith(Number),
      currencies: sql<string[]>`array_agg(distinct upper(${orders.currency}))`,
    })
    .from(orders)
    .where(and(paidOrder(), gte(orders.createdAt, previousStart), lt(orders.createdAt, end)))
    .groupBy(sql`1`);
}

/** Refunds per day over both periods, in US cents at their order's rate. */
function refundsByDay({ tz, previousStart, end }: Bounds) {
  return db()
    .select({
      day: dayOf(sql`${orderRefunds.createdAt}`, tz),
      refundsCents: sql<number>`coalesce(sum(${usd(sql`${orderRefunds.amountCents}`)}), 0)`.mapWith(Number),
      currencies: sql<string[]>`array_agg(distinct upper(${orders.currency}))`,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(and(ne(orderRefunds.status, "failed"), gte(orderRefunds.createdAt, previousStart), lt(orderRefunds.createdAt, end)))
    .groupBy(sql`1`);
}

/**
 * What each line kept, in its order's currency: what it was charged (its discount share taken off,
 * its tax added where tax is added on top: server/pricing/charges.ts) less what refunds not failed
 * gave back for its units (`order_refunds.lines[].amountCents`).
 */
const lineRefunded = sql`coalesce((
  select sum((l->>'amountCents')::bigint)
  from ${orderRefunds} r, jsonb_array_elements(r.lines) l
  where r.order_id = ${orderItems.orderId} and r.status <> 'failed' and l->>'itemId' = ${orderItems.id}::text
), 0)`;
const lineKept = sql`${orderItems.unitPriceCents} * ${orderItems.quantity} - ${orderItems.discountCents}
  + case when exists (select 1 from jsonb_array_elements(${orders.taxLines}) t where (t->>'included')::boolean) then 0 else ${orderItems.taxCents} end
  - ${lineRefunded}`;

/**
 * Best sellers of the range, grouped by `key`: units sold and what their lines kept (net of the
 * discount and of refunds) at the order's rate, so the rows add up with the orders' totals less
 * shipping and refunds (docs/back-office.md, "Dashboard"). A product without colours is a colour
 * row of its own, named by the product.
 */
function topBy(key: "product" | "colour", { start, end }: Bounds) {
  // An item whose product was deleted keeps its title snapshot: group it by that title.
  const colour = sql`case when ${orderItems.variantName} = '' then ${orderItems.title} else ${orderItems.variantName} end`;
  const group = key === "product" ? sql`coalesce(${orderItems.productId}::text, ${orderItems.title})` : colour;
  return db()
    .select({
      name: key === "product" ? sql<string>`max(${orderItems.title})` : sql<string>`max(${colour})`,
      units: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
      salesCents: sql<number>`coalesce(sum(${usd(lineKept)}), 0)`.mapWith(Number),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(paidOrder(), gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .groupBy(group)
    .orderBy(sql`3 desc`, sql`1`)
    .limit(TOP_ROWS);
}

/**
 * Colours of published products with few units left to sell (stock less active reservations), the
 * fewest first: at or below their product's low-stock threshold, as the inventory page marks them.
 */
async function lowStock(): Promise<LowStockRow[]> {
  const held = heldUnits(db());
  const available = sql<number>`greatest(${productVariants.stock} - coalesce(${held.units}, 0), 0)::int`;
  const rows = await db()
    .select({ productId: products.id, product: products.title, colour: productVariants.name, available, threshold: products.lowStockThreshold })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(held, eq(held.variantId, productVariants.id))
    .where(and(eq(products.status, "published"), sql`${available} <= ${products.lowStockThreshold}`))
    .orderBy(asc(available), asc(products.title), asc(productVariants.position))
    .limit(LOW_STOCK_ROWS);
  return rows;
}

export async function salesReport(range: SalesRange, tz: string): Promise<SalesReport> {
  const bounds: Bounds = {
    tz,
    previousStart: zonedDayStart(range.previousFrom, tz),
    start: zonedDayStart(range.from, tz),
    end: zonedDayStart(addDays(range.to, 1), tz),
  };
  const [sales, refunds, topProducts, topColours, low] = await Promise.all([
    salesByDay(bounds),
    refundsByDay(bounds),
    topBy("product", bounds),
    topBy("colour", bounds),
    lowStock(),
  ]);

  const empty = (): SalesTotals => ({ salesCents: 0, orders: 0, refundsCents: 0 });
  const current = empty();
  const previous = empty();
  const byDay = new Map<string, SalesDay>();
  const converted = new Set<string>();
  const dayEntry = (day: string) => {
    let entry = byDay.get(day);
    if (!entry) byDay.set(day, (entry = { day, ...empty() }));
    return entry;
  };
  const totalsOf = (day: string) => (day >= range.from ? current : previous);
  for (const r of sales) {
    for (const t of [totalsOf(r.day), dayEntry(r.day)]) {
      t.salesCents += r.salesCents;
      t.orders += r.orders;
    }
    if (r.day >= range.from) r.currencies.forEach((c) => converted.add(c));
  }
  for (const r of refunds) {
    for (const t of [totalsOf(r.day), dayEntry(r.day)]) t.refundsCents += r.refundsCents;
    if (r.day >= range.from) r.currencies.forEach((c) => converted.add(c));
  }
  converted.delete("USD");

  const daily = Array.from({ length: range.days }, (_, i) => {
    const day = addDays(range.from, i);
    return byDay.get(day) ?? { day, ...empty() };
  });
  return { current, previous, daily, converted: [...converted].sort(), topProducts, topColours, lowStock: low };
}
