import { data } from "react-router";
import { requireAdmin, requirePermission } from "@server/auth";
import { adminOrderListPage, bulkFulfil, changeOrderStatus, orderSelectionFilter } from "@server/orders";
import type { Actor } from "@server/audit";
import { readForm, searchParamsOf } from "@server/http/form";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { bulkFulfilSchema, orderListQuery } from "@core/order-list-filter";
import { statusChangeSchema } from "@core/order-transitions";
import { statusChangePermission } from "@core/order-workspace";
import { AdminErrorBoundary } from "~/components/admin/error-panel";
import { OrdersTabs } from "~/components/admin/orders-tabs";
import { Pager } from "~/components/admin/pager";
import { ListTools } from "~/components/admin/orders/list-tools";
import { OrderCount } from "~/components/admin/orders/order-count";
import { OrderDetailDialog, useOrderDetail } from "~/components/admin/orders/order-detail-dialog";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrdersTable } from "~/components/admin/orders/orders-table";
import { BulkOrderActions } from "~/components/admin/orders/bulk-actions";
import { useSelection } from "~/lib/use-selection";
import { StatusConfirmations, useStatusChange } from "~/components/admin/orders/status-change";
import { useLiveOrders } from "~/components/admin/orders/use-live-orders";
import { adminMeta } from "~/lib/admin";
import type { Route } from "./+types/orders";

/**
 * The back office's order list (/admin/orders): the page is composed of its parts in
 * components/admin/orders/; what it lists is server/orders' adminOrderListPage.
 */

export const meta: Route.MetaFunction = () => adminMeta("Orders");

/** Every filter is in the URL; the date range means days in the admin's time zone. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "orders:view");
  return data(await adminOrderListPage(searchParamsOf(request), request.headers.get("Cookie")));
}

/**
 * A row's status change ("Fulfil orders"; cancelling, which refunds what was paid, "Refund orders"),
 * or a bulk fulfil of the selection named in the URL (core/bulk-selection.ts; "Fulfil orders").
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "orders:view");
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === "bulk-fulfil") {
    requirePermission(admin, "orders:fulfil");
    return bulkFulfilAction(request, form, admin);
  }
  const parsed = statusChangeSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error);
  requirePermission(admin, statusChangePermission(parsed.data.status));
  try {
    await changeOrderStatus(parsed.data.id, parsed.data.status, admin);
  } catch (err) {
    return domainErrorResponse(err);
  }
  return data({ ok: true as const, id: parsed.data.id, status: parsed.data.status });
}

async function bulkFulfilAction(request: Request, form: Record<string, unknown>, admin: Actor) {
  const parsed = bulkFulfilSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error);
  const selected = orderSelectionFilter(searchParamsOf(request), request.headers.get("Cookie"));
  if (!selected.ok) return data({ ok: false as const, message: selected.message }, { status: 400 });
  try {
    const result = await bulkFulfil(selected.filter, parsed.data.carrier, admin);
    return data({ ok: true as const, intent: "bulk-fulfil" as const, ...result });
  } catch (err) {
    return domainErrorResponse(err);
  }
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filter, abandoned, near } = loaderData;
  const detail = useOrderDetail();
  const status = useStatusChange();
  const selection = useSelection(
    orderListQuery(filter, page),
    rows.map((r) => r.id),
    total,
  );
  useLiveOrders(detail.changed);

  return (
    <div className="mx-auto max-w-6xl">
      <OrdersTabs current="orders" abandoned={abandoned} />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <OrderFilters filter={filter} />
        <ListTools filter={filter} />
      </div>

      <OrderCount total={total} filter={filter} near={near} />

      {rows.length > 0 ? <BulkOrderActions selection={selection} total={total} filter={filter} /> : null}

      <OrdersTable rows={rows} page={page} pageCount={pageCount} selection={selection} onOpenDetail={detail.open} onSetStatus={status.setStatus} />

      <Pager page={page} pageCount={pageCount} href={(p) => orderListQuery(filter, p) || "?"} label="Order pages" />

      <OrderDetailDialog detail={detail} />

      <StatusConfirmations change={status} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary title="Error loading orders" message="Failed to load orders. Please try again." />;
}
