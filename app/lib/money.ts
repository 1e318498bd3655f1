/** The only place cents become text. Prices are US dollars, two decimals. */
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}

/** Whole-percent saving of a price against a compare-at price, rounded; 0 when there is none. */
export function discountPercent(priceCents: number, compareAtCents: number | null | undefined): number {
  if (!compareAtCents || compareAtCents <= priceCents) return 0;
  return Math.round(((compareAtCents - priceCents) / compareAtCents) * 100);
}

/** Dollars typed by an admin ("49.99") to cents, without floating-point drift. */
export function dollarsToCents(dollars: string | number): number {
  return Math.round(Number(dollars) * 100);
}

/** Cents as a plain decimal amount ("49.99"), the form structured data and payment APIs expect. */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}
