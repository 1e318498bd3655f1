import { Link, data } from "react-router";
import { requireAdmin } from "@server/auth";
import { getCustomer } from "@server/customers";
import { adminMeta } from "~/lib/admin";
import { useAdminDate } from "~/lib/use-admin-date";
import { emailOfCustomerKey } from "@core/customer-key";
import { formatMoney } from "@core/money";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, fulfilmentStatus, paymentStatus } from "@core/order-workspace";
import { Card } from "~/components/admin/card";
import { OrderListItem } from "~/components/admin/order-list-item";
import type { Route } from "./+types/customer";
import { AddressLines } from "~/components/order/address-lines";

export const meta: Route.MetaFunction = ({ data: d }) => adminMeta(d?.customer ? d.customer.name : "Customer not found");

/** One customer (the key is their email, see core/customer-key.ts): orders, addresses, staff notes. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "customers");
  const email = emailOfCustomerKey(params.id);
  const customer = email ? await getCustomer(email) : null;
  return data({ customer }, { status: customer ? 200 : 404 });
}

export default function CustomerPage({ loaderData }: Route.ComponentProps) {
  const { customer: c } = loaderData;
  const date = useAdminDate();
  if (!c) {
    return (
      <div className="mx-auto max-w-6xl">
        <Link to="/admin/customers" className="text-sm font-medium text-brand-700 underline">
          Back to customers
        </Link>
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-700">Customer not found</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-6xl">
      <Link to="/admin/customers" className="text-sm font-medium text-brand-700 underline">
        Back to customers
      </Link>
      <header className="mt-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-5">
        <h2 className="text-xl font-semibold">{c.name}</h2>
        <p className="mt-1 text-sm">
          <a href={`mailto:${c.email}`} className="break-all text-brand-700 underline">
            {c.email}
          </a>
        </p>
        <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="customer-summary">
          <div className="flex gap-2">
            <dt className="text-gray-700">Orders</dt>
            <dd className="font-semibold">{c.orderCount}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-gray-700">Spent</dt>
            <dd className="font-semibold">
              {formatMoney(c.totalSpentCents, "USD")}
              <span className="sr-only"> in US dollars</span>
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-gray-700">Last order</dt>
            <dd className="font-semibold">{c.lastOrderAt ? <time dateTime={c.lastOrderAt}>{date(c.lastOrderAt)}</time> : "None"}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-gray-700">Account</dt>
            <dd className="font-semibold">{c.registeredAt ? <>Registered <time dateTime={c.registeredAt}>{date(c.registeredAt, false)}</time></> : "Guest"}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-gray-700">Newsletter</dt>
            <dd className="font-semibold">{c.newsletter ? "Subscribed" : "Not subscribed"}</dd>
          </div>
        </dl>
        <p className="mt-2 text-xs text-gray-600">Spent is in US dollars: orders in pounds or euros are converted at the exchange rate stored with each order, refunds taken off.</p>
      </header>

      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="min-w-0 space-y-4 lg:col-span-2">
          <Card title="Orders" id="customer-orders-title">
            {c.orders.length === 0 ? (
              <p className="text-gray-700">No orders yet.</p>
            ) : (
              <ul aria-label="Their orders" className="divide-y divide-gray-100">
                {c.orders.map((o) => (
                  <OrderListItem
                    key={o.id}
                    testId="customer-order"
                    order={o}
                    link={o.number}
                    details={
                      <>
                        <time dateTime={o.createdAt}>{date(o.createdAt)}</time> · {o.products}
                      </>
                    }
                    aside={
                      <>
                        {PAYMENT_STATUS_LABELS[paymentStatus({ status: o.status, paid: o.paid, totalCents: o.totalCents, refundedCents: o.refundedCents })]} ·{" "}
                        {FULFILMENT_STATUS_LABELS[fulfilmentStatus({ status: o.status, fulfilledAt: o.fulfilledAt, returns: o.returned ? [{ status: "received" }] : [] })]}
                      </>
                    }
                  />
                ))}
              </ul>
            )}
          </Card>
          <Card title="Staff notes" id="customer-notes-title">
            {c.notes.length === 0 ? (
              <p className="text-gray-700">No notes on their orders.</p>
            ) : (
              <ul aria-label="Staff notes" className="space-y-2">
                {c.notes.map((n, i) => (
                  <li key={i} className="border-l-2 border-amber-400 pl-3">
                    <p className="whitespace-pre-line">{n.note}</p>
                    <p className="text-xs text-gray-600">
                      <Link to={`/admin/orders/${n.orderId}`} className="text-brand-700 underline">
                        {n.orderNumber}
                      </Link>{" "}
                      · {n.by} · <time dateTime={n.at}>{date(n.at)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <Card title="Addresses" id="customer-addresses-title">
          {c.addresses.length === 0 ? (
            <p className="text-gray-700">No address yet.</p>
          ) : (
            <ul className="space-y-3">
              {c.addresses.map((a, i) => (
                <li key={i}>
                  <AddressLines address={a} />
                  <span className="text-xs text-gray-600">{a.source === "account" ? "Saved in their account" : "Shipped to"}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
