import { useEffect, useRef } from "react";
import type { AdminOrderDetail } from "@core/order-view";
import { fulfilmentStatus, paymentStatus, type OrderActionResult } from "@core/order-workspace";
import { Card } from "~/components/admin/card";
import { OrderLinesTable } from "~/components/order/order-lines";
import { useToast } from "~/components/ui/toast";
import { ShippingAddressCard } from "./order-workspace/address-card";
import { CustomerCard } from "./order-workspace/customer-card";
import { FulfilmentCard } from "./order-workspace/fulfilment-card";
import { useOrderAction } from "./order-workspace/order-action";
import { OrderHeader } from "./order-workspace/order-header";
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
  const shown = useRef<OrderActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    toast(result.ok ? { title: result.message } : { title: "Error", description: result.message, variant: "destructive" });
  }, [result, toast]);

  const pay = paymentStatus({ status: order.status, paid: order.paidAt !== null, totalCents: order.totalCents, refundedCents: order.refundedCents });
  const fulfil = fulfilmentStatus(order);
  const leftCents = order.paidAt ? order.totalCents - order.refundedCents : 0;

  return (
    <div className="mt-4">
      <OrderHeader order={order} pay={pay} fulfil={fulfil} leftCents={leftCents} />

      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Items" id="items-title">
            <OrderLinesTable lines={order.lines} currency={order.currency} caption={`Items in order ${order.number}`} compact />
          </Card>
          <PaymentCard order={order} leftCents={leftCents} />
          <ReturnsCard order={order} />
          <TimelineCard order={order} />
        </div>

        <div className="space-y-4">
          <CustomerCard order={order} />
          <ShippingAddressCard order={order} editable={fulfil === "unfulfilled" && order.status !== "cancelled"} />
          <FulfilmentCard order={order} fulfil={fulfil} />
        </div>
      </div>
    </div>
  );
}
