import { taxLineLabel, type CheckoutQuoteView, type CheckoutSummaryLine } from "@core/checkout-quote";
import { discountLine } from "@core/discount-view";
import { formatMoney } from "@core/money";

/**
 * The order as it will be charged: lines, subtotal, discount, the chosen method's shipping, added
 * tax, total, then tax included in the prices ("Including VAT (20%) £8.33"). `children`: the
 * discount code box under it.
 */
export function OrderSummary({
  lines,
  quote,
  updating,
  children,
}: {
  lines: CheckoutSummaryLine[];
  quote: CheckoutQuoteView | null;
  updating: boolean;
  children: React.ReactNode;
}) {
  const money = (cents: number) => formatMoney(cents, quote?.currency ?? "USD");
  const method = quote?.options.find((o) => o.methodId === quote.methodId);
  return (
    <section aria-labelledby="summary-heading" aria-busy={updating} className="h-fit rounded-2xl border border-gray-200 bg-gray-50 p-6">
      <h2 id="summary-heading" className="text-lg font-semibold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-gray-200">
        {lines.map((l) => {
          const priced = quote?.lines.find((q) => q.variantId === l.variantId);
          return (
            <li key={l.variantId} className="flex justify-between gap-4 py-3 text-sm">
              <span>
                <span className="font-medium">{l.title}</span>
                {l.variantName || l.quantity > 1 ? (
                  <span className="block text-gray-600">
                    {l.variantName}
                    {l.quantity > 1 ? `${l.variantName ? " " : ""}× ${l.quantity}` : ""}
                  </span>
                ) : null}
              </span>
              <span className="font-medium">{priced ? money(priced.lineTotalCents) : null}</span>
            </li>
          );
        })}
      </ul>
      {quote ? (
        <dl className={`mt-4 space-y-2 border-t border-gray-200 pt-4 text-sm ${updating ? "opacity-60" : ""}`}>
          <div className="flex justify-between">
            <dt className="text-gray-600">Subtotal</dt>
            <dd data-testid="checkout-subtotal">{money(quote.subtotalCents)}</dd>
          </div>
          {quote.discount ? (
            <div className="flex justify-between text-green-800">
              <dt>Discount ({quote.discount.code})</dt>
              <dd data-testid="checkout-discount">{quote.discount.freeShipping ? discountLine({ ...quote.discount, percentOff: null }, quote.currency) : `-${money(quote.discount.amountCents)}`}</dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-gray-600">Shipping{method ? ` (${method.name})` : ""}</dt>
            <dd data-testid="checkout-shipping">{quote.shippingCents === 0 ? "Free" : money(quote.shippingCents)}</dd>
          </div>
          {quote.taxLines
            .filter((t) => !t.included)
            .map((t) => (
              <div key={t.name} className="flex justify-between">
                <dt className="text-gray-600">{taxLineLabel(t)}</dt>
                <dd data-testid="checkout-tax">{money(t.amountCents)}</dd>
              </div>
            ))}
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd data-testid="checkout-total">{money(quote.totalCents)}</dd>
          </div>
          {quote.taxLines
            .filter((t) => t.included)
            .map((t) => (
              <div key={t.name} className="flex justify-between text-gray-600">
                <dt>{taxLineLabel(t)}</dt>
                <dd data-testid="checkout-tax">{money(t.amountCents)}</dd>
              </div>
            ))}
        </dl>
      ) : null}
      {children}
    </section>
  );
}
