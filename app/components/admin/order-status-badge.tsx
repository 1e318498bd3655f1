import type { OrderStatus } from "@core/order-status";
import { ORDER_STATUS_LABELS } from "@core/order-status";

/** Colours of the order statuses (spec section 4: unknown ones stay neutral). */
const STYLES: Partial<Record<OrderStatus, string>> = {
  processing: "bg-blue-50 text-blue-800 ring-blue-600/30",
  completed: "bg-green-50 text-green-800 ring-green-600/30",
  cancelled: "bg-gray-100 text-gray-700 ring-gray-500/30",
  payment_failed: "bg-red-50 text-red-800 ring-red-600/30",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status] ?? "bg-amber-50 text-amber-900 ring-amber-600/30"}`}
    >
      {ORDER_STATUS_LABELS[status] ?? status}
    </span>
  );
}
