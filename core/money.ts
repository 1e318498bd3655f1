/**
 * The only place minor units become text. One convention for every currency: the symbol before
 * the amount, two decimals (`£49.99`, `€49.99`, `$49.99`), from Intl.NumberFormat's en-US data.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  const code = currency.toUpperCase();
  let f = formatters.get(code);
  if (!f) {
    f = new Intl.NumberFormat("en-US", { style: "currency", currency: code });
    formatters.set(code, f);
  }
  return f;
}

/**
 * `currency` is required (ISO 4217, either case): an order's amounts are in its own currency, and a
 * default of dollars once showed a £52.98 order as "$52.98". Figures converted to USD say "USD".
 */
export function formatMoney(minor: number, currency: string): string {
  return formatter(currency).format(minor / 100);
}

const compactUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 });

/** US cents in a chart axis's few characters: "$0", "$250", "$1.5K". */
export function formatUsdCompact(cents: number): string {
  return compactUsd.format(cents / 100);
}

const symbols = new Map<string, string>();

/** The currency's symbol in the same convention: "£", "€", "$"; kept per currency (formatToParts showed in render profiles). */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    symbol = formatter(currency).formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
    symbols.set(currency, symbol);
  }
  return symbol;
}

/** A tax rate in basis points as a percentage without trailing zeros: 2000 → "20%", 2550 → "25.5%". */
export function formatRate(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
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

/**
 * Cents as a plain decimal amount ("49.99", "-2.50"), by integer arithmetic: what structured data,
 * payment APIs, CSV files and the admin's amount fields expect.
 */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
