import { Form, Link } from "react-router";
import { customerKey } from "@core/customer-key";
import { formatMoney } from "@core/money";
import type { AdminOrderDetail } from "@core/order-view";
import { Card } from "~/components/admin/card";
import { buttonClass } from "~/components/ui/button";
import { usePermission } from "~/lib/use-permission";
import { ActionResult, useOrderAction } from "./order-action";

/**
 * Who ordered: name, email, the note they left at checkout, their orders and spend (in USD), links to
 * the customer and their orders; once paid, resending the confirmation email and the printable packing slip and invoice.
 */
export function CustomerCard({ order }: { order: AdminOrderDetail }) {
  // The customer's page is the Customers permission's: a role without it is not sent to a 403.
  const mayViewCustomers = usePermission("customers");
  const { busy } = useOrderAction();
  return (
    <Card title="Customer" id="customer-title">
      <p className="font-medium">{order.name}</p>
      <p>
        <a href={`mailto:${order.email}`} className="break-all text-brand-700 underline">
          {order.email}
        </a>
      </p>
      {order.customerNote ? (
        // Plain text from the shopper: React escapes it; line breaks kept.
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="customer-note">
          <p className="text-sm font-semibold text-amber-950">Note from the customer</p>
          <p className="mt-1 whitespace-pre-line break-words text-gray-900">{order.customerNote}</p>
        </div>
      ) : null}
      <p className="mt-2 text-gray-800" data-testid="customer-stats">
        {order.customer.orderCount} {order.customer.orderCount === 1 ? "order" : "orders"} · {formatMoney(order.customer.totalSpentCents, "USD")} spent{order.currency.toUpperCase() === "USD" ? "" : " (in USD)"}
      </p>
      <p className="mt-1 flex flex-wrap gap-x-4">
        {mayViewCustomers ? (
          <Link to={`/admin/customers/${customerKey(order.email)}`} className="inline-block py-1 text-brand-700 underline">
            View customer
          </Link>
        ) : null}
        <Link to={`/admin/orders?q=${encodeURIComponent(order.email)}`} className="inline-block py-1 text-brand-700 underline">
          Orders from this customer
        </Link>
      </p>
      {order.paidAt ? (
        <>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" disabled={busy} className={buttonClass("secondary", "small")}>
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
      <div className="mt-2">
        <ActionResult intent="resend" />
      </div>
    </Card>
  );
}
