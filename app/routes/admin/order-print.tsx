import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { printedShopDetails } from "@server/content";
import { getAdminOrder } from "@server/orders";
import { OrderPrintDocument, printTitle, type PrintDocumentKind } from "~/components/admin/order-print";
import { adminMeta } from "~/lib/admin";
import { timeZoneFromCookie } from "@core/admin-time";
import type { Route } from "./+types/order-print";

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d ? printTitle(d.kind, d.order.number) : "Order not found");

/**
 * /admin/orders/:id/packing-slip and /admin/orders/:id/invoice: one order as a page for paper,
 * outside the back office's frame. Only a paid order has something to pack or invoice.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "orders:view");
  const kind: PrintDocumentKind = new URL(request.url).pathname.replace(/\.data$/, "").endsWith("/invoice") ? "invoice" : "packing-slip";
  const id = z.uuid().safeParse(params.id);
  const order = id.success ? await getAdminOrder(id.data) : null;
  if (!order) throw data({ ok: false, message: "This order no longer exists." }, { status: 404 });
  if (!order.paidAt) throw data({ ok: false, message: "This order has not been paid: there is nothing to pack or invoice." }, { status: 409 });
  return { kind, order, shop: await printedShopDetails(), timeZone: timeZoneFromCookie(request.headers.get("Cookie")) };
}

export default function OrderPrint({ loaderData }: Route.ComponentProps) {
  return <OrderPrintDocument {...loaderData} />;
}
