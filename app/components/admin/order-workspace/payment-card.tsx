import { Link } from "react-router";
import type { AdminOrderDetail } from "@core/order-view";
import { orderTotals, withRefunds } from "@core/order-totals";
import { providerName } from "@core/order-workspace";
import { Card } from "~/components/admin/card";
import { usePermission } from "~/lib/use-permission";
import { OrderTotals } from "~/components/order/order-lines";
import { useAdminDate } from "~/lib/use-admin-date";
import { ActionResult } from "./order-action";
import { orderMoney } from "./order-money";
import { RefundForm } from "./refund-form";

/**
 * Payment: the provider, card and currency, when it was paid, the totals with what was refunded, each
 * refund (with its credit note), and the refund form while anything is left to refund (`leftCents`)
 * and the member's role includes "Refund orders".
 */
export function PaymentCard({ order, leftCents }: { order: AdminOrderDetail; leftCents: number }) {
  const date = useAdminDate();
  const mayRefund = usePermission("orders:refund");
  const money = orderMoney(order);
  const card = order.paymentBrand && order.paymentLast4 ? `${order.paymentBrand.toUpperCase()} ending ${order.paymentLast4}` : null;
  return (
    <Card title="Payment" id="payment-title">
      <p>
        {providerName(order.paymentProvider)} · {card ?? "No card reported"} · {order.currency.toUpperCase()}
      </p>
      {order.paidAt ? (
        <p className="text-gray-700">
          Paid <time dateTime={order.paidAt}>{date(order.paidAt)}</time>
        </p>
      ) : null}
      <OrderTotals totals={withRefunds(orderTotals(order), order.refundedCents, order.totalCents)} className="mt-3 max-w-72" />
      {order.refunds.length > 0 ? (
        <ul aria-label="Refunds" className="mt-3 space-y-1">
          {order.refunds.map((r) => (
            <li key={r.id} className="text-gray-800">
              {money(r.amountCents)} · {r.status === "succeeded" ? "Refunded" : r.status === "failed" ? "Failed" : "Pending"}
              {r.providerRefundId ? <span className="font-mono text-xs"> {r.providerRefundId}</span> : null} · {r.reason}
              {r.creditNoteNumber ? (
                <>
                  {" · "}
                  <Link to={`/admin/orders/${order.id}/credit-notes/${r.id}`} className="text-brand-700 underline">
                    Credit note {r.creditNoteNumber}
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-3">
        <ActionResult intent="refund" />
      </div>
      {mayRefund ? <RefundForm order={order} leftCents={leftCents} /> : null}
    </Card>
  );
}
