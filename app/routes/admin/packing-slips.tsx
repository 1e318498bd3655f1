import { data } from "react-router";
import { requireAdmin } from "@server/auth";
import { printedShopDetails } from "@server/content";
import { orderSelectionFilter, packingSlipOrders } from "@server/orders";
import { domainErrorResponse } from "@server/http/responses";
import { searchParamsOf } from "@server/http/form";
import { PrintActions, PrintedOrder, PrintPage } from "~/components/admin/order-print";
import { adminMeta } from "~/lib/admin";
import { timeZoneFromCookie } from "@core/admin-time";
import type { Route } from "./+types/packing-slips";

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? `Packing slips (${d.orders.length})` : "Packing slips");

/**
 * /admin/orders/packing-slips?ids=… or ?all=1&…filters…: the packing slips of the orders list's
 * selection as one document for paper, one order a sheet; orders not paid have nothing to pack and
 * are left out.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "orders:view");
  const selected = orderSelectionFilter(searchParamsOf(request), request.headers.get("Cookie"));
  if (!selected.ok) throw data({ ok: false, message: selected.message }, { status: 400 });
  try {
    const orders = await packingSlipOrders(selected.filter);
    return {
      orders,
      shop: await printedShopDetails(),
      timeZone: timeZoneFromCookie(request.headers.get("Cookie")),
    };
  } catch (err) {
    throw domainErrorResponse(err);
  }
}

export default function PackingSlips({ loaderData }: Route.ComponentProps) {
  const { orders, shop, timeZone } = loaderData;
  return (
    <PrintPage>
      <PrintActions backTo="/admin/orders" backLabel="Back to orders" />
      {orders.length === 0 ? <p>None of the selected orders has been paid: there is nothing to pack.</p> : null}
      {orders.map((order) => (
        <PrintedOrder key={order.id} kind="packing-slip" order={order} shop={shop} timeZone={timeZone} />
      ))}
    </PrintPage>
  );
}
