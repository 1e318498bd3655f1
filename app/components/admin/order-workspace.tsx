import type { AdminOrderDetail } from "@core/order-view";
import { fulfilmentStatus, paymentStatus } from "@core/order-workspace";
import { Card } from "~/components/admin/card";
import { OrderLinesTable } from "~/components/order/order-lines";
import { useToast } from "~/components/ui/toast";
import { useEachResult } from "~/lib/use-each-result";
import { usePermission } from "~/lib/use-permission";
import { ShippingAddressCard } from "./order-workspace/address-card";
import { CustomerCard } from "./order-workspace/customer-card";
import { FulfilmentCard } from "./order-workspace/fulfilment-card";
import { useOrderAction } from "./order-workspace/order-action";
import { CancelCard, OrderHeader } from "./order-workspace/order-header";
import { PaymentCard } from "./order-workspace/payment-card";
import { ReturnsCard } from "./order-workspace/returns-card";
import { TimelineCard } from "./order-workspace/timeline-card";

/**
 * The order page (/admin/orders/:id): a workspace with the customer, the address (editable until it
 * ships), items, payment with refunds, fulfilment, and a timeline with staff notes. Payment status and
 * fulfilment status are shown apart; the spec's status stays the order's headline status. Each panel
 * is its own part (order-workspace/); every action's answer is also a toast.
 */
export function OrderWorkspace({ order }: { order: AdminOrderDetail }) {
  const { result } = useOrderAction();
  const toast = useToast();
  useEachResult(result, (r) => toast(r.ok ? { title: r.message } : { title: "Error", description: r.message, variant: "destructive" }));

  const pay = paymentStatus({ status: order.status, paid: order.paidAt !== null, totalCents: order.totalCents, refundedCents: order.refundedCents });
  const fulfil = fulfilmentStatus(order);
  const leftCents = order.paidAt ? order.totalCents - order.refundedCents : 0;

  const mayFulfil = usePermission("orders:fulfil");
  const mayRefund = usePermission("orders:refund");
  const next = nextAction(order, mayRefund ? leftCents : 0);
  // Phones: one column in which the next action's card comes first and cancelling last (the column
  // wrappers are `display: contents` there, so `order` places cards across both). Wide screens: two
  // columns as before.
  const first = (card: NextAction) => `empty:hidden ${next === card ? "max-lg:-order-1" : ""}`;

  return (
    <div className="mt-4">
      <OrderHeader order={order} pay={pay} fulfil={fulfil} />

      <div className="mt-4 flex flex-col gap-4 lg:grid lg:grid-cols-3 lg:items-start">
        <div className="max-lg:contents lg:col-span-2 lg:space-y-4">
          <Card title="Items" id="items-title">
            <OrderLinesTable lines={order.lines} currency={order.currency} caption={`Items in order ${order.number}`} compact />
          </Card>
          <div className={first("refund")}>
            <PaymentCard order={order} leftCents={leftCents} />
          </div>
          <div className={first("return")}>
            <ReturnsCard order={order} />
          </div>
          <TimelineCard order={order} />
        </div>

        <div className="max-lg:contents lg:space-y-4">
          <CustomerCard order={order} />
          <ShippingAddressCard order={order} editable={mayFulfil && fulfil === "unfulfilled" && order.status !== "cancelled"} />
          <div className={first("fulfil")}>
            <FulfilmentCard order={order} fulfil={fulfil} />
          </div>
          <div className="empty:hidden max-lg:order-last">
            <CancelCard order={order} leftCents={leftCents} />
          </div>
        </div>
      </div>
    </div>
  );
}

type NextAction = "return" | "fulfil" | "refund" | null;

/**
 * What staff most likely do next on this order: a return waiting for its step, shipping a paid order,
 * or refunding what is left (`leftCents` 0 when the member's role cannot refund).
 */
function nextAction(order: AdminOrderDetail, leftCents: number): NextAction {
  if (order.returns.some((r) => r.status === "requested" || r.status === "approved" || r.status === "received")) return "return";
  if (order.status === "processing" && !order.fulfilledAt) return "fulfil";
  return leftCents > 0 ? "refund" : null;
}
