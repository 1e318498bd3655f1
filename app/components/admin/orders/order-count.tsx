import { hasOrderListFilter, type OrderListFilter } from "@core/order-list-filter";

/** How many orders the list holds (or match its filters), announced as it changes. */
export function OrderCount({ total, filter, near }: { total: number; filter: OrderListFilter; near?: boolean }) {
  return (
    <p className="mt-4 text-sm text-gray-700" aria-live="polite" data-testid="order-count">
      {total.toLocaleString("en-US")} {total === 1 ? "order" : "orders"}
      {hasOrderListFilter(filter) ? (total === 1 ? " matches" : " match") : ""}
      {near ? <span data-testid="near-matches"> closely: none has “{filter.q}” as typed</span> : null}
      <span className="text-gray-600"> · paid, refunded, cancelled after payment or failed payment; abandoned checkouts are listed apart</span>
    </p>
  );
}
