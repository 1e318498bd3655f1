import { requireAdmin } from "@server/auth";
import { searchParamsOf } from "@server/http/form";
import { csvDownload } from "@server/http/csv";
import { auditExport } from "@server/audit";
import { orderCsvChunks, orderSelectionFilter } from "@server/orders";
import { data } from "react-router";
import { timeZoneFromCookie } from "@core/admin-time";
import { orderListFilterOf, orderListRange } from "@core/order-list-filter";
import type { Route } from "./+types/orders-export";

/**
 * GET /admin/orders/export?…the list's filters…: the orders list as CSV for the accountant, streamed
 * (server/orders/export.ts), dates in the admin's time zone. With ?ids=… (the list's bulk selection)
 * only those orders.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, "orders:view");
  const params = searchParamsOf(request);
  const timeZone = timeZoneFromCookie(request.headers.get("Cookie"));
  if (params.has("ids")) {
    const selected = orderSelectionFilter(params, request.headers.get("Cookie"));
    if (!selected.ok) return data({ ok: false, message: selected.message }, { status: 400 });
    await auditExport(admin, "orders", { ids: selected.filter.ids, timeZone });
    return csvDownload("orders", orderCsvChunks(selected.filter, timeZone));
  }
  const filter = orderListFilterOf(params);
  const { page: _, ...shown } = filter;
  await auditExport(admin, "orders", { ...shown, timeZone });
  return csvDownload("orders", orderCsvChunks({ ...shown, ...orderListRange(filter, timeZone) }, timeZone));
}
