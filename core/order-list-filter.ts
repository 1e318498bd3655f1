import { z } from "zod";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./order-status";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, type FulfilmentStatus, type PaymentStatus } from "./order-workspace";
import { calendarDaySchema, nextDay, zonedDayStart } from "./admin-time";
import { listQuery } from "./list-query";
import { CARRIER_IDS } from "./carriers";

/**
 * The orders list's filters as they travel in the URL (?q=&status=&payment=&fulfilment=&from=&to=&page=),
 * shared by the list, its page links and the CSV export, so an export is exactly what the list shows.
 * Anything unreadable is dropped rather than refused: a stale bookmark still opens the list.
 */

/** Pending checkouts are not orders (Abandoned checkouts), so the list does not offer the status. */
export const LIST_STATUSES = (Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).filter((s) => s !== "pending") as [OrderStatus, ...OrderStatus[]];
export const PAYMENT_FILTERS = Object.keys(PAYMENT_STATUS_LABELS) as [PaymentStatus, ...PaymentStatus[]];
export const FULFILMENT_FILTERS = Object.keys(FULFILMENT_STATUS_LABELS) as [FulfilmentStatus, ...FulfilmentStatus[]];

const day = calendarDaySchema;

export const orderListFilterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(LIST_STATUSES).optional().catch(undefined),
  payment: z.enum(PAYMENT_FILTERS).optional().catch(undefined),
  fulfilment: z.enum(FULFILMENT_FILTERS).optional().catch(undefined),
  /** Calendar days in the admin's time zone, both included. */
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

export type OrderListFilter = z.infer<typeof orderListFilterSchema>;

const KEYS = ["q", "status", "payment", "fulfilment", "from", "to", "page"] as const;

export function orderListFilterOf(params: URLSearchParams): OrderListFilter {
  return orderListFilterSchema.parse(Object.fromEntries(KEYS.map((k) => [k, params.get(k) || undefined])));
}

/** The filter as a query string ("?q=ada&payment=paid"), with `page` replaced or left out. */
export const orderListQuery = (f: OrderListFilter, page?: number): string => listQuery(f, page);

export const hasOrderListFilter = (f: OrderListFilter) => Boolean(f.q || f.status || f.payment || f.fulfilment || f.from || f.to);

/** The date range as instants: from the start of `from` to the end of `to`, in the admin's zone. */
export function orderListRange(f: OrderListFilter, timeZone: string): { since?: Date; until?: Date } {
  return {
    since: f.from ? zonedDayStart(f.from, timeZone) : undefined,
    until: f.to ? zonedDayStart(nextDay(f.to), timeZone) : undefined,
  };
}

/** The list's bulk fulfil: one carrier (or none given) for every selected order; the selection beside it (core/bulk-selection.ts). */
export const bulkFulfilSchema = z.object({
  intent: z.literal("bulk-fulfil"),
  carrier: z
    .enum(CARRIER_IDS, { message: "Choose a carrier from the list." })
    .nullable()
    .or(z.literal("").transform(() => null)),
});

/** The list's answer to a bulk fulfil: what shipped and what was skipped, with the order page's reason. */
export type BulkFulfilAnswer =
  | { ok: true; intent: "bulk-fulfil"; fulfilled: { id: string; number: string }[]; skipped: { id: string; number: string; reason: string }[] }
  | { ok: false; message: string };
