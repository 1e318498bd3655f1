import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { orders } from "@server/orders/schema";

/**
 * An order amount in US cents, converted back with the rate the order was priced at (never today's
 * rate), so reports add orders of every currency up in one figure (docs/pricing.md).
 */
export function usdCents(amount: AnyColumn | SQL = orders.totalCents): SQL<number> {
  return sql<number>`round(${amount}::numeric * 1000000 / ${orders.rateMicros})`;
}
