import { timeZoneFromCookie } from "@core/admin-time";
import { orderListFilterOf, orderListRange } from "@core/order-list-filter";
import { bulkSelectionOf } from "@core/bulk-selection";
import { countAbandonedCheckouts, listAdminOrders } from "./admin";
import type { AdminOrderFilter } from "./filters";

/**
 * The back office's order list (/admin/orders): every filter is in the URL (`params`); the date range
 * means days in the admin's time zone (read from the request's cookie). One page of orders, the
 * abandoned checkouts' count for their tab, and the filter as read, for the form and the page links.
 */
export async function adminOrderListPage(params: URLSearchParams, cookie: string | null) {
  const filter = orderListFilterOf(params);
  const range = orderListRange(filter, timeZoneFromCookie(cookie));
  const [list, abandoned] = await Promise.all([listAdminOrders({ ...filter, ...range }), countAbandonedCheckouts()]);
  return { ...list, abandoned, filter };
}

/**
 * A bulk action's orders as a filter (core/bulk-selection.ts): the ids ticked on the page, or every
 * order the list's filter matches (read as the list reads it, time zone included). A refusal with the
 * reason when the selection names nothing readable.
 */
export function orderSelectionFilter(params: URLSearchParams, cookie: string | null): { ok: true; filter: AdminOrderFilter } | { ok: false; message: string } {
  const read = bulkSelectionOf(params);
  if (!read.ok) return read;
  if (!read.selection.all) return { ok: true, filter: { ids: read.selection.ids } };
  const { page: _, ...filter } = orderListFilterOf(params);
  return { ok: true, filter: { ...filter, ...orderListRange(filter, timeZoneFromCookie(cookie)) } };
}
