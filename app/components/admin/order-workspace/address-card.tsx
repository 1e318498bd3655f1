import { Form } from "react-router";
import type { AdminOrderDetail } from "@core/order-view";
import { AddressFields } from "~/components/address-fields";
import { Card } from "~/components/admin/card";
import { AddressLines } from "~/components/order/address-lines";
import { buttonClass } from "~/components/ui/button";
import { ActionResult, useOrderAction } from "./order-action";

/** Where the order goes, and "Edit address" while it can still change (`editable`: until it ships). */
export function ShippingAddressCard({ order, editable }: { order: AdminOrderDetail; editable: boolean }) {
  const { busy, fields, lastFor } = useOrderAction();
  const s = order.shipping;
  return (
    <Card title="Shipping address" id="address-title">
      <AddressLines address={s} />
      <div className="mt-3">
        <ActionResult intent="address" />
      </div>
      {editable ? (
        <details className="mt-3" open={lastFor("address")?.ok === false}>
          <summary className="cursor-pointer font-semibold text-brand-700">Edit address</summary>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="address" />
            <AddressFields defaultValues={{ ...s, name: order.name, line2: s.line2 ?? "", region: s.region ?? "" }} errors={fields} />
            <button type="submit" disabled={busy} className={buttonClass("secondary", "small")}>
              Save address
            </button>
          </Form>
        </details>
      ) : null}
    </Card>
  );
}
