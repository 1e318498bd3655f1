import { data, Link, useNavigation } from "react-router";
import { CustomerOrderDetails } from "~/components/order/customer-order";
import { getOrderForUser } from "@server/orders";
import { requireUser } from "@server/auth";
import { readForm } from "@server/http/form";
import { RETURN_REQUEST_SENT, submitReturnRequest } from "@server/orders";
import { missingPageOrDomainError } from "@server/http/responses";
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

/** The customer asks to return items (within 30 days from dispatch, with a reason: server/orders/returns.ts). */

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  try {
    await submitReturnRequest(await readForm(request), { userId: user.id }, String(params.id));
  } catch (err) {
    return missingPageOrDomainError(err);
  }
  return data({ ok: true as const, message: RETURN_REQUEST_SENT });
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state !== "idle";
  return (
    <>
      <p className="text-sm">
        <Link to="/account" className="font-medium text-brand-700 hover:underline">
          Back to orders
        </Link>
      </p>
      <CustomerOrderDetails order={loaderData.order} result={actionData} pending={pending} />
    </>
  );
}
