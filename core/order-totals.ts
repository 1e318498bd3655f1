import { formatDeliveryRange, taxLineLabel } from "./checkout-quote";
import { formatMoney } from "./money";
import { orderDiscountLabel, type OrderSummary } from "./order-view";

/**
 * An order's totals as data: the one list of lines (subtotal, discount, shipping, tax, total...) that the
 * admin order page, the account order page, the success page and the confirmation email all show.
 * A new kind of line (a tax line, a duty) is added here once and appears everywhere.
 */
export type TotalsLine = {
  /** Stable id of the line: "subtotal", "discount", "shipping", "tax", "total", "refunded", "net". */
  key: string;
  label: string;
  /** Minor units of the order's currency, never negative: `deduct` says it is taken off. */
  amountCents: number;
  deduct?: boolean;
  /** Zero reads "Free" (shipping). */
  freeAtZero?: boolean;
  /** The sum that is paid or kept: bold, with a rule above it. */
  strong?: boolean;
  /** Already inside the amounts above (VAT included in the prices): shown after the total, not added. */
  note?: boolean;
};

/** `delivery`: "Next Day, estimated delivery Tue 25 Nov – Wed 26 Nov" (null for orders without one). */
export type OrderTotals = { currency: string; lines: TotalsLine[]; delivery: string | null };

export type OrderTotalsSource = Pick<
  OrderSummary,
  "subtotalCents" | "discount" | "shippingCents" | "totalCents" | "currency" | "shippingMethod" | "delivery" | "taxLines"
>;

export function orderTotals(order: OrderTotalsSource): OrderTotals {
  const lines: TotalsLine[] = [{ key: "subtotal", label: "Subtotal", amountCents: order.subtotalCents }];
  if (order.discount) lines.push({ key: "discount", label: orderDiscountLabel(order.discount), amountCents: order.discount.amountCents, deduct: true });
  lines.push({ key: "shipping", label: order.shippingMethod ? `Shipping (${order.shippingMethod})` : "Shipping", amountCents: order.shippingCents, freeAtZero: true });
  // Tax added on top (US sales tax) before the total; tax inside the prices (VAT) after it.
  order.taxLines.forEach((t, i) => {
    if (!t.included) lines.push({ key: `tax-${i}`, label: taxLineLabel(t), amountCents: t.amountCents });
  });
  lines.push({ key: "total", label: "Total", amountCents: order.totalCents, strong: true });
  order.taxLines.forEach((t, i) => {
    if (t.included) lines.push({ key: `tax-${i}`, label: taxLineLabel(t), amountCents: t.amountCents, note: true });
  });
  return { currency: order.currency, lines, delivery: deliveryLine(order) };
}

/** "Next Day, estimated delivery Tue 25 Nov – Wed 26 Nov"; null when the order has no estimate. */
export function deliveryLine(order: Pick<OrderSummary, "shippingMethod" | "delivery">): string | null {
  if (!order.delivery) return null;
  const when = `estimated delivery ${formatDeliveryRange(order.delivery.from, order.delivery.to)}`;
  return order.shippingMethod ? `${order.shippingMethod}, ${when}` : `Estimated delivery ${formatDeliveryRange(order.delivery.from, order.delivery.to)}`;
}

/** Staff also see what was refunded and what the shop keeps. */
export function withRefunds(totals: OrderTotals, refundedCents: number, totalCents: number): OrderTotals {
  if (refundedCents <= 0) return totals;
  return {
    ...totals,
    lines: [
      ...totals.lines.filter((l) => !l.note),
      { key: "refunded", label: "Refunded", amountCents: refundedCents, deduct: true },
      { key: "net", label: "Net", amountCents: totalCents - refundedCents, strong: true },
      ...totals.lines.filter((l) => l.note),
    ],
  };
}

/** A line's amount as text: "$49.99", "-$10.00", "Free". */
export function totalsAmount(line: TotalsLine, currency: string): string {
  if (line.freeAtZero && line.amountCents === 0) return "Free";
  return `${line.deduct ? "-" : ""}${formatMoney(line.amountCents, currency)}`;
}
