import { useEffect, useState } from "react";
import { data, useLocation, useRevalidator } from "react-router";
import { getSessionUser } from "@server/auth";
import { clearPurchasedCart } from "@server/checkout";
import { getOrderBySession } from "@server/orders";
import { ResultPage } from "~/components/shop/result-page";
import { orderTotals } from "@core/order-totals";
import { OrderLinesTable, OrderTotals } from "~/components/order/order-lines";
import { AddressLines } from "~/components/order/address-lines";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/checkout-success";

/**
 * The provider's return page. It never marks anything paid: it shows what the webhook recorded,
 * and until then a 'Confirming your payment...' state that checks again by itself.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const order = sessionId ? await getOrderBySession(sessionId) : null;
  const setCookies = order ? await clearPurchasedCart(request, (await getSessionUser(request))?.id ?? null, order.id) : [];
  const headers = new Headers();
  for (const c of setCookies) headers.append("Set-Cookie", c);
  return data({
    order: order && {
      number: order.number,
      status: order.status,
      cancelReason: order.cancelReason,
      lines: order.lines,
      subtotalCents: order.subtotalCents,
      discount: order.discount,
      shippingCents: order.shippingCents,
      totalCents: order.totalCents,
      currency: order.currency,
      shippingMethod: order.shippingMethod,
      delivery: order.delivery,
      taxLines: order.taxLines,
      createAccount: order.createAccount,
      // Where it goes: the page is opened with the payment session's id, a secret of this shopper's.
      name: order.name,
      shipping: order.shipping,
    },
  }, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Payment Successful", description: "Your order confirmation.", path: "/checkout-success", noindex: true });

const POLL_MS = 1500;
const MAX_POLLS = 80;
const LINKS = [
  { to: "/products", label: "Continue Shopping" },
  { to: "/", label: "Return to Homepage" },
];

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const revalidator = useRevalidator();
  const location = useLocation();
  const waiting = order?.status === "pending";
  const [polls, setPolls] = useState(0);

  // The cart was emptied on the server: refresh the header badge once.
  useEffect(() => {
    void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!waiting || polls >= MAX_POLLS) return;
    const timer = setTimeout(() => {
      setPolls((n) => n + 1);
      void revalidator.revalidate();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, revalidator]);

  if (!order) {
    return (
      <ResultPage tone="problem" title="We could not find this payment" links={LINKS}>
        <p>If you were charged, please contact us with the email address you paid with: your order number is in its confirmation email.</p>
      </ResultPage>
    );
  }

  // The order number is the one reference a customer quotes (page, email, account, back office);
  // the provider's session id stays out of sight (DESIGN.md section 7).
  const numberLine = (
    <p>
      Order number: <strong data-testid="order-number">{order.number}</strong>
    </p>
  );

  if (order.status === "cancelled" || order.status === "payment_failed") {
    const soldOut = order.cancelReason?.startsWith("Sold out");
    return (
      <ResultPage tone="problem" title={order.status === "cancelled" ? "Order Cancelled" : "Payment Failed"} links={LINKS}>
        {numberLine}
        <p>
          {order.status === "payment_failed"
            ? "Your payment did not go through, and no charges were made."
            : soldOut
              ? "Your payment reached us after the items you chose had sold out. We have refunded it in full and sent you an email."
              : `This order was cancelled: ${order.cancelReason ?? "it was not paid in time"}.`}
        </p>
      </ResultPage>
    );
  }

  return (
    <ResultPage tone="success" title="Payment Successful!" links={LINKS}>
      {numberLine}
      {waiting ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-xl border border-gray-200 p-5">
          <span aria-hidden="true" className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
          <p className="font-semibold">Confirming your payment...</p>
          <p className="text-sm text-gray-600">
            {polls >= MAX_POLLS ? "This is taking longer than usual." : "This page updates by itself."}{" "}
            <a href={`${location.pathname}${location.search}`} className="font-semibold text-brand-700 underline">
              Check again
            </a>
          </p>
        </div>
      ) : (
        <>
          <p>
            Status: <strong data-testid="order-status">{ORDER_STATUS_LABELS[order.status]}</strong>
          </p>
          <p>A confirmation email with your order details is on its way.</p>
          {order.createAccount ? (
            // Worded the same whether or not the address has an account: the page must not tell.
            <p data-testid="account-note">
              You asked for an account: unless your email address already has one with us, a link to choose your password is on its way to it.
            </p>
          ) : null}
          <div className="mt-4 text-left">
            <OrderLinesTable lines={order.lines} currency={order.currency} caption="Your order" />
            <OrderTotals totals={orderTotals(order)} className="ml-auto mt-3 max-w-72" />
          </div>
          <section aria-labelledby="delivery-address-title" className="mt-4 rounded-xl border border-gray-200 p-4 text-left" data-testid="delivery-address">
            <h2 id="delivery-address-title" className="font-semibold text-gray-900">
              Delivery address
            </h2>
            <AddressLines address={{ name: order.name, ...order.shipping }} className="mt-2 text-sm leading-6 text-gray-800" />
          </section>
        </>
      )}
    </ResultPage>
  );
}
