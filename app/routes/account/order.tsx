import { data, Link, useLoaderData } from "react-router";
import { getOrderForUser } from "@server/accounts/orders";
import { requireUser } from "@server/auth/guards";
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

export default function AccountOrder() {
  const { order } = useLoaderData<typeof loader>();
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
    </>
  );
}
