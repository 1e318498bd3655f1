import { COUNTRY_CODES } from "@core/countries";
import type { Market, PricingSettings, ShippingMethod, TaxRate } from "./types";

/**
 * The shop's commerce settings as first seeded: the Shipping Policy's zones, rates and thresholds
 * (content/shipping-policy.md), one market per zone, and the EU's standard VAT rates. The merchant
 * changes them in the back office; these are the starting values and the tests' reference.
 *
 * Where the policy said "shown at checkout" (UK Standard below the threshold) or "calculated at
 * checkout" (rest of the world) a price is chosen here, and the policy page shows these figures.
 */

/** The market of the base prices (USD, rate 1): it takes no explicit prices. */
export const BASE_MARKET_ID = "us";

export const EU_COUNTRIES = [
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE",
  "IT", "LV", "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
] as const;

/** Standard VAT rates of the EU-27 in basis points (as of 2026; the merchant keeps them current). */
export const EU_STANDARD_VAT_BPS: Record<(typeof EU_COUNTRIES)[number], number> = {
  AT: 2000, BE: 2100, BG: 2000, HR: 2500, CY: 1900, CZ: 2100, DK: 2500, EE: 2400, FI: 2550,
  FR: 2000, DE: 1900, GR: 2400, HU: 2700, IE: 2300, IT: 2200, LV: 2100, LT: 2100, LU: 1700,
  MT: 1800, NL: 2100, PL: 2300, PT: 2300, RO: 2100, SK: 2300, SI: 2200, ES: 2100, SE: 2500,
};

/**
 * Destinations the shop does not ship to although an address may name them: those under the UK's
 * (and the UN's) broad trade sanctions, which the couriers do not serve either. The checkout lists
 * them and refuses them with "We do not deliver to … at the moment", as the Shipping Policy promises
 * ("If we cannot ship to your country, the checkout will tell you before you pay").
 */
export const UNSERVED_COUNTRIES: readonly string[] = ["BY", "IR", "KP", "RU", "SY"];

/**
 * Rest of world: every other country an address may name (core/countries.ts), as the Shipping
 * Policy's "most other countries" promises, at the rest-of-world rates and in US dollars.
 */
export const REST_OF_WORLD_COUNTRIES: readonly string[] = COUNTRY_CODES.filter(
  (c) => c !== "GB" && c !== "US" && !(EU_COUNTRIES as readonly string[]).includes(c) && !UNSERVED_COUNTRIES.includes(c),
);

export const DEFAULT_MARKETS: Market[] = [
  { id: "uk", name: "United Kingdom", currency: "GBP", rateMicros: 790_000, rounding: "up_99", enabled: true, countries: ["GB"], taxMode: "inclusive", taxName: "VAT" },
  { id: "eu", name: "European Union", currency: "EUR", rateMicros: 920_000, rounding: "up_99", enabled: true, countries: [...EU_COUNTRIES], taxMode: "inclusive", taxName: "VAT" },
  { id: "us", name: "United States", currency: "USD", rateMicros: 1_000_000, rounding: "exact", enabled: true, countries: ["US"], taxMode: "exclusive", taxName: "Sales tax" },
  { id: "row", name: "Rest of world", currency: "USD", rateMicros: 1_000_000, rounding: "exact", enabled: true, countries: [...REST_OF_WORLD_COUNTRIES], taxMode: "exclusive", taxName: null },
];

const method = (m: Omit<ShippingMethod, "enabled" | "sameDayCutoff"> & Partial<Pick<ShippingMethod, "sameDayCutoff">>): ShippingMethod => ({
  enabled: true,
  sameDayCutoff: null,
  ...m,
});

export const DEFAULT_SHIPPING_METHODS: ShippingMethod[] = [
  method({ id: "uk-standard", marketId: "uk", name: "Standard", priceMinor: 399, freeFromMinor: 4000, minDays: 2, maxDays: 4, position: 1 }),
  method({ id: "uk-express", marketId: "uk", name: "Express", priceMinor: 899, freeFromMinor: null, minDays: 1, maxDays: 2, position: 2 }),
  method({ id: "uk-next-day", marketId: "uk", name: "Next Day", priceMinor: 1299, freeFromMinor: null, minDays: 1, maxDays: 1, position: 3, sameDayCutoff: "14:00" }),
  method({ id: "eu-standard", marketId: "eu", name: "Standard", priceMinor: 999, freeFromMinor: 6000, minDays: 5, maxDays: 8, position: 1 }),
  method({ id: "eu-express", marketId: "eu", name: "Express", priceMinor: 1999, freeFromMinor: null, minDays: 3, maxDays: 5, position: 2 }),
  method({ id: "us-standard", marketId: "us", name: "Standard", priceMinor: 1299, freeFromMinor: 7500, minDays: 7, maxDays: 12, position: 1 }),
  method({ id: "us-express", marketId: "us", name: "Express", priceMinor: 2499, freeFromMinor: null, minDays: 4, maxDays: 7, position: 2 }),
  method({ id: "us-priority", marketId: "us", name: "Priority", priceMinor: 3999, freeFromMinor: null, minDays: 2, maxDays: 4, position: 3 }),
  method({ id: "row-standard", marketId: "row", name: "Standard", priceMinor: 1999, freeFromMinor: null, minDays: 10, maxDays: 21, position: 1 }),
  method({ id: "row-express", marketId: "row", name: "Express", priceMinor: 3999, freeFromMinor: null, minDays: 5, maxDays: 10, position: 2 }),
];

/** UK VAT and the EU's standard rates, shipping taxed with the goods; no US state by default. */
export const DEFAULT_TAX_RATES: TaxRate[] = [
  { country: "GB", region: null, name: "VAT", rateBps: 2000, taxShipping: true },
  ...EU_COUNTRIES.map((country) => ({ country, region: null, name: "VAT", rateBps: EU_STANDARD_VAT_BPS[country], taxShipping: true })),
];

export const DEFAULT_PRICING_SETTINGS: PricingSettings = {
  markets: DEFAULT_MARKETS,
  shippingMethods: DEFAULT_SHIPPING_METHODS,
  taxRates: DEFAULT_TAX_RATES,
  dispatchMinDays: 1,
  dispatchMaxDays: 3,
  timeZone: "Europe/London",
};
