import { requireAdmin } from "@server/auth";
import { searchParamsOf } from "@server/http/form";
import { csvDownload } from "@server/http/csv";
import { auditExport } from "@server/audit";
import { orderCsvChunks } from "@server/orders";
import { timeZoneFromCookie } from "@core/admin-time";
import { orderListFilterOf, orderListRange } from "@core/order-list-filter";
import type { Route } from "./+types/orders-export";

/**
 * GET /admin/orders/export?…the list's filters…: the orders list as CSV for the accountant, streamed
 * (server/orders/export.ts), dates in the admin's time zone.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "orders");
  const filter = orderListFilterOf(searchParamsOf(request));
  const timeZone = timeZoneFromCookie(request.headers.get("Cookie"));
  const { page: _, ...shown } = filter;
  await auditExport(admin, "orders", { ...shown, timeZone });
  return csvDownload("orders", orderCsvChunks({ ...shown, ...orderListRange(filter, timeZone) }, timeZone));
}
