import { deliveryEstimate, type DeliveryEstimate } from "./delivery";
import { PricingError } from "./errors";
import { applyRounding, assertMinor, convertFromUsd } from "./money";
import { taxOn } from "./charges";
import type { Market, PricingSettings, ShippingMethod, TaxRate } from "./types";

/**
 * The pricing core's entry point: a cart, a market and (once the shopper has said where it goes) a
 * destination and a shipping method, in; every amount the order will charge, out. Pure: no
 * database, no clock (the caller passes `now`), no formatting.
 *
 * The steps run in this order, and a discount slots in at step 2 without touching the others:
 *   1. line prices      each line's unit price in the market's currency (explicit market price
 *                       wins, else the USD base price × rate, then the market's rounding rule)
 *   2. discount         `input.discount` (a DiscountStep), if given: per-line amounts off, and
 *                       optionally free shipping
 *   3. free shipping    each method's threshold is compared with the DISCOUNTED subtotal
 *   4. shipping         the chosen method of the market's zone (the first by position if none)
 *   5. tax              on the discounted line amounts and the shipping, per line, rounded per line
 *   6. total            discounted subtotal + shipping + tax that is added on top (US); included
 *                       tax (UK/EU VAT) is already inside the prices and is only reported
 */

/** A cart line as the caller knows it: the quantity, the USD base price and any explicit market price. */
export type CartLineInput = {
  /** The caller's key for the line (a variant id), carried through to the priced line. */
  key: string;
  quantity: number;
  /** The product's base price in US cents. */
  basePriceCents: number;
  /** The merchant's explicit price for this market, in its minor units; it wins over conversion. */
  marketPriceMinor?: number | null;
};

export type PricedLine = {
  key: string;
  quantity: number;
  unitPriceMinor: number;
  /** unitPriceMinor × quantity. */
  lineTotalMinor: number;
  /** This line's share of the discount (0 without one). */
  discountMinor: number;
  /** The tax on (lineTotalMinor − discountMinor), rounded for this line. */
  taxMinor: number;
};

/** What step 2 sees: the priced lines (discountMinor still 0) and their subtotal. */
export type DiscountInput = {
  market: Market;
  lines: readonly PricedLine[];
  subtotalMinor: number;
};

/**
 * What a discount takes off. `lineDiscountsMinor[i]` is taken from `lines[i]` (use `allocate` to
 * spread an order-level amount); each must be between 0 and that line's total. `freeShipping`
 * waives the free-shipping threshold: every method that has a threshold becomes free.
 */
export type DiscountResult = {
  code: string;
  label: string;
  lineDiscountsMinor: readonly number[];
  freeShipping?: boolean;
};

export type DiscountStep = (input: DiscountInput) => DiscountResult | null;

export type Destination = { country: string; region?: string | null };

export type ShippingOption = {
  methodId: string;
  name: string;
  /** What the shopper pays for it with this cart: 0 when free. */
  priceMinor: number;
  /** The method's price before any threshold, for "£3.99, free over £40". */
  listPriceMinor: number;
  free: boolean;
  freeFromMinor: number | null;
  estimate: DeliveryEstimate;
};

export type TaxLine = {
  name: string;
  rateBps: number;
  amountMinor: number;
  /** true: already inside the prices ("Including VAT (20%)"); false: added to the total. */
  included: boolean;
};

export type OrderQuote = {
  marketId: string;
  currency: string;
  rateMicros: number;
  lines: PricedLine[];
  subtotalMinor: number;
  discount: { code: string; label: string; amountMinor: number; freeShipping: boolean } | null;
  discountedSubtotalMinor: number;
  /** The zone's methods, priced for this cart, in display order. */
  shippingOptions: ShippingOption[];
  /** The chosen method; null until a destination is known (the cart page). */
  shipping: (ShippingOption & { taxMinor: number }) | null;
  /** Empty until a destination is known. */
  taxLines: TaxLine[];
  taxMinor: number;
  totalMinor: number;
};

export type QuoteInput = {
  lines: readonly CartLineInput[];
  market: Market;
  /** The delivery address's country (and US state); null before checkout asks for it. */
  destination: Destination | null;
  /** The shopper's chosen method; null or undefined: the zone's first method. */
  methodId?: string | null;
  now: Date;
  discount?: DiscountStep;
};

/** A product's unit price in a market: the explicit price if set, else converted and rounded. */
export function marketUnitPrice(basePriceCents: number, market: Pick<Market, "rateMicros" | "rounding">, explicitMinor?: number | null): number {
  if (explicitMinor !== null && explicitMinor !== undefined) {
    assertMinor(explicitMinor);
    return explicitMinor;
  }
  return applyRounding(convertFromUsd(basePriceCents, market.rateMicros), market.rounding);
}

/** The enabled market serving a delivery country, or null when the shop does not ship there. */
export function marketForCountry(settings: Pick<PricingSettings, "markets">, country: string): Market | null {
  return settings.markets.find((m) => m.enabled && m.countries.includes(country)) ?? null;
}

/** The market's shipping zone: its enabled methods in display order. */
export function zoneMethods(settings: Pick<PricingSettings, "shippingMethods">, marketId: string): ShippingMethod[] {
  return settings.shippingMethods.filter((m) => m.marketId === marketId && m.enabled).sort((a, b) => a.position - b.position);
}

/** The rate for a destination: its region's if there is one, else the country's; null: none. */
export function taxRateFor(settings: Pick<PricingSettings, "taxRates">, destination: Destination): TaxRate | null {
  const rates = settings.taxRates.filter((r) => r.country === destination.country);
  return (destination.region ? rates.find((r) => r.region === destination.region) : undefined) ?? rates.find((r) => r.region === null) ?? null;
}

