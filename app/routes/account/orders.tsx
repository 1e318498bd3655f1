import { Link } from "react-router";
import { listOrdersForUser } from "@server/orders";
import { requireUser } from "@server/auth";
import { formatDate } from "~/lib/dates";
import { formatMoney } from "@core/money";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/orders";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "My Account", description: "Your orders.", path: "/account", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { orders: await listOrdersForUser(user.id) };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <>
      <h2 className="text-xl font-semibold">Order history</h2>
      {orders.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-gray-300 p-8 text-center">
          <p className="text-gray-700">You have not placed any orders yet.</p>
          <Link to="/products" className={buttonClass("primary", "medium", "mt-4")}>
            Browse products
          </Link>
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-gray-200">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Your orders, newest first</caption>
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Order</th>
                <th scope="col" className="px-4 py-3 font-semibold">Date</th>
                <th scope="col" className="px-4 py-3 font-semibold">Status</th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {orders.map((o) => (
                <tr key={o.id}>
                  <td className="px-4 py-3">
                    <Link to={`/account/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline">
                      {o.number}
                    </Link>
                    <span className="block text-xs text-gray-600">
                      {o.itemCount} item{o.itemCount === 1 ? "" : "s"}
                    </span>
                  </td>
                  <td className="px-4 py-3">{formatDate(o.createdAt)}</td>
                  <td className="px-4 py-3">{ORDER_STATUS_LABELS[o.status]}</td>
                  <td className="px-4 py-3 text-right font-medium">{formatMoney(o.totalCents, o.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
