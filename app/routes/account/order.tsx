import { data, Form, Link, useNavigation } from "react-router";
import { itemLabel } from "~/lib/variant";
import { getOrderForUser } from "@server/accounts/orders";
import { requireUser } from "@server/auth/guards";
import { readForm } from "@server/http/form";
import { requestReturn } from "@server/orders/returns";
import { FormError, FormSuccess } from "~/components/ui/form";
import { inputClass } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { nestFormData } from "~/lib/nested-form";
import { RETURN_STATUS_LABELS, RETURN_WINDOW_CLOSED } from "~/lib/order-view";
import { returnRequestSchema } from "~/lib/order-workspace";
import { AddressLines } from "~/components/order/address-lines";
import { formatDate } from "~/lib/dates";
import { orderTotals } from "~/lib/order-totals";
import { OrderLinesTable, OrderTotals } from "~/components/order/order-lines";
import { ORDER_STATUS_LABELS } from "~/lib/order-status";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/order";
import { domainErrorResponse } from "@server/errors";

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  seo(matches, {
    title: d ? `Order ${d.order.number}` : "Order",
    description: "Order details.",
    path: "/account",
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const order = await getOrderForUser(user.id, params.id);
  // Someone else's order looks exactly like a missing one.
  if (!order) throw data(null, { status: 404 });
  return { order };
}

/** The customer asks to return items (Refund Policy: 30 days from delivery, with a reason). */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = returnRequestSchema.safeParse(nestFormData(await readForm(request)));
  if (!parsed.success) return data({ ok: false as const, message: parsed.error.issues[0].message }, { status: 400 });
  try {
    const lines = Object.entries(parsed.data.qty).map(([itemId, quantity]) => ({ itemId, quantity }));
    await requestReturn(user.id, String(params.id), { lines, reason: parsed.data.reason });
  } catch (err) {
    // Someone else's order is a missing one (OrderNotFoundError, 404), as in the loader.
    return domainErrorResponse(err, (e) => ({ ok: false as const, message: e.publicMessage }));
  }
  return { ok: true as const, message: "Your return request was sent. We will email you the return instructions." };
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const result = actionData;
  const pending = useNavigation().state !== "idle";
  const openReturn = order.returns.some((r) => r.status === "requested" || r.status === "approved" || r.status === "received");
  const s = order.shipping;
  return (
    <>
      <p className="text-sm">
        <Link to="/account" className="font-medium text-brand-700 hover:underline">
          Back to orders
        </Link>
      </p>
      <h2 className="mt-2 text-xl font-semibold">Order {order.number}</h2>
      <p className="mt-1 text-sm text-gray-700">
        Placed {formatDate(order.createdAt)} · {ORDER_STATUS_LABELS[order.status]}
      </p>
      <div className="mt-6">
        <OrderLinesTable lines={order.lines} currency={order.currency} caption={`Items in order ${order.number}`} />
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div className="rounded-xl border border-gray-200 p-4">
          <h3 className="font-semibold">Shipping address</h3>
          <AddressLines address={{ ...s, name: order.name }} className="mt-2 text-sm leading-6 text-gray-800" />
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
        <h3 id="returns-title" className="font-semibold">
          Returns
        </h3>
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
            <p className="text-gray-700">
              You can ask for a return until {formatDate(order.returnWindow.closesAt!)} (30 days from delivery).
            </p>
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
          <p className="mt-2 text-sm text-gray-700">You can ask for a return once your order has been delivered.</p>
        ) : null}
      </section>
    </>
  );
}
