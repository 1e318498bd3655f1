import { useEffect, useRef, useState } from "react";
import { itemLabel } from "@core/variant";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { RETURN_STATUS_LABELS, type AdminOrderDetail } from "@core/order-view";
import { orderTotals, withRefunds } from "@core/order-totals";
import { OrderLinesTable, OrderTotals } from "~/components/order/order-lines";
import { AddressFields } from "~/components/address-fields";
import { Card } from "~/components/admin/card";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { FormError, FormSuccess } from "~/components/ui/form";
import { buttonClass } from "~/components/ui/button";
import { inputClass, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useToast } from "~/components/ui/toast";
import { useAdminDate } from "~/lib/use-admin-date";
import { customerKey } from "@core/customer-key";
import { CARRIERS, CARRIER_IDS, carrierName, trackingUrl } from "@core/carriers";
import { formatMoney } from "@core/money";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { cancelConfirmation, statusChangeRefusal } from "@core/order-transitions";
import { AddressLines } from "~/components/order/address-lines";
import { CancelReason } from "~/components/admin/order-detail";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, fulfilmentStatus, paymentStatus, type OrderActionResult } from "@core/order-workspace";

const PROVIDERS: Record<string, string> = { test: "Test card provider", stripe: "Stripe" };

const BUTTON = buttonClass("primary", "small");
const SECONDARY = buttonClass("secondary", "small");

/** What the timeline calls each event type that is not a status change. */
const EVENT_LABELS: Record<string, string> = {
  note: "Staff note",
  confirmation_resent: "Confirmation resent",
  fulfilled: "Fulfilled",
  refunded: "Refunded",
  refund_failed: "Refund failed",
  address_changed: "Address changed",
  return_requested: "Return requested",
  return_approved: "Return approved",
  return_declined: "Return declined",
  return_received: "Return received",
  return_refunded: "Return closed",
};

/**
 * A form whose submit asks first (with JavaScript): the submit opens the dialog, its confirm button
 * sends the form. Without JavaScript the form is sent as it is.
 */
function useConfirmedSubmit() {
  const submit = useSubmit();
  const [pending, setPending] = useState<HTMLFormElement | null>(null);
  return {
    ask: (e: React.FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      setPending(e.currentTarget);
    },
    pending,
    close: () => setPending(null),
    confirm: () => {
      if (pending) void submit(pending, { method: "post" });
      setPending(null);
    },
  };
}

/**
 * The order page (/admin/orders/:id): a workspace with the customer, the address (editable until it
 * ships), items, payment with refunds, fulfilment, and a timeline with staff notes. Payment status and
 * fulfilment status are shown apart; the spec's status stays the order's headline status.
 */
