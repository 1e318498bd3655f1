import { timeZoneFromCookie } from "@core/admin-time";
import { orderListFilterOf, orderListRange } from "@core/order-list-filter";
import { countAbandonedCheckouts, listAdminOrders } from "./admin";

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
