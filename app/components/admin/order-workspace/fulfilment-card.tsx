import { Form } from "react-router";
import { usePermission } from "~/lib/use-permission";
import { carrierName, trackingUrl } from "@core/carriers";
import type { AdminOrderDetail } from "@core/order-view";
import type { FulfilmentStatus } from "@core/order-workspace";
import { CarrierField } from "~/components/admin/carrier-field";
import { Card } from "~/components/admin/card";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { useAdminDate } from "~/lib/use-admin-date";
import { ActionResult, useOrderAction } from "./order-action";
import { useConfirmedSubmit } from "./use-confirmed-submit";

/**
 * Fulfilment: once shipped, when, the carrier and the tracking link; while the paid order waits, the
 * form that fulfils it (carrier, tracking number) and emails the customer, asking first.
 */
export function FulfilmentCard({ order, fulfil }: { order: AdminOrderDetail; fulfil: FulfilmentStatus }) {
  const { busy, fields } = useOrderAction();
  const date = useAdminDate();
  const fulfilConfirm = useConfirmedSubmit();
  const mayFulfil = usePermission("orders:fulfil");
  const canFulfil = order.status === "processing" && !order.fulfilledAt;
  const tracking = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <Card title="Fulfilment" id="fulfilment-title">
      <ActionResult intent="fulfil" />
      {order.fulfilledAt ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-gray-700">Shipped</dt>
          <dd>
            <time dateTime={order.fulfilledAt}>{date(order.fulfilledAt)}</time>
          </dd>
          <dt className="text-gray-700">Carrier</dt>
          <dd>{carrierName(order.carrier) ?? "Not given"}</dd>
          <dt className="text-gray-700">Tracking</dt>
          <dd className="break-all">
            {tracking ? (
              <a href={tracking} className="text-brand-700 underline" rel="noreferrer" target="_blank">
                {order.trackingNumber}
              </a>
            ) : (
              (order.trackingNumber ?? "Not given")
            )}
          </dd>
        </dl>
      ) : canFulfil && !mayFulfil ? (
        <p className="text-gray-700">Not shipped yet. Your role does not include fulfilling orders.</p>
      ) : canFulfil ? (
        <Form method="post" className="space-y-3" onSubmit={fulfilConfirm.ask}>
          <input type="hidden" name="intent" value="fulfil" />
          <CarrierField id="fulfil-carrier" error={fields.carrier} />
          <TextField id="fulfil-tracking" label="Tracking number (optional)" name="trackingNumber" maxLength={64} error={fields.trackingNumber} />
          <p className="text-gray-700">The customer gets a shipping confirmation email with the tracking link.</p>
          <button type="submit" disabled={busy} className={buttonClass("primary", "small")}>
            Fulfil order
          </button>
        </Form>
      ) : (
        <p className="text-gray-700">{fulfil === "fulfilled" ? "Completed without shipping details." : "Only a paid order can be fulfilled."}</p>
      )}
      <ConfirmDialog
        open={fulfilConfirm.pending !== null}
        onOpenChange={(open) => !open && fulfilConfirm.close()}
        title={`Fulfil order ${order.number}?`}
        description={`The order becomes Completed and ${order.email} gets a shipping confirmation email with the tracking details.`}
        confirmLabel="Fulfil and email customer"
        onConfirm={fulfilConfirm.confirm}
      />
    </Card>
  );
}