export function OrderWorkspace({ order }: { order: AdminOrderDetail }) {
  const result = useActionData<OrderActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const toast = useToast();
  const date = useAdminDate();
  const shown = useRef<OrderActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    toast(result.ok ? { title: result.message } : { title: "Error", description: result.message, variant: "destructive" });
  }, [result, toast]);
  const fields = result && !result.ok ? (result.fields ?? {}) : {};

  /** Every amount of the order is in its own currency (refunds too). */
  const money = (minor: number) => formatMoney(minor, order.currency.toUpperCase());
  const pay = paymentStatus({ status: order.status, paid: order.paidAt !== null, totalCents: order.totalCents, refundedCents: order.refundedCents });
  const fulfil = fulfilmentStatus(order);
  const choices = order.refundChoices;
  const returnValue = (r: (typeof order.returns)[number]) => choices?.returnCents[r.id] ?? 0;
  const leftCents = order.paidAt ? order.totalCents - order.refundedCents : 0;
  const canCancel = order.status !== "cancelled" && statusChangeRefusal(order.status, "cancelled") === null;
  const canFulfil = order.status === "processing" && !order.fulfilledAt;
  const canEditAddress = fulfil === "unfulfilled" && order.status !== "cancelled";
  const s = order.shipping;
  const card = order.paymentBrand && order.paymentLast4 ? `${order.paymentBrand.toUpperCase()} ending ${order.paymentLast4}` : null;
  const tracking = trackingUrl(order.carrier, order.trackingNumber);

  const fulfilConfirm = useConfirmedSubmit();
  const refundConfirm = useConfirmedSubmit();
  const cancelConfirm = useConfirmedSubmit();
  const [refundCents, setRefundCents] = useState(0);
  const refundForm = useRef<HTMLFormElement>(null);
  /** The refund the form describes now, exactly as the server will send it: the lines' units, the shipping, the free amount. */
  const computeRefund = () => {
    const form = refundForm.current;
    if (!form || !choices) return 0;
    const data = new FormData(form);
    const lines = order.lines.reduce((sum, l) => {
      const steps = choices.lineSteps[l.id] ?? [0];
      const units = Math.min(Math.max(0, Math.trunc(Number(data.get(`qty.${l.id}`)) || 0)), steps.length - 1);
      return sum + steps[units];
    }, 0);
    const shipping = data.get("shipping") === "on" ? choices.shippingCents : 0;
    const amount = /^\d{1,7}(\.\d{1,2})?$/.test(String(data.get("amount") ?? "").trim()) ? Math.round(Number(data.get("amount")) * 100) : 0;
    return lines + shipping + amount;
  };
  // After a refund went through, the form starts empty: no quantity left behind inviting a second one.
  useEffect(() => {
    if (result?.ok && result.intent === "refund") {
      refundForm.current?.reset();
      setRefundCents(0);
    }
  }, [result]);

  const lastFor = (intent: string) => (result?.intent === intent ? result : undefined);
  /** The last answer of this form, next to it (what a browser without JavaScript shows). */
  const resultOf = (intent: string) => {
    const r = lastFor(intent);
    if (!r) return null;
    return r.ok ? <FormSuccess message={r.message} /> : <FormError message={r.message} />;
  };

  return (
    <div className="mt-4">
      <header className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-xl font-semibold">Order {order.number}</h2>
            <p className="mt-1 text-sm text-gray-700">
              Order ID <span className="font-mono">{order.id.slice(0, 8)}</span> · placed{" "}
              <time dateTime={order.createdAt}>{date(order.createdAt)}</time>
            </p>
          </div>
          {canCancel ? (
            <Form method="post" onSubmit={cancelConfirm.ask}>
              <input type="hidden" name="intent" value="cancel" />
              <button type="submit" disabled={busy} className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50">
                Cancel order
              </button>
            </Form>
          ) : null}
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
          {resultOf("cancel")}
        </div>
      </header>

      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Items" id="items-title">
            <OrderLinesTable lines={order.lines} currency={order.currency} caption={`Items in order ${order.number}`} compact />
          </Card>

          <Card title="Payment" id="payment-title">
            <p>
              {PROVIDERS[order.paymentProvider] ?? order.paymentProvider} · {card ?? "No card reported"} · {order.currency.toUpperCase()}
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
              {resultOf("refund")}
            </div>
            {leftCents > 0 ? (
              <details className="mt-3 rounded-lg border border-gray-200 p-3" open={lastFor("refund")?.ok === false}>
                <summary className="cursor-pointer font-semibold">Issue a refund</summary>
                <Form
                  ref={refundForm}
                  method="post"
                  className="mt-3 space-y-3"
                  onChange={() => setRefundCents(computeRefund())}
                  onSubmit={refundConfirm.ask}
                >
                  <input type="hidden" name="intent" value="refund" />
                  <input type="hidden" name="key" value={order.refundFormKey} />
                  <p className="text-gray-700">Up to {money(leftCents)} is left to refund. Refund items, an amount, or both.</p>
                  <fieldset className="space-y-2">
                    <legend className="font-medium">Items</legend>
                    {order.lines.map((l) => {
                      const left = l.quantity - l.refundedQuantity;
                      const qtyId = `refund-qty-${l.id}`;
                      const steps = choices?.lineSteps[l.id] ?? [0];
                      const each = steps.length > 1 ? steps[1] - steps[0] : 0;
                      const last = steps.length > 1 ? steps[steps.length - 1] - steps[steps.length - 2] : 0;
                      return (
                        <div key={l.id} className="flex flex-wrap items-end gap-3">
                          <div>
                            <label htmlFor={qtyId} className="mb-1 block text-sm">
                              {itemLabel(l.title, l.variantName)}, units to refund (of {left})
                            </label>
                            {left > 0 ? (
                              <p className="mb-1 text-sm text-gray-700" data-testid="refund-per-unit">
                                {money(each)} per unit{last !== each ? `, the last ${money(last)}` : ""}
                              </p>
                            ) : null}
                            <input
                              id={qtyId}
                              name={`qty.${l.id}`}
                              type="number"
                              min={0}
                              max={left}
                              defaultValue={0}
                              disabled={left === 0}
                              inputMode="numeric"
                              className={`${inputClass} w-24`}
                            />
                          </div>
                          <label className="flex items-center gap-2 pb-2">
                            <input type="checkbox" name={`restock.${l.id}`} defaultChecked disabled={left === 0} className="h-4 w-4" />
                            Put back in stock
                          </label>
                        </div>
                      );
                    })}
                  </fieldset>
                  {choices && choices.shippingCents > 0 ? (
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="shipping" className="h-4 w-4" />
                      Refund the shipping ({money(choices.shippingCents)})
                    </label>
                  ) : null}
                  <TextField
                    id="refund-amount"
                    label="Additional amount (goodwill)"
                    name="amount"
                    inputMode="decimal"
                    error={fields.amount}
                    hint="In the order's currency, e.g. 5.00"
                    className="max-w-xs"
                  />
                  <TextField id="refund-reason" label="Reason" name="reason" required maxLength={500} error={fields.reason} />
                  <button type="submit" disabled={busy} className={BUTTON}>
                    {refundCents > 0 ? `Refund ${money(refundCents)}` : "Refund"}
                  </button>
                </Form>
              </details>
            ) : null}
          </Card>

          {order.returns.length > 0 ? (
            <Card title="Returns" id="returns-title">
              {resultOf("return")}
              <ul className="space-y-3">
                {order.returns.map((r) => (
                  <li key={r.id} className="rounded-lg border border-gray-200 p-3" data-testid="return-request">
                    <p className="font-medium">{RETURN_STATUS_LABELS[r.status]}</p>
                    <p>
                      {r.lines.map((l) => `${l.quantity} × ${itemLabel(l.title, l.variantName)}`).join(", ")} · requested{" "}
                      <time dateTime={r.createdAt}>{date(r.createdAt)}</time>
                    </p>
                    <p className="text-gray-800">Reason: {r.reason}</p>
                    <div className="mt-2 flex flex-wrap gap-2">
                      {(
                        [
                          ["requested", "approve", "Approve return"],
                          ["requested", "decline", "Decline return"],
                          ["approved", "receive", "Mark as received"],
                          ["received", "refund", `Refund ${money(returnValue(r))} and restock`],
                        ] as const
                      )
                        .filter(([status]) => status === r.status)
                        .map(([, step, label]) => (
                          <Form key={step} method="post">
                            <input type="hidden" name="intent" value="return" />
                            <input type="hidden" name="returnId" value={r.id} />
                            <input type="hidden" name="step" value={step} />
                            <button type="submit" disabled={busy} className={step === "decline" ? SECONDARY : BUTTON}>
                              {label}
                            </button>
                          </Form>
                        ))}
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          ) : null}

          <Card title="Timeline" id="timeline-title">
            <Form method="post" className="space-y-2">
              <input type="hidden" name="intent" value="note" />
              <TextAreaField
                id="order-note"
                label="Add a note"
                name="note"
                rows={2}
                maxLength={2000}
                required
                error={fields.note}
                hint="Notes are for staff only: the customer never sees them."
              />
              <button type="submit" disabled={busy} className={SECONDARY}>
                Add note
              </button>
            </Form>
            <ol aria-label="Order timeline" className="mt-4 space-y-2">
              {[...order.history].reverse().map((h) => (
                <li key={h.id} className={`border-l-2 pl-3 ${h.type === "note" ? "border-amber-400" : "border-gray-200"}`}>
                  <p>
                    <span className="font-medium">
                      {h.to && !EVENT_LABELS[h.type]
                        ? `${h.from ? `${ORDER_STATUS_LABELS[h.from] ?? h.from} → ` : ""}${ORDER_STATUS_LABELS[h.to] ?? h.to}`
                        : (EVENT_LABELS[h.type] ?? h.type.replace(/_/g, " "))}
                    </span>{" "}
                    <span className="text-gray-700">by {h.by}</span>
                  </p>
                  {h.note ? <p className={h.type === "note" ? "whitespace-pre-line" : "text-gray-800"}>{h.note}</p> : null}
                  <p className="text-xs text-gray-600">
                    <time dateTime={h.at}>{date(h.at)}</time>
                  </p>
                </li>
              ))}
            </ol>
          </Card>
        </div>

        <div className="space-y-4">
          <Card title="Customer" id="customer-title">
            <p className="font-medium">{order.name}</p>
            <p>
              <a href={`mailto:${order.email}`} className="break-all text-brand-700 underline">
                {order.email}
              </a>
            </p>
            <p className="mt-2 text-gray-800" data-testid="customer-stats">
              {order.customer.orderCount} {order.customer.orderCount === 1 ? "order" : "orders"} · {formatMoney(order.customer.totalSpentCents, "USD")} spent{order.currency.toUpperCase() === "USD" ? "" : " (in USD)"}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-4">
              <Link to={`/admin/customers/${customerKey(order.email)}`} className="inline-block py-1 text-brand-700 underline">
                View customer
              </Link>
              <Link to={`/admin/orders?q=${encodeURIComponent(order.email)}`} className="inline-block py-1 text-brand-700 underline">
                Orders from this customer
              </Link>
            </p>
            {order.paidAt ? (
              <>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="resend" />
                  <button type="submit" disabled={busy} className={SECONDARY}>
                    Resend confirmation email
                  </button>
                </Form>
                <p className="mt-3 flex flex-wrap gap-x-4">
                  <Link to={`/admin/orders/${order.id}/packing-slip`} className="inline-block py-1 text-brand-700 underline">
                    Print packing slip
                  </Link>
                  <Link to={`/admin/orders/${order.id}/invoice`} className="inline-block py-1 text-brand-700 underline">
                    Print invoice
                  </Link>
                </p>
              </>
            ) : null}
            <div className="mt-2">{resultOf("resend")}</div>
          </Card>

          <Card title="Shipping address" id="address-title">
            <AddressLines address={s} />
            <div className="mt-3">
              {resultOf("address")}
            </div>
            {canEditAddress ? (
              <details className="mt-3" open={lastFor("address")?.ok === false}>
                <summary className="cursor-pointer font-semibold text-brand-700">Edit address</summary>
                <Form method="post" className="mt-3 space-y-3">
                  <input type="hidden" name="intent" value="address" />
                  <AddressFields defaultValues={{ ...s, name: order.name, line2: s.line2 ?? "", region: s.region ?? "" }} errors={fields} />
                  <button type="submit" disabled={busy} className={SECONDARY}>
                    Save address
                  </button>
                </Form>
              </details>
            ) : null}
          </Card>

          <Card title="Fulfilment" id="fulfilment-title">
            {resultOf("fulfil")}
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
            ) : canFulfil ? (
              <Form method="post" className="space-y-3" onSubmit={fulfilConfirm.ask}>
                <input type="hidden" name="intent" value="fulfil" />
                <SelectField
                  id="fulfil-carrier"
                  label="Carrier"
                  name="carrier"
                  defaultValue=""
                  error={fields.carrier}
                  options={[{ value: "", label: "Not given" }, ...CARRIER_IDS.map((c) => ({ value: c, label: CARRIERS[c].name }))]}
                />
                <TextField id="fulfil-tracking" label="Tracking number (optional)" name="trackingNumber" maxLength={64} error={fields.trackingNumber} />
                <p className="text-gray-700">The customer gets a shipping confirmation email with the tracking link.</p>
                <button type="submit" disabled={busy} className={BUTTON}>
                  Fulfil order
                </button>
              </Form>
            ) : (
              <p className="text-gray-700">{fulfil === "fulfilled" ? "Completed without shipping details." : "Only a paid order can be fulfilled."}</p>
            )}
          </Card>
        </div>
      </div>

      <ConfirmDialog
        open={fulfilConfirm.pending !== null}
        onOpenChange={(open) => !open && fulfilConfirm.close()}
        title={`Fulfil order ${order.number}?`}
        description={`The order becomes Completed and ${order.email} gets a shipping confirmation email with the tracking details.`}
        confirmLabel="Fulfil and email customer"
        onConfirm={fulfilConfirm.confirm}
      />
      <ConfirmDialog
        open={refundConfirm.pending !== null}
        onOpenChange={(open) => !open && refundConfirm.close()}
        title={`Refund ${money(refundCents)}?`}
        description={`${money(refundCents)} goes back to the customer's card through ${PROVIDERS[order.paymentProvider] ?? order.paymentProvider}, and they are emailed. This cannot be undone.`}
        confirmLabel={`Refund ${money(refundCents)}`}
        cancelLabel="Don't refund"
        destructive
        onConfirm={refundConfirm.confirm}
      />
      <ConfirmDialog
        open={cancelConfirm.pending !== null}
        onOpenChange={(open) => !open && cancelConfirm.close()}
        {...cancelConfirmation({ number: order.number, refundCents: leftCents, currency: order.currency })}
        cancelLabel="Keep order"
        destructive
        onConfirm={cancelConfirm.confirm}
      />
    </div>
  );
}
