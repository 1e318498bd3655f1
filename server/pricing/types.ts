/**
 * The commerce settings the pricing core works from (markets, shipping, tax). Plain data: the
 * settings tables are read into this shape, and the tests build it by hand. Money is integer minor
 * units of the market's currency (pence, cents); every currency here has two decimals.
 */

/** How a converted price is rounded, after converting to the nearest minor unit. */
export type RoundingRule =
  /** the nearest minor unit (half up): 45.9908 → 45.99 */
  | "exact"
  /** up to the next .99 of a whole unit (39.49 → 39.99; 39.99 stays) */
  | "up_99"
  /** up to the next whole unit (39.49 → 40.00; 40.00 stays) */
  | "up_whole";

export const ROUNDING_RULES: readonly RoundingRule[] = ["exact", "up_99", "up_whole"];

/** Whether the market's prices already contain the destination's tax (UK/EU VAT) or exclude it (US sales tax). */
export type TaxMode = "inclusive" | "exclusive";

export type Market = {
  id: string;
  name: string;
  /** ISO 4217, upper case, a two-decimal currency. */
  currency: string;
  /** Units of this currency per US dollar, in millionths (0.79 → 790000): the base prices are USD. */
  rateMicros: number;
  rounding: RoundingRule;
  enabled: boolean;
  /** ISO 3166-1 alpha-2 codes this market serves (delivery countries). */
  countries: readonly string[];
  taxMode: TaxMode;
  /** The tax's name shown at checkout when a country has no rate ("Sales tax $0.00"); null shows no line. */
  taxName: string | null;
};

/** A shipping method of a market's zone. Prices in the market's currency, tax as the market's mode says. */
export type ShippingMethod = {
  id: string;
  marketId: string;
  name: string;
  priceMinor: number;
  /** Free when the discounted subtotal is at least this much; null: never free. */
  freeFromMinor: number | null;
  /** Business days in transit after dispatch. */
  minDays: number;
  maxDays: number;
  /**
   * "HH:MM" in the shop's time zone: ordered by then on a business day, dispatched the same day
   * (Next Day). Null: the shop's usual dispatch time applies.
   */
  sameDayCutoff: string | null;
  position: number;
  enabled: boolean;
};

export type TaxRate = {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** A subdivision (a US state code), or null for the whole country. The subdivision's rate wins. */
  region: string | null;
  name: string;
  /** Basis points: 2000 = 20%, 2550 = 25.5%. */
  rateBps: number;
  /** Whether shipping is taxed at this rate too. */
  taxShipping: boolean;
};

export type PricingSettings = {
  markets: readonly Market[];
  shippingMethods: readonly ShippingMethod[];
  taxRates: readonly TaxRate[];
  /** Business days between payment and dispatch (the policy: 1-3). */
  dispatchMinDays: number;
  dispatchMaxDays: number;
  /** The shop's time zone: business days and the Next Day cut-off are counted in it. */
  timeZone: string;
};
