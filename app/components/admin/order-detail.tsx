import type { AdminOrderDetail } from "@core/order-view";
import { orderTotals } from "@core/order-totals";
import { OrderLinesTable, OrderTotals } from "~/components/order/order-lines";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { useAdminDate } from "~/lib/use-admin-date";
import { AddressLines } from "~/components/order/address-lines";
import { providerName } from "@core/order-workspace";

/** Why a cancelled order was cancelled (the panel beside the list and the order page both say it). */
export function CancelReason({ order, className }: { order: Pick<AdminOrderDetail, "status" | "cancelReason">; className: string }) {
  if (order.status !== "cancelled" || !order.cancelReason) return null;
  return (
    <p className={`${className} rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm`}>
      <strong>Cancelled:</strong> {order.cancelReason}
    </p>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-gray-600">{title}</h3>
      <div className="mt-2 text-sm">{children}</div>
    </section>
  );
}

/**
 * An order as staff see it, in the dialog of /admin/orders and on /admin/orders/:id. Payment shows the
 * brand and last 4 the provider reported, and nothing else: the shop never has card data (DESIGN.md 7).
 */
export function OrderDetail({ order }: { order: AdminOrderDetail }) {
  const date = useAdminDate();
  const s = order.shipping;
  const card = order.paymentBrand && order.paymentLast4 ? `${order.paymentBrand.toUpperCase()} ending ${order.paymentLast4}` : null;
  return (
    <div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
        <OrderStatusBadge status={order.status} />
        <span>
          Order ID <span className="font-mono">{order.id.slice(0, 8)}</span> · placed <time dateTime={order.createdAt}>{date(order.createdAt)}</time>
        </span>
      </p>
      {order.status === "payment_failed" ? (
        <p className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          <strong>Payment was unsuccessful</strong> - This order was recorded but the payment transaction failed.
        </p>
      ) : null}
      <CancelReason order={order} className="mt-4" />

      <div className="grid gap-x-8 sm:grid-cols-2">
        <Section title="Customer">
          <p className="font-medium">{order.name}</p>
          <p>
            <a href={`mailto:${order.email}`} className="break-all text-brand-700 underline">
              {order.email}
            </a>
          </p>
        </Section>
        <Section title="Shipping address">
          <AddressLines address={s} />
        </Section>
      </div>

      <Section title="Items">
        {order.lines.length === 0 ? (
          <p className="text-gray-700">No items found for this order</p>
        ) : (
          <OrderLinesTable lines={order.lines} currency={order.currency} caption={`Items in order ${order.number}`} compact />
        )}
        <OrderTotals totals={orderTotals(order)} className="ml-auto mt-3 max-w-64" />
      </Section>

      <Section title="Payment">
        <p>{providerName(order.paymentProvider)}</p>
        <p>{card ?? "No card reported"}</p>
        {order.paidAt ? (
          <p className="text-gray-700">
            Paid <time dateTime={order.paidAt}>{date(order.paidAt)}</time>
          </p>
        ) : null}
      </Section>

      <Section title="Status history">
        <ol className="space-y-2">
          {order.history.map((h) => (
            <li key={h.id} className="border-l-2 border-gray-200 pl-3">
              <p>
                {h.to ? (
                  <span className="font-medium">
                    {h.from ? `${ORDER_STATUS_LABELS[h.from] ?? h.from} → ` : ""}
                    {ORDER_STATUS_LABELS[h.to] ?? h.to}
                  </span>
                ) : (
                  <span className="font-medium">{h.type.replace(/_/g, " ")}</span>
                )}{" "}
                <span className="text-gray-700">by {h.by}</span>
              </p>
              <p className="text-xs text-gray-600">
                <time dateTime={h.at}>{date(h.at)}</time>{h.note ? ` · ${h.note}` : ""}
              </p>
            </li>
          ))}
        </ol>
      </Section>
    </div>
  );
}
