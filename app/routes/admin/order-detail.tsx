import { Link, data } from "react-router";
import { z } from "zod";
import { adminHeaders, requireAdmin } from "@server/auth/guards";
import { getAdminOrder } from "@server/orders/admin";
import { OrderDetail } from "~/components/admin/order-detail";
import { adminMeta } from "~/lib/admin";
import type { Route } from "./+types/order-detail";

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d?.order ? `Order ${d.order.number}` : "Order not found");

/**
 * One order: fetched by the detail dialog of /admin/orders (useFetcher().load) and a page of its own
 * when opened directly. A missing order answers 404 with `order: null`, so the dialog can say so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = z.string().uuid().safeParse(params.id);
  const order = id.success ? await getAdminOrder(id.data) : null;
  return data({ order }, { status: order ? 200 : 404, headers: adminHeaders });
}

export default function AdminOrderDetail({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/admin/orders" className="text-sm font-medium text-brand-700 underline">
        Back to orders
      </Link>
      {order ? (
        <article aria-labelledby="order-title" className="mt-4 rounded-xl border border-gray-200 bg-white p-5">
          <h2 id="order-title" className="text-xl font-semibold">
            Order {order.number}
          </h2>
          <OrderDetail order={order} />
        </article>
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-700">Order not found</p>
      )}
    </div>
  );
}