function applyDiscount(step: DiscountStep | undefined, market: Market, lines: PricedLine[], subtotalMinor: number) {
  const result = step?.({ market, lines, subtotalMinor }) ?? null;
  if (!result) return null;
  if (result.lineDiscountsMinor.length !== lines.length) throw new RangeError("A discount must give one amount per line");
  result.lineDiscountsMinor.forEach((amount, i) => {
    assertMinor(amount);
    if (amount > lines[i].lineTotalMinor) throw new RangeError("A line's discount cannot exceed the line");
    lines[i].discountMinor = amount;
  });
  const amountMinor = result.lineDiscountsMinor.reduce((a, b) => a + b, 0);
  return { code: result.code, label: result.label, amountMinor, freeShipping: result.freeShipping ?? false };
}

export function priceOrder(input: QuoteInput, settings: PricingSettings): OrderQuote {
  const { market, destination } = input;
  if (!market.enabled) throw new PricingError("currency", `We are not selling in ${market.name} at the moment.`);
  if (input.lines.length === 0) throw new PricingError("lines", "Your cart is empty.");
  if (destination && !market.countries.includes(destination.country)) {
    throw new PricingError("country", `Prices in ${market.currency} are for ${market.name}; please choose that market for this country.`);
  }

  // 1. line prices
  const lines: PricedLine[] = input.lines.map((l) => {
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw new RangeError(`Not a quantity: ${l.quantity}`);
    const unitPriceMinor = marketUnitPrice(l.basePriceCents, market, l.marketPriceMinor);
    return { key: l.key, quantity: l.quantity, unitPriceMinor, lineTotalMinor: unitPriceMinor * l.quantity, discountMinor: 0, taxMinor: 0 };
  });
  const subtotalMinor = lines.reduce((sum, l) => sum + l.lineTotalMinor, 0);

  // 2. discount
  const discount = applyDiscount(input.discount, market, lines, subtotalMinor);
  const discountedSubtotalMinor = subtotalMinor - (discount?.amountMinor ?? 0);

  // 3. free-shipping thresholds on the discounted subtotal
  const shippingOptions: ShippingOption[] = zoneMethods(settings, market.id).map((m) => {
    const free = m.freeFromMinor !== null && (discount?.freeShipping || discountedSubtotalMinor >= m.freeFromMinor);
    return {
      methodId: m.id,
      name: m.name,
      priceMinor: free ? 0 : m.priceMinor,
      listPriceMinor: m.priceMinor,
      free,
      freeFromMinor: m.freeFromMinor,
      estimate: deliveryEstimate(input.now, m, settings),
    };
  });

  // 4. shipping (only once the destination is known)
  let chosen: ShippingOption | null = null;
  if (destination) {
    if (shippingOptions.length === 0) throw new PricingError("country", `We cannot ship to this country at the moment.`);
    chosen = input.methodId ? (shippingOptions.find((o) => o.methodId === input.methodId) ?? null) : shippingOptions[0];
    if (!chosen) throw new PricingError("shippingMethod", "Please choose one of the delivery options shown for your country.");
  }
  const shippingMinor = chosen?.priceMinor ?? 0;

  // 5. tax, per line on the discounted amounts, then the shipping
  const taxLines: TaxLine[] = [];
  let shippingTaxMinor = 0;
  if (destination) {
    const included = market.taxMode === "inclusive";
    const rate = taxRateFor(settings, destination);
    if (rate) {
      for (const line of lines) line.taxMinor = taxOn(line.lineTotalMinor - line.discountMinor, rate.rateBps, included);
      shippingTaxMinor = rate.taxShipping ? taxOn(shippingMinor, rate.rateBps, included) : 0;
      const amountMinor = lines.reduce((sum, l) => sum + l.taxMinor, shippingTaxMinor);
      taxLines.push({ name: rate.name, rateBps: rate.rateBps, amountMinor, included });
    } else if (market.taxName) {
      taxLines.push({ name: market.taxName, rateBps: 0, amountMinor: 0, included });
    }
  }
  const taxMinor = taxLines.reduce((sum, t) => sum + t.amountMinor, 0);
  const addedTaxMinor = taxLines.filter((t) => !t.included).reduce((sum, t) => sum + t.amountMinor, 0);

  // 6. total
  return {
    marketId: market.id,
    currency: market.currency,
    rateMicros: market.rateMicros,
    lines,
    subtotalMinor,
    discount,
    discountedSubtotalMinor,
    shippingOptions,
    shipping: chosen ? { ...chosen, taxMinor: shippingTaxMinor } : null,
    taxLines,
    taxMinor,
    totalMinor: discountedSubtotalMinor + shippingMinor + addedTaxMinor,
  };
}

/**
 * How far the cart is from free shipping in its market: the lowest threshold among the zone's
 * methods, and what is still missing (0 once reached). Null when no method can be free.
 */
export function freeShippingProgress(quote: Pick<OrderQuote, "shippingOptions" | "discountedSubtotalMinor">) {
  const thresholds = quote.shippingOptions.flatMap((o) => (o.freeFromMinor === null ? [] : [o.freeFromMinor]));
  if (thresholds.length === 0) return null;
  const thresholdMinor = Math.min(...thresholds);
  return { thresholdMinor, remainingMinor: Math.max(0, thresholdMinor - quote.discountedSubtotalMinor) };
}
