import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { getOrderForUser } from "@server/accounts/orders";
import { requireUser } from "@server/auth/guards";
import { OrderNotFoundError } from "@server/orders/errors";
import { requestReturn, ReturnRefusedError } from "@server/orders/returns";
import { FormError, FormSuccess, inputClass, SubmitButton } from "~/components/ui/form";
import { nestFormData } from "~/lib/nested-form";
import { RETURN_STATUS_LABELS, RETURN_WINDOW_CLOSED } from "~/lib/order-view";
import { returnRequestSchema } from "~/lib/order-workspace";
import { countryName } from "~/lib/countries";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { orderDiscountLabel } from "~/lib/order-view";
import { ORDER_STATUS_LABELS } from "~/lib/order-status";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/order";

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
  const parsed = returnRequestSchema.safeParse(nestFormData(await request.formData()));
  if (!parsed.success) return data({ ok: false as const, message: parsed.error.issues[0].message }, { status: 400 });
  try {
    const lines = Object.entries(parsed.data.qty).map(([itemId, quantity]) => ({ itemId, quantity }));
    await requestReturn(user.id, String(params.id), { lines, reason: parsed.data.reason });
  } catch (err) {
    if (err instanceof OrderNotFoundError) throw data(null, { status: 404 });
    if (err instanceof ReturnRefusedError) return data({ ok: false as const, message: err.message }, { status: 409 });
    throw err;
  }
  return { ok: true as const, message: "Your return request was sent. We will email you the return instructions." };
}

export default function AccountOrder() {
  const { order } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
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
      <div className="mt-6 overflow-x-auto rounded-xl border border-gray-200">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <caption className="sr-only">Items in order {order.number}</caption>
          <thead className="bg-gray-50 text-gray-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Item</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Price</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Qty</th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">Total</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {order.lines.map((l) => (
              <tr key={`${l.title}-${l.variantName}`}>
                <td className="px-4 py-3">
                  {l.title} <span className="text-gray-600">({l.variantName})</span>
                </td>
                <td className="px-4 py-3 text-right">{formatMoney(l.unitPriceCents)}</td>
                <td className="px-4 py-3 text-right">{l.quantity}</td>
                <td className="px-4 py-3 text-right">{formatMoney(l.unitPriceCents * l.quantity)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <div className="rounded-xl border border-gray-200 p-4">
          <h3 className="font-semibold">Shipping address</h3>
          <address className="mt-2 text-sm not-italic leading-6 text-gray-800">
            {order.name}
            <br />
            {s.line1}
            {s.line2 ? (
              <>
                <br />
                {s.line2}
              </>
            ) : null}
            <br />
            {s.city} {s.postalCode}
            <br />
            {countryName(s.country)}
          </address>
        </div>
        <dl className="rounded-xl border border-gray-200 p-4 text-sm">
          <div className="flex justify-between py-1">
            <dt>Subtotal</dt>
            <dd>{formatMoney(order.subtotalCents)}</dd>
          </div>
          {order.discount ? (
            <div className="flex justify-between py-1">
              <dt>{orderDiscountLabel(order.discount)}</dt>
              <dd>-{formatMoney(order.discount.amountCents)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between py-1">
            <dt>Shipping</dt>
            <dd>{order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents)}</dd>
          </div>
          <div className="flex justify-between border-t border-gray-200 py-1 pt-2 font-semibold">
            <dt>Total</dt>
            <dd>{formatMoney(order.totalCents)}</dd>
          </div>
          {order.paymentBrand && order.paymentLast4 ? (
            <div className="flex justify-between py-1 text-gray-700">
              <dt>Paid with</dt>
              <dd>
                {order.paymentBrand} ending {order.paymentLast4}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
      <section aria-labelledby="returns-title" className="mt-6 rounded-xl border border-gray-200 p-4">
        <h3 id="returns-title" className="font-semibold">
          Returns
        </h3>
        {order.returns.length > 0 ? (
          <ul className="mt-2 space-y-2 text-sm">
            {order.returns.map((r) => (
              <li key={r.id} data-testid="return-status">
                {r.lines.map((l) => `${l.quantity} × ${l.title} (${l.variantName})`).join(", ")}: <strong>{RETURN_STATUS_LABELS[r.status]}</strong>
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
                    {l.title} ({l.variantName}): units to return (of {left})
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
            <SubmitButton pending={pending} className="sm:w-auto">
              Request a return
            </SubmitButton>
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
