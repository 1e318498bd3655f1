import { Form } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { FormError, FormSuccess } from "~/components/ui/form";
import { OrderLinesTable, OrderTotals } from "~/components/order/order-lines";
import { AddressLines } from "~/components/order/address-lines";
import { formatDate } from "~/lib/dates";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { orderTotals } from "@core/order-totals";
import { RETURN_STATUS_LABELS, RETURN_WINDOW_CLOSED, type CustomerOrder, type CustomerShipment } from "@core/order-view";
import { itemLabel } from "@core/variant";

/** A return request's outcome, as the page's action answered it. */
export type ReturnResult = { ok: boolean; message: string } | undefined;

/**
 * One placed order as its customer sees it, read-only: number, date and status, the shipment's
 * carrier and tracking once fulfilled, the note left at checkout, the lines, the shipping address, the totals and payment, and its returns with the form to ask for one (posted to
 * the page's own action with intent=return). The account's order page and /orders/lookup show it.
 * `headingLevel`: the order's number is an h2 on the account page (under "My Account"), an h1 alone.
 */
export function CustomerOrderDetails({
  order,
  result,
  pending,
  headingLevel = 2,
}: {
  order: CustomerOrder;
  result: ReturnResult;
  pending: boolean;
  headingLevel?: 1 | 2;
}) {
  const openReturn = order.returns.some((r) => r.status === "requested" || r.status === "approved" || r.status === "received");
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const Sub = headingLevel === 1 ? "h2" : "h3";
  return (
    <>
      <Heading className={headingLevel === 1 ? "text-3xl font-bold" : "mt-2 text-xl font-semibold"}>Order {order.number}</Heading>
      <p className="mt-1 text-sm text-gray-700">
        Placed {formatDate(order.createdAt)} · {ORDER_STATUS_LABELS[order.status]}
      </p>
      {order.shipment ? <Shipment shipment={order.shipment} Sub={Sub} /> : null}
      {order.customerNote ? (
        <section aria-labelledby="note-title" className="mt-6 rounded-xl border border-gray-200 p-4 text-sm" data-testid="customer-note">
          <Sub id="note-title" className="font-semibold">
            Your note
          </Sub>
          <p className="mt-2 whitespace-pre-line break-words text-gray-800">{order.customerNote}</p>
        </section>
      ) : null}
      <div className="mt-6">
        <OrderLinesTable lines={order.lines} currency={order.currency} caption={`Items in order ${order.number}`} />
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div className="rounded-xl border border-gray-200 p-4">
          <Sub className="font-semibold">Shipping address</Sub>
          <AddressLines address={{ name: order.name, ...order.shipping }} className="mt-2 text-sm leading-6 text-gray-800" />
        </div>
        <div className="rounded-xl border border-gray-200 p-4 text-sm">
          <OrderTotals totals={orderTotals(order)}>
            {order.paymentBrand && order.paymentLast4 ? (
              <div className="flex justify-between py-1 text-gray-700">
                <dt>Paid with</dt>
                <dd>
                  {order.paymentBrand} ending {order.paymentLast4}
                </dd>
              </div>
            ) : null}
          </OrderTotals>
        </div>
      </div>
      <section aria-labelledby="returns-title" className="mt-6 rounded-xl border border-gray-200 p-4">
        <Sub id="returns-title" className="font-semibold">
          Returns
        </Sub>
        {order.returns.length > 0 ? (
          <ul className="mt-2 space-y-2 text-sm">
            {order.returns.map((r) => (
              <li key={r.id} data-testid="return-status">
                {r.lines.map((l) => `${l.quantity} × ${itemLabel(l.title, l.variantName)}`).join(", ")}: <strong>{RETURN_STATUS_LABELS[r.status]}</strong>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3">{result ? result.ok ? <FormSuccess message={result.message} /> : <FormError message={result.message} /> : null}</div>
        {order.returnWindow.open && !openReturn ? (
          <Form method="post" className="mt-3 space-y-3 text-sm">
            <input type="hidden" name="intent" value="return" />
            <p className="text-gray-700">You can ask for a return until {formatDate(order.returnWindow.closesAt!)} (30 days from dispatch).</p>
            {order.lines.map((l) => {
              const left = l.quantity - l.refundedQuantity;
              return left > 0 ? (
                <div key={l.id}>
                  <label htmlFor={`return-qty-${l.id}`} className="mb-1 block font-medium">
                    {itemLabel(l.title, l.variantName)}: units to return (of {left})
                  </label>
                  <input id={`return-qty-${l.id}`} name={`qty.${l.id}`} type="number" min={0} max={left} defaultValue={0} inputMode="numeric" className={`${inputClass} w-24`} />
                </div>
              ) : null;
            })}
            <div>
              <label htmlFor="return-reason" className="mb-1 block font-medium">
                Why are you returning it?
              </label>
              <textarea id="return-reason" name="reason" rows={3} required maxLength={1000} className={inputClass} />
            </div>
            <Button type="submit" disabled={pending} className="w-full sm:w-auto">
              Request a return
            </Button>
          </Form>
        ) : !order.returnWindow.open && order.returnWindow.closesAt ? (
          <p className="mt-2 text-sm text-gray-700">{RETURN_WINDOW_CLOSED}</p>
        ) : order.returns.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">You can ask for a return once your order has been dispatched.</p>
        ) : null}
      </section>
    </>
  );
}

/** Where the parcel is: shipped when, with which carrier, and the tracking number linked to the carrier's page. */
function Shipment({ shipment, Sub }: { shipment: CustomerShipment; Sub: "h2" | "h3" }) {
  return (
    <section aria-labelledby="shipment-title" className="mt-6 rounded-xl border border-gray-200 p-4 text-sm" data-testid="shipment">
      <Sub id="shipment-title" className="font-semibold">
        Shipment
      </Sub>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-gray-700">Shipped</dt>
        <dd>{formatDate(shipment.shippedAt)}</dd>
        {shipment.carrier ? (
          <>
            <dt className="text-gray-700">Carrier</dt>
            <dd>{shipment.carrier}</dd>
          </>
        ) : null}
        {shipment.trackingNumber ? (
          <>
            <dt className="text-gray-700">Tracking number</dt>
            <dd className="break-all">{shipment.trackingNumber}</dd>
          </>
        ) : null}
      </dl>
      {shipment.trackingUrl ? (
        <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass("outline", "small", "mt-3")}>
          Track your parcel
          <span className="sr-only"> with {shipment.carrier} (opens in a new tab)</span>
        </a>
      ) : null}
    </section>
  );
}
