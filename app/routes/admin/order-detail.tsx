import { Link, data } from "react-router";
import { z } from "zod";
import { requireAdmin, requirePermission } from "@server/auth";
import { addOrderNote, changeOrderStatus, getAdminOrder, resendOrderConfirmation } from "@server/orders";
import { fulfilOrder, updateShippingAddress } from "@server/orders";
import { refundActionKey, refundOrder } from "@server/orders";
import { advanceReturn, refundReturn } from "@server/orders";
import { OrderWorkspace } from "~/components/admin/order-workspace";
import { adminMeta } from "~/lib/admin";
import { nestFormData } from "@core/nested-form";
import { orderActionPermission, orderActionSchema, type OrderActionResult } from "@core/order-workspace";
import type { Route } from "./+types/order-detail";
import { readForm } from "@server/http/form";
import { domainErrorResponse, invalidForm } from "@server/http/responses";

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d?.order ? `Order ${d.order.number}` : "Order not found");

/**
 * One order: the order page (a workspace: customer, address, items, payment, timeline, and the
 * actions), also fetched by the quick-look dialog of /admin/orders (useFetcher().load). A missing
 * order answers 404 with `order: null`, so the dialog can say so.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "orders:view");
  const id = z.string().uuid().safeParse(params.id);
  const order = id.success ? await getAdminOrder(id.data) : null;
  return data({ order }, { status: order ? 200 : 404 });
}

const RETURN_STEP_DONE = { approve: "Return approved; the customer was emailed", decline: "Return declined; the customer was emailed", receive: "Return marked as received", refund: "Return refunded and restocked" };

const answer = (result: OrderActionResult, status = 200) => data(result, { status });

/**
 * The page's forms, one intent each; the same schema checks them in the browser. Each intent needs
 * its own permission (orderActionPermission: a refund, a return's refund and cancelling need "Refund
 * orders"; fulfilling and the address "Fulfil orders"), refused with 403 before its fields are checked.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "orders:view");
  const id = z.string().uuid().safeParse(params.id);
  if (!id.success) return answer({ ok: false, intent: "", message: "This order no longer exists." }, 404);
  const form = nestFormData(await readForm(request));
  const needs = orderActionPermission(form);
  if (needs) requirePermission(admin, needs);
  const parsed = orderActionSchema.safeParse(form);
  const intent = typeof form.intent === "string" ? form.intent : "";
  if (!parsed.success) return invalidForm(parsed.error, { intent });
  const a = parsed.data;
  try {
    switch (a.intent) {
      case "note":
        await addOrderNote(id.data, a.note, admin);
        return answer({ ok: true, intent, message: "Note added" });
      case "fulfil":
        await fulfilOrder(id.data, { carrier: a.carrier ?? null, trackingNumber: a.trackingNumber ?? null }, admin);
        return answer({ ok: true, intent, message: "Order fulfilled; the customer was emailed" });
      case "address": {
        const { intent: _, ...address } = a;
        await updateShippingAddress(id.data, address, admin);
        return answer({ ok: true, intent, message: "Shipping address saved" });
      }
      case "refund": {
        const lines = Object.entries(a.qty).map(([itemId, quantity]) => ({ itemId, quantity, restock: a.restock[itemId] === "on" }));
        const outcome = await refundOrder(
          id.data,
          { lines, shipping: a.shipping === "on", extraCents: a.amount, reason: a.reason, actionKey: refundActionKey.form(id.data, a.key) },
          admin,
        );
        if (outcome.status === "failed") return answer({ ok: false, intent, message: "The payment provider refused the refund: see the timeline and refund it by hand." }, 502);
        return answer({ ok: true, intent, message: outcome.repeated ? "This refund was sent already; nothing more was refunded" : "Refund sent to the payment provider" });
      }
      case "return":
        if (a.step === "refund") await refundReturn(a.returnId, admin);
        else await advanceReturn(a.returnId, a.step, admin);
        return answer({ ok: true, intent, message: RETURN_STEP_DONE[a.step] });
      case "resend": {
        const { to } = await resendOrderConfirmation(id.data, admin);
        return answer({ ok: true, intent, message: `Order confirmation sent again to ${to}` });
      }
      case "cancel":
        await changeOrderStatus(id.data, "cancelled", admin);
        return answer({ ok: true, intent, message: "Order cancelled" });
    }
  } catch (err) {
    return domainErrorResponse(err, (e): OrderActionResult => ({ ok: false, intent, message: e.publicMessage, fieldErrors: e.fieldErrors }));
  }
}

export default function AdminOrderPage({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <div className="mx-auto max-w-6xl">
      <Link to="/admin/orders" className="text-sm font-medium text-brand-700 underline">
        Back to orders
      </Link>
      {order ? (
        <OrderWorkspace order={order} />
      ) : (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-700">Order not found</p>
      )}
    </div>
  );
}
