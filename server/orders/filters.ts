import { and, between, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { OrderStatus } from "@core/order-status";
import type { FulfilmentStatus, PaymentStatus } from "@core/order-workspace";
import { db } from "../db/client";
import { inFuzzyTier, trigramMatch, type TierRunner } from "../db/trigram";
import { orders } from "./schema";
import { foldForSearch } from "./search-text";
import { usdCents } from "@server/pricing";

/**
 * Which orders staff see, as SQL conditions shared by the orders list, the dashboard's counts and
 * the CSV export, so the three always count the same thing.
 */

/**
 * A checkout that never took money: still pending, or cancelled (expired, or by staff) without a
 * payment ever arriving. Not an order yet: it is listed under Abandoned checkouts. A payment that
 * failed stays an order (the spec's 'Payment Failed'), as does a payment refunded because the units
 * sold out meanwhile (payment_intent_id is set although paid_at is not).
 */
export const abandonedCheckout = (): SQL =>
  sql`(${orders.status} in ('pending', 'cancelled') and ${orders.paidAt} is null and ${orders.paymentIntentId} is null)`;

export const placedOrder = (): SQL => sql`not ${abandonedCheckout()}`;

/**
 * The order's id spelled with its table: inside a select list drizzle writes `${orders.id}` as a bare
 * "id", which a subquery would read as its own table's id.
 */
export const orderIdRef = sql.raw(`"orders"."id"`);

/** Refunds not failed (pending ones count: their money is promised). */
export const refundedCentsOf = (): SQL<number> =>
  sql<number>`(select coalesce(sum(r.amount_cents), 0) from order_refunds r where r.order_id = ${orderIdRef} and r.status <> 'failed')`.mapWith(Number);

/**
 * What an order brought in, in US cents: its total less its succeeded refunds, converted with the
 * exchange rate stored on the order (the dashboard's rule: the rate of the day it was placed, not
 * today's), so a customer's orders in pounds, euros and dollars add up (customer card, customers).
 */
export const keptUsdCentsOf = (): SQL =>
  usdCents(sql`(${orders.totalCents} - coalesce((select sum(r.amount_cents) from order_refunds r where r.order_id = ${orderIdRef} and r.status = 'succeeded'), 0))`);

/** A returned parcel arrived (return received or refunded): fulfilment reads Returned. */
export const returnedOf = (): SQL<boolean> =>
  sql<boolean>`exists (select 1 from return_requests rr where rr.order_id = ${orderIdRef} and rr.status in ('received', 'refunded'))`;

/** The same rules as paymentStatus() in core/order-workspace.ts, in SQL. */
function paymentCondition(p: PaymentStatus): SQL {
  const refunded = refundedCentsOf();
  switch (p) {
    case "unpaid":
      return sql`(${orders.paidAt} is null and ${orders.status} <> 'payment_failed')`;
    case "failed":
      return sql`(${orders.paidAt} is null and ${orders.status} = 'payment_failed')`;
    case "paid":
      return sql`(${orders.paidAt} is not null and ${refunded} = 0)`;
    case "partially_refunded":
      return sql`(${orders.paidAt} is not null and ${refunded} > 0 and ${refunded} < ${orders.totalCents})`;
    case "refunded":
      return sql`(${orders.paidAt} is not null and ${refunded} >= ${orders.totalCents} and ${orders.totalCents} > 0)`;
  }
}

/** The same rules as fulfilmentStatus() in core/order-workspace.ts, in SQL. */
function fulfilmentCondition(f: FulfilmentStatus): SQL {
  const shipped = sql`(${orders.fulfilledAt} is not null or ${orders.status} = 'completed')`;
  switch (f) {
    case "returned":
      return returnedOf();
    case "fulfilled":
      return sql`(${shipped} and not ${returnedOf()})`;
    case "unfulfilled":
      return sql`(not ${shipped} and not ${returnedOf()})`;
  }
}

/** Most words a search uses; the rest add nothing but cost. */
const MAX_TERMS = 8;

/**
 * The typed words, folded as orders.search_text is (accents off, lower case) and split on spaces
 * only, so "ada.lovelace@exa", "o'brien" and "PR-2603" are each matched as typed.
 */
export function orderSearchTerms(q: string): string[] {
  return [...new Set(foldForSearch(q).split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
}

/**
 * The id as staff see it: its first hex characters (four at least, so a short word that happens to be
 * hex, like "bead", rarely hits a random id). A uuid range, answered by the primary key index.
 */
function idPrefixRange(q: string): [string, string] | null {
  const hex = q.trim().toLowerCase().replaceAll("-", "");
  if (!/^[0-9a-f]{4,32}$/.test(hex)) return null;
  const uuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [uuid(hex.padEnd(32, "0")), uuid(hex.padEnd(32, "f"))];
}

/**
 * Which orders a search finds: every typed word is part of the order's search text (name, email,
 * number, product titles, colour names: orders.search_text, trigram-indexed), anywhere in it
 * ("velace" finds Lovelace, "urpl" Purple), or the whole query starts the order id. In the "near" tier
 * (asked only when nothing matched as typed: see inSearchTier) a word may also be a near miss
 * ("lovelance", "purpel"), as the shop's own search does (server/db/trigram.ts).
 */
export function searchCondition(q: string, tier: SearchTier = "exact"): SQL | undefined {
  const terms = orderSearchTerms(q);
  const range = idPrefixRange(q);
  const match = terms.length > 0 ? trigramMatch(sql`${orders.searchText}`, terms) : null;
  return or(match ? (tier === "exact" ? match.exact : match.fuzzy) : undefined, range ? between(orders.id, range[0], range[1]) : undefined);
}

/** "exact": every word as typed; "near": near misses too (under inFuzzyTier's threshold only). */
export type SearchTier = "exact" | "near";

/**
 * Runs `read` on the search as typed; when it finds nothing and a search was typed, runs it again on
 * near misses, in the transaction that sets their threshold (the runner passed to `read`). Staff who
 * type a customer's exact email see that customer only, never their near namesakes.
 */
export async function inSearchTier<T>(
  f: AdminOrderFilter,
  read: (runner: TierRunner, where: SQL | undefined, tier: SearchTier) => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
  const exact = await read(db(), adminOrderWhere(f), "exact");
  if (found(exact) || !f.q?.trim()) return exact;
  return inFuzzyTier((tx) => read(tx, adminOrderWhere(f, "near"), "near"));
}

export type AdminOrderFilter = {
  q?: string;
  status?: OrderStatus;
  payment?: PaymentStatus;
  fulfilment?: FulfilmentStatus;
  /** Placed at or after. */
  since?: Date;
  /** Placed before. */
  until?: Date;
  /** Only these orders (a bulk action's selection on the page). */
  ids?: string[];
  page?: number;
  pageSize?: number;
};

/** The orders list's WHERE: placed orders only, then the search and every filter. */
export function adminOrderWhere(f: AdminOrderFilter, tier: SearchTier = "exact"): SQL | undefined {
  const q = f.q?.trim().slice(0, 200);
  return and(
    placedOrder(),
    q ? searchCondition(q, tier) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.payment ? paymentCondition(f.payment) : undefined,
    f.fulfilment ? fulfilmentCondition(f.fulfilment) : undefined,
    f.since ? gte(orders.createdAt, f.since) : undefined,
    f.until ? lt(orders.createdAt, f.until) : undefined,
    f.ids ? inArray(orders.id, f.ids) : undefined,
  );
}
