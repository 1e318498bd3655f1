import { formatMoney } from "@core/money";
import { totalsAmount, type OrderTotals as Totals } from "@core/order-totals";

/** One bought line as every order view gets it from server/orders (lineTotalCents is computed there, once). */
export type OrderLineView = {
  id: string;
  title: string;
  variantName: string;
  unitPriceCents: number;
  quantity: number;
  refundedQuantity?: number;
  lineTotalCents: number;
};

/**
 * The items of an order: the admin order page and dialog, the account order page, the success page
 * and the invoice. `compact` is the back office's dense table; the shop's is roomier with a header
 * band. `withPrices={false}` leaves the prices out (the packing slip).
 */
export function OrderLinesTable({
  lines,
  currency,
  caption,
  compact = false,
  withPrices = true,
}: {
  lines: OrderLineView[];
  currency: string;
  caption: string;
  compact?: boolean;
  withPrices?: boolean;
}) {
  const cell = compact ? "py-1.5 pr-3" : "px-4 py-3";
  const head = compact ? "py-1 pr-3 font-medium" : "px-4 py-3 font-semibold";
  // On a phone the shop's table drops its Price column (the line says "… each" instead), so the
  // item, quantity and total fit 375 px without scrolling sideways.
  const priceColumn = compact ? "" : "hidden sm:table-cell";
  return (
    // A phone may scroll the table sideways: the region takes keyboard focus so it can be scrolled without a mouse.
    <div className={compact ? "overflow-x-auto" : "overflow-x-auto rounded-xl border border-gray-200"} role="region" aria-label={caption} tabIndex={0}>
      <table className={compact ? "w-full text-left" : "w-full text-left text-sm"}>
        <caption className="sr-only">{caption}</caption>
        <thead className={compact ? "text-xs text-gray-600" : "bg-gray-50 text-gray-700"}>
          <tr>
            <th scope="col" className={head}>
              Item
            </th>
            <th scope="col" className={`${head} text-right`}>
              Qty
            </th>
            {withPrices ? (
              <>
                <th scope="col" className={`${head} ${priceColumn} text-right`}>
                  Price
                </th>
                <th scope="col" className={`${head} text-right`}>
                  Total
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className={compact ? "divide-y divide-gray-100" : "divide-y divide-gray-200"}>
          {lines.map((l) => (
            <tr key={l.id}>
              <td className={cell}>
                {l.title}
                {l.variantName ? <span className="text-gray-600"> ({l.variantName})</span> : null}
                {withPrices && !compact ? <span className="block text-xs text-gray-600 sm:hidden">{formatMoney(l.unitPriceCents, currency)} each</span> : null}
                {l.refundedQuantity ? <span className="block text-xs text-gray-700">{l.refundedQuantity} refunded</span> : null}
              </td>
              <td className={`${cell} text-right`}>{l.quantity}</td>
              {withPrices ? (
                <>
                  <td className={`${cell} ${priceColumn} text-right`}>{formatMoney(l.unitPriceCents, currency)}</td>
                  <td className={`${cell} text-right`}>{formatMoney(l.lineTotalCents, currency)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The totals block under an order's items; its lines come as data (core/order-totals). `children`: more dt/dd rows. */
export function OrderTotals({ totals, className = "", children }: { totals: Totals; className?: string; children?: React.ReactNode }) {
  return (
    <dl className={`text-sm ${className}`}>
      {totals.lines.map((line) => (
        <div
          key={line.key}
          className={`flex justify-between gap-4 py-1 ${line.strong ? "border-t border-gray-200 pt-2 font-semibold" : ""} ${line.note ? "text-gray-600" : ""}`}
        >
          <dt>{line.label}</dt>
          <dd className="text-right" data-testid={line.key === "total" ? "order-total" : line.key.startsWith("tax-") ? "order-tax" : undefined}>
            {totalsAmount(line, totals.currency)}
          </dd>
        </div>
      ))}
      {children}
      {totals.delivery ? (
        <div className="flex justify-between gap-4 py-1 text-gray-600">
          <dt>Delivery</dt>
          <dd className="text-right" data-testid="order-delivery">
            {totals.delivery}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}
