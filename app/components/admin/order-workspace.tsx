import { useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { RETURN_STATUS_LABELS, orderDiscountLabel, type AdminOrderDetail } from "~/lib/order-view";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { FormError, FormSuccess, inputClass } from "~/components/ui/form";
import { useToast } from "~/components/ui/toast";
import { formatAdminDate } from "~/lib/admin";
import { CARRIERS, CARRIER_IDS, carrierName, trackingUrl } from "~/lib/carriers";
import { COUNTRIES, countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { ORDER_STATUS_LABELS } from "~/lib/order-status";
import { statusChangeRefusal } from "~/lib/order-transitions";
import {
  FULFILMENT_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  fulfilmentStatus,
  paymentStatus,
  type OrderActionResult,
} from "~/lib/order-workspace";

const PROVIDERS: Record<string, string> = { test: "Test card provider", stripe: "Stripe" };

const BUTTON = "rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
const SECONDARY = "rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 disabled:opacity-60";

/** What the timeline calls each event type that is not a status change. */
const EVENT_LABELS: Record<string, string> = {
  note: "Staff note",
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

function Card({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/** A labelled control with its error under it (errors come from the action, by input name). */
function Labelled({ id, label, error, children, hint }: { id: string; label: string; error?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: string) =>
  [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;

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
  const returnValue = (r: (typeof order.returns)[number]) =>
    r.lines.reduce((sum, l) => sum + (order.lines.find((i) => i.id === l.itemId)?.unitPriceCents ?? 0) * l.quantity, 0);
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
  /** The refund the form describes now: units × unit price per line, plus the free amount. */
  const computeRefund = () => {
    const form = refundForm.current;
    if (!form) return 0;
    const data = new FormData(form);
    const lines = order.lines.reduce((sum, l) => sum + l.unitPriceCents * (Number(data.get(`qty.${l.id}`)) || 0), 0);
    const amount = /^\d{1,7}(\.\d{1,2})?$/.test(String(data.get("amount") ?? "").trim()) ? Math.round(Number(data.get("amount")) * 100) : 0;
    return lines + amount;
  };

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
              <time dateTime={order.createdAt}>{formatAdminDate(order.createdAt, true)}</time> UTC
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
        {order.status === "cancelled" && order.cancelReason ? (
          <p className="mt-3 rounded-lg border border-gray-300 bg-gray-50 p-3 text-sm">
            <strong>Cancelled:</strong> {order.cancelReason}
          </p>
        ) : null}
        <div className="mt-3">
          {resultOf("cancel")}
        </div>
      </header>

      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Card title="Items" id="items-title">
            <div className="overflow-x-auto">
              <table className="w-full text-left">
                <thead className="text-xs text-gray-600">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">Product</th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">Qty</th>
                    <th scope="col" className="py-1 pr-3 text-right font-medium">Price</th>
                    <th scope="col" className="py-1 text-right font-medium">Total</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {order.lines.map((l) => (
                    <tr key={l.id}>
                      <td className="py-1.5 pr-3">
                        {l.title} <span className="text-gray-600">({l.variantName})</span>
                        {l.refundedQuantity > 0 ? <span className="block text-xs text-gray-700">{l.refundedQuantity} refunded</span> : null}
                      </td>
                      <td className="py-1.5 pr-3 text-right">{l.quantity}</td>
                      <td className="py-1.5 pr-3 text-right">{money(l.unitPriceCents)}</td>
                      <td className="py-1.5 text-right">{money(l.lineTotalCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>

          <Card title="Payment" id="payment-title">
            <p>
              {PROVIDERS[order.paymentProvider] ?? order.paymentProvider} · {card ?? "No card reported"} · {order.currency.toUpperCase()}
            </p>
            {order.paidAt ? (
              <p className="text-gray-700">
                Paid <time dateTime={order.paidAt}>{formatAdminDate(order.paidAt, true)}</time> UTC
              </p>
            ) : null}
            <dl className="mt-3 grid max-w-72 grid-cols-2 gap-y-1">
              <dt>Subtotal</dt>
              <dd className="text-right">{money(order.subtotalCents)}</dd>
              {order.discount ? (
                <>
                  <dt>{orderDiscountLabel(order.discount)}</dt>
                  <dd className="text-right">−{money(order.discount.amountCents)}</dd>
                </>
              ) : null}
              <dt>Shipping</dt>
              <dd className="text-right">{order.shippingCents === 0 ? "Free" : money(order.shippingCents)}</dd>
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold">{money(order.totalCents)}</dd>
              {order.refundedCents > 0 ? (
                <>
                  <dt>Refunded</dt>
                  <dd className="text-right">−{money(order.refundedCents)}</dd>
                  <dt className="font-semibold">Net</dt>
                  <dd className="text-right font-semibold">{money(order.totalCents - order.refundedCents)}</dd>
                </>
              ) : null}
            </dl>
            {order.refunds.length > 0 ? (
              <ul aria-label="Refunds" className="mt-3 space-y-1">
                {order.refunds.map((r) => (
                  <li key={r.id} className="text-gray-800">
                    {money(r.amountCents)} · {r.status === "succeeded" ? "Refunded" : r.status === "failed" ? "Failed" : "Pending"}
                    {r.providerRefundId ? <span className="font-mono text-xs"> {r.providerRefundId}</span> : null} · {r.reason}
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
                  <p className="text-gray-700">Up to {money(leftCents)} is left to refund. Refund items, an amount, or both.</p>
                  <fieldset className="space-y-2">
                    <legend className="font-medium">Items</legend>
                    {order.lines.map((l) => {
                      const left = l.quantity - l.refundedQuantity;
                      const qtyId = `refund-qty-${l.id}`;
                      return (
                        <div key={l.id} className="flex flex-wrap items-end gap-3">
                          <div>
                            <label htmlFor={qtyId} className="mb-1 block text-sm">
                              {l.title} ({l.variantName}), units to refund (of {left})
                            </label>
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
                  <Labelled id="refund-amount" label="Additional amount (shipping, goodwill)" error={fields.amount} hint="In the order's currency, e.g. 5.00">
                    <input
                      id="refund-amount"
                      name="amount"
                      inputMode="decimal"
                      aria-invalid={fields.amount ? true : undefined}
                      aria-describedby={describedBy("refund-amount", fields.amount, "hint")}
                      className={`${inputClass} w-40`}
                    />
                  </Labelled>
                  <Labelled id="refund-reason" label="Reason" error={fields.reason}>
                    <input
                      id="refund-reason"
                      name="reason"
                      required
                      maxLength={500}
                      aria-invalid={fields.reason ? true : undefined}
                      aria-describedby={describedBy("refund-reason", fields.reason)}
                      className={inputClass}
                    />
                  </Labelled>
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
                      {r.lines.map((l) => `${l.quantity} × ${l.title} (${l.variantName})`).join(", ")} · requested{" "}
                      <time dateTime={r.createdAt}>{formatAdminDate(r.createdAt, true)}</time> UTC
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
              <Labelled id="order-note" label="Add a note" error={fields.note} hint="Notes are for staff only: the customer never sees them.">
                <textarea
                  id="order-note"
                  name="note"
                  rows={2}
                  maxLength={2000}
                  required
                  aria-invalid={fields.note ? true : undefined}
                  aria-describedby={describedBy("order-note", fields.note, "hint")}
                  className={inputClass}
                />
              </Labelled>
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
                    <time dateTime={h.at}>{formatAdminDate(h.at, true)}</time> UTC
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
              {order.customer.orderCount} {order.customer.orderCount === 1 ? "order" : "orders"} · {money(order.customer.totalSpentCents)} spent
            </p>
            <Link to={`/admin/orders?q=${encodeURIComponent(order.email)}`} className="mt-1 inline-block text-brand-700 underline">
              Orders from this customer
            </Link>
          </Card>

          <Card title="Shipping address" id="address-title">
            <address className="not-italic">
              {[s.line1, s.line2, `${s.city} ${s.postalCode}`, countryName(s.country)].filter(Boolean).map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </address>
            <div className="mt-3">
              {resultOf("address")}
            </div>
            {canEditAddress ? (
              <details className="mt-3" open={lastFor("address")?.ok === false}>
                <summary className="cursor-pointer font-semibold text-brand-700">Edit address</summary>
                <Form method="post" className="mt-3 space-y-3">
                  <input type="hidden" name="intent" value="address" />
                  {(
                    [
                      ["name", "Full name", order.name, true],
                      ["line1", "Address", s.line1, true],
                      ["line2", "Apartment, suite (optional)", s.line2 ?? "", false],
                      ["city", "Town or city", s.city, true],
                      ["postalCode", "Postal code", s.postalCode, true],
                    ] as const
                  ).map(([name, label, value, required]) => (
                    <Labelled key={name} id={`address-${name}`} label={label} error={fields[name]}>
                      <input
                        id={`address-${name}`}
                        name={name}
                        defaultValue={value}
                        required={required}
                        aria-invalid={fields[name] ? true : undefined}
                        aria-describedby={describedBy(`address-${name}`, fields[name])}
                        className={inputClass}
                      />
                    </Labelled>
                  ))}
                  <Labelled id="address-country" label="Country" error={fields.country}>
                    <select id="address-country" name="country" defaultValue={s.country} className={inputClass}>
                      {COUNTRIES.map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  </Labelled>
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
                  <time dateTime={order.fulfilledAt}>{formatAdminDate(order.fulfilledAt, true)}</time> UTC
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
                <Labelled id="fulfil-carrier" label="Carrier" error={fields.carrier}>
                  <select id="fulfil-carrier" name="carrier" defaultValue="" className={inputClass}>
                    <option value="">Not given</option>
                    {CARRIER_IDS.map((c) => (
                      <option key={c} value={c}>
                        {CARRIERS[c].name}
                      </option>
                    ))}
                  </select>
                </Labelled>
                <Labelled id="fulfil-tracking" label="Tracking number (optional)" error={fields.trackingNumber}>
                  <input
                    id="fulfil-tracking"
                    name="trackingNumber"
                    maxLength={64}
                    aria-invalid={fields.trackingNumber ? true : undefined}
                    aria-describedby={describedBy("fulfil-tracking", fields.trackingNumber)}
                    className={inputClass}
                  />
                </Labelled>
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
        title={`Cancel order ${order.number}?`}
        description={
          leftCents > 0
            ? `Units not yet refunded go back to stock and ${money(leftCents)} is refunded to the customer's card. This cannot be undone.`
            : "Its reserved units are released and the customer is told. This cannot be undone."
        }
        confirmLabel={leftCents > 0 ? `Cancel order and refund ${money(leftCents)}` : "Cancel order"}
        cancelLabel="Keep order"
        destructive
        onConfirm={cancelConfirm.confirm}
      />
    </div>
  );
}
