import { Form } from "react-router";
import type { AdminOrderDetail } from "@core/order-view";
import { cancelConfirmation, statusChangeRefusal } from "@core/order-transitions";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, type FulfilmentStatus, type PaymentStatus } from "@core/order-workspace";
import { Card } from "~/components/admin/card";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { CancelReason } from "~/components/admin/order-detail";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { useAdminDate } from "~/lib/use-admin-date";
import { usePermission } from "~/lib/use-permission";
import { ActionResult, useOrderAction } from "./order-action";
import { useConfirmedSubmit } from "./use-confirmed-submit";

/**
 * The order's headline: number, id, when it was placed, the spec's status with payment and
 * fulfilment apart, why it was cancelled. Cancelling is the page's last card (CancelCard): a
 * destructive action never comes first.
 */
export function OrderHeader({ order, pay, fulfil }: { order: AdminOrderDetail; pay: PaymentStatus; fulfil: FulfilmentStatus }) {
  const date = useAdminDate();
  return (
    <header className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
      <div>
        <h2 className="text-xl font-semibold">Order {order.number}</h2>
        <p className="mt-1 text-sm text-gray-700">
          Order ID <span className="font-mono">{order.id.slice(0, 8)}</span> · placed{" "}
          <time dateTime={order.createdAt}>{date(order.createdAt)}</time>
        </p>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <div className="flex items-center gap-2">
          <dt className="text-gray-700">Status</dt>
          <dd>
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-gray-700">Payment</dt>
          <dd className="font-semibold" data-testid="payment-status">
            {PAYMENT_STATUS_LABELS[pay]}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="text-gray-700">Fulfilment</dt>
          <dd className="font-semibold" data-testid="fulfilment-status">
            {FULFILMENT_STATUS_LABELS[fulfil]}
          </dd>
        </div>
      </dl>
      <CancelReason order={order} className="mt-3" />
      <div className="mt-3">
        <ActionResult intent="cancel" />
      </div>
    </header>
  );
}

/**
 * "Cancel order", which asks first (`leftCents`: what cancelling refunds); nothing when the order
 * cannot be cancelled, or the member's role does not include "Refund orders" (cancelling refunds).
 */
export function CancelCard({ order, leftCents }: { order: AdminOrderDetail; leftCents: number }) {
  const { busy } = useOrderAction();
  const cancelConfirm = useConfirmedSubmit();
  const mayRefund = usePermission("orders:refund");
  if (!mayRefund || order.status === "cancelled" || statusChangeRefusal(order.status, "cancelled") !== null) return null;
  return (
    <Card title="Cancel" id="cancel-title">
      <p className="text-gray-700">Cancelling puts the units back in stock and refunds what is left of the payment.</p>
      <Form method="post" onSubmit={cancelConfirm.ask} className="mt-3">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" disabled={busy} className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
          Cancel order
        </button>
      </Form>
      <ConfirmDialog
        open={cancelConfirm.pending !== null}
        onOpenChange={(open) => !open && cancelConfirm.close()}
        {...cancelConfirmation({ number: order.number, refundCents: leftCents, currency: order.currency })}
        cancelLabel="Keep order"
        destructive
        onConfirm={cancelConfirm.confirm}
      />
    </Card>
  );
}
