import { Link } from "react-router";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { formatMoney } from "@core/money";
import type { OrderStatus } from "@core/order-status";

/**
 * One order in a short list (the dashboard's recent orders, a customer's orders): a link to it, a
 * line of details, then `aside` (a date, payment and fulfilment), the total and the status badge.
 */
export function OrderListItem({
  order,
  link,
  details,
  aside,
  testId,
}: {
  order: { id: string; totalCents: number; currency: string; status: OrderStatus };
  link: React.ReactNode;
  details: React.ReactNode;
  aside: React.ReactNode;
  testId?: string;
}) {
  return (
    <li data-testid={testId} className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">
          <Link to={`/admin/orders/${order.id}`} className="text-brand-700 underline">
            {link}
          </Link>
        </p>
        <p className="truncate text-sm text-gray-600">{details}</p>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-sm text-gray-600">{aside}</span>
        <span className="font-semibold tabular-nums">{formatMoney(order.totalCents, order.currency.toUpperCase())}</span>
        <OrderStatusBadge status={order.status} />
      </div>
    </li>
  );
}
