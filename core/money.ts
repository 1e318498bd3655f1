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
 * The default markets' currencies (server/pricing/defaults.ts), written by hand exactly as Intl's
 * en-US data writes them (tests/unit/money-format.test.ts compares the two): a page's first
 * Intl.NumberFormat costs a phone's main thread 25-100 ms (ICU's number data), and every storefront
 * page formats prices as it hydrates. Other currencies, and amounts that are not whole minor units
 * or reach 10^12 (where `minor / 100` loses cents to floating point), go through Intl.
 */
const HAND_WRITTEN: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

/**
 * `currency` is required (ISO 4217, either case): an order's amounts are in its own currency, and a
 * default of dollars once showed a £52.98 order as "$52.98". Figures converted to USD say "USD".
 */
export function formatMoney(minor: number, currency: string): string {
  const symbol = HAND_WRITTEN[currency.toUpperCase()];
  if (symbol === undefined || !Number.isInteger(minor) || Math.abs(minor) >= 1e12) return formatter(currency).format(minor / 100);
  const negative = minor < 0 || Object.is(minor, -0);
  const [units, cents] = centsToDecimal(Math.abs(minor)).split(".");
  return `${negative ? "-" : ""}${symbol}${units.replace(/\B(?=(\d{3})+$)/g, ",")}.${cents}`;
}

const symbols = new Map<string, string>();

/** The currency's symbol in the same convention: "£", "€", "$"; kept per currency (formatToParts showed in render profiles). */
export function currencySymbol(currency: string): string {
  let symbol = HAND_WRITTEN[currency.toUpperCase()] ?? symbols.get(currency);
  if (symbol === undefined) {
    symbol = formatter(currency).formatToParts(0).find((p) => p.type === "currency")?.value ?? currency;
    symbols.set(currency, symbol);
  }
  return symbol;
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
