import type { DiscountView } from "./discount-view";
import { formatMoney } from "./money";

/**
 * The checkout's price breakdown as the pages show it (checkout, payment page, emails, account and
 * admin order pages): plain data computed on the server by the pricing core, formatted here.
 */

export type TaxLineView = { name: string; rateBps: number; amountCents: number; included: boolean };

/**
 * A tax rate in basis points as a percentage without trailing zeros: 2000 → "20%", 2550 → "25.5%".
 * Here rather than in money.ts, which every storefront page loads: only the breakdown shows rates.
 */
export function formatRate(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** "Including VAT (20%)" for tax inside the prices, "Sales tax (8.875%)" or "Sales tax" for tax added. */
export function taxLineLabel(t: Pick<TaxLineView, "name" | "rateBps" | "included">): string {
  const rate = t.rateBps > 0 ? ` (${formatRate(t.rateBps)})` : "";
  return t.included ? `Including ${t.name}${rate}` : `${t.name}${rate}`;
}

/** "Including VAT (20%) £8.33", "Sales tax $0.00". */
export function taxLineText(t: TaxLineView, currency: string): string {
  return `${taxLineLabel(t)} ${formatMoney(t.amountCents, currency)}`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** A "YYYY-MM-DD" calendar date as "Tue 25 Nov" (a date, not an instant: no time zone shifts it). */
export function formatDay(isoDate: string): string {
  return dayFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** "Tue 25 Nov – Fri 28 Nov", or one day when both ends are the same. */
export function formatDeliveryRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

export type ShippingOptionView = {
  methodId: string;
  name: string;
  priceCents: number;
  free: boolean;
  estimate: { earliest: string; latest: string };
};

/** Everything the checkout summary shows for one destination and method. */
export type CheckoutQuoteView = {
  country: string;
  /** The US state whose sales tax was looked up; null elsewhere or before one is chosen. */
  region: string | null;
  marketName: string;
  currency: string;
  lines: { variantId: string; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  discount: { code: string; label: string; amountCents: number; freeShipping: boolean } | null;
  options: ShippingOptionView[];
  methodId: string;
  shippingCents: number;
  taxLines: TaxLineView[];
  totalCents: number;
};

/** A cart line as the checkout summary lists it; its price comes from the quote. */
export type CheckoutSummaryLine = { variantId: string; title: string; variantName: string; quantity: number };

/**
 * The checkout summary priced by the server for a country and method (server/checkout/page.ts): the
 * quote, or, for a country the shop does not deliver to, no quote and the reason; the cart's code.
 */
export type PricedSummary = { quote: CheckoutQuoteView | null; countryError: string | null; discount: DiscountView | null };
