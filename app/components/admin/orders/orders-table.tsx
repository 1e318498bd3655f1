import { Link, useNavigate } from "react-router";
import { formatMoney } from "@core/money";
import type { AdminOrderStatus } from "@core/order-transitions";
import type { AdminOrderRow } from "@core/order-view";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, fulfilmentStatus, paymentStatus } from "@core/order-workspace";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { useAdminDate } from "~/lib/use-admin-date";
import { RowMenu } from "./row-menu";
import { RowCheckbox } from "~/components/admin/bulk-bar";
import type { Selection } from "~/lib/use-selection";

type RowActions = { selection: Selection; onOpenDetail: (id: string) => void; onSetStatus: (row: AdminOrderRow, status: AdminOrderStatus) => void };

/**
 * One page of orders, or "No orders found". Wide screens: a table. Phones: each row is a card (no
 * sideways scrolling, the customer always in view).
 */
export function OrdersTable({ rows, page, pageCount, ...actions }: { rows: AdminOrderRow[]; page: number; pageCount: number } & RowActions) {
  if (rows.length === 0) return <p className="mt-3 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-lg font-semibold">No orders found</p>;
  return (
    <div role="region" aria-label="Orders table" tabIndex={0} className="relative mt-3 rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:overflow-x-auto md:border md:border-gray-200 md:bg-white">
      <table className="block w-full text-left text-sm md:table md:min-w-[52rem]">
        <caption className="sr-only">
          Orders, newest first, page {page} of {pageCount}
        </caption>
        <thead className="bg-gray-50 text-xs uppercase text-gray-600 max-md:sr-only">
          <tr>
            <th scope="col" className="px-4 py-3">Order ID</th>
            <th scope="col" className="px-4 py-3">Customer</th>
            <th scope="col" className="px-4 py-3">Products</th>
            <th scope="col" className="px-4 py-3 text-right">Total</th>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-gray-100">
          {rows.map((o) => (
            <OrderRow key={o.id} order={o} {...actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrderRow({ order: o, selection, onOpenDetail, onSetStatus }: { order: AdminOrderRow } & RowActions) {
  const navigate = useNavigate();
  const date = useAdminDate();
  return (
    <tr
      data-testid="order-row"
      // The whole row opens the order for a mouse; the order's link is the keyboard's way in.
      onClick={(e) => {
        if (!(e.target as HTMLElement).closest("a, button, input, [role=menuitem]")) void navigate(`/admin/orders/${o.id}`);
      }}
      className="cursor-pointer hover:bg-gray-50 max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-xl max-md:border max-md:border-gray-200 max-md:bg-white max-md:p-4"
    >
      <td className="px-4 py-3 max-md:p-0 md:whitespace-nowrap">
        {/* The tick box sits with the order's link: a card's first line on phones, the first column on wide screens. */}
        <div className="flex items-center gap-3">
          <RowCheckbox selection={selection} id={o.id} label={`Select order ${o.number}`} />
          <Link to={`/admin/orders/${o.id}`} className="text-brand-700 underline">
            <span className="font-mono">{o.id.slice(0, 8)}</span>
            <span className="text-xs max-md:ml-2 md:block">{o.number}</span>
          </Link>
        </div>
      </td>
      <td className="px-4 py-3 max-md:col-span-2 max-md:p-0">
        <span className="font-medium">{o.name}</span>
        <span className="block break-all text-xs text-gray-600">{o.email}</span>
      </td>
      <td className="max-w-xs px-4 py-3 max-md:col-span-2 max-md:max-w-none max-md:p-0 max-md:text-gray-800">{o.products}</td>
      <td className="whitespace-nowrap px-4 py-3 text-right font-medium max-md:p-0 max-md:text-left md:font-normal">{formatMoney(o.totalCents, o.currency.toUpperCase())}</td>
      <td className="whitespace-nowrap px-4 py-3 max-md:col-span-2 max-md:row-start-5 max-md:p-0 max-md:text-xs max-md:text-gray-600">
        <time dateTime={o.createdAt}>{date(o.createdAt)}</time>
      </td>
      <td className="px-4 py-3 max-md:p-0 max-md:text-right">
        <OrderStatusBadge status={o.status} />
        <span className="mt-1 block whitespace-nowrap text-xs text-gray-700">
          {PAYMENT_STATUS_LABELS[paymentStatus({ status: o.status, paid: o.paid, totalCents: o.totalCents, refundedCents: o.refundedCents })]} ·{" "}
          {FULFILMENT_STATUS_LABELS[fulfilmentStatus({ status: o.status, fulfilledAt: o.fulfilledAt, returns: o.returned ? [{ status: "received" }] : [] })]}
        </span>
      </td>
      <td className="px-4 py-3 text-right max-md:col-start-2 max-md:row-start-1 max-md:-mr-2 max-md:-mt-2 max-md:p-0">
        <RowMenu order={o} onOpenDetail={onOpenDetail} onSetStatus={onSetStatus} />
      </td>
    </tr>
  );
}
