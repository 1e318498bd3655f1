import { priceCart, type DiscountableLine, type PricedCart } from "@server/discounts";
import { marketForCountry, PricingError } from "../pricing";
import { pricingSettings } from "@server/pricing";
import type { OrderPricing, PricedLine } from "@server/orders";
import type { CheckoutQuoteView } from "@core/checkout-quote";
import { countryName, US_STATE_CODES } from "@core/countries";

/**
 * The checkout's prices: the delivery country picks the market (its currency, rate, zone and tax),
 * the pricing core prices the cart with its code, the zone's chosen method and the destination's
 * tax. Only the country, the method id and the cart come from the shopper; every amount is
 * computed here, so a posted price, total or currency has nothing to change.
 */

export type CheckoutQuoteInput = {
  cartId: string | null;
  lines: DiscountableLine[];
  country: string;
  /** The address's region: a US state's code picks that state's sales tax (anything else: none). */
  region?: string | null;
  methodId?: string | null;
  email?: string | null;
  exceptOrderId?: string | null;
  /**
   * The page (not the order): a method that is not of this country's zone (the shopper changed
   * country) falls back to the zone's first method instead of refusing.
   */
  fallbackMethod?: boolean;
  now?: Date;
};

/**
 * The region tax is looked up by: a US address's state. Tax rates name regions only for US states
 * (the Taxes form allows nothing else), so free text elsewhere ("Ontario") never picks a rate.
 */
export function taxRegion(country: string, region: string | null | undefined): string | null {
  return country === "US" && region && US_STATE_CODES.has(region) ? region : null;
}

/** PricingError("country") when the shop does not deliver there; PricingError("shippingMethod") for another zone's method. */
export async function quoteCheckout(input: CheckoutQuoteInput): Promise<PricedCart> {
  const settings = await pricingSettings();
  const market = marketForCountry(settings, input.country);
  if (!market) throw new PricingError("country", `We do not deliver to ${countryName(input.country)} at the moment.`);
  const opts = {
    market,
    destination: { country: input.country, region: taxRegion(input.country, input.region) },
    methodId: input.methodId || null,
    email: input.email,
    exceptOrderId: input.exceptOrderId,
    now: input.now,
  };
  try {
    return await priceCart(input.cartId, input.lines, opts);
  } catch (err) {
    if (input.fallbackMethod && err instanceof PricingError && err.field === "shippingMethod") {
      return priceCart(input.cartId, input.lines, { ...opts, methodId: null });
    }
    throw err;
  }
}

/** A cart line as checkout reads it. */
export type CheckoutLine = DiscountableLine & { title: string; variantName: string };
export type CheckoutPricedLine = PricedLine & { lineTotalCents: number };

/**
 * The cart's lines at the quote's prices, zipped here once (the quote keeps the cart's order): what
 * the order stores, the payment session charges and the checkout page shows.
 */
export function pricedLines(lines: CheckoutLine[], priced: PricedCart): CheckoutPricedLine[] {
  return lines.map((l, i) => {
    const q = priced.quote.lines[i];
    return {
      productId: l.productId,
      variantId: l.variantId,
      title: l.title,
      variantName: l.variantName,
      quantity: l.quantity,
      unitPriceCents: q.unitPriceMinor,
      lineTotalCents: q.lineTotalMinor,
      discountCents: q.discountMinor,
      taxCents: q.taxMinor,
    };
  });
}

/** What the order stores and the provider charges, from a quote with a destination. */
export function orderPricing(priced: PricedCart): OrderPricing {
  const { quote, market } = priced;
  const shipping = quote.shipping;
  if (!shipping) throw new Error("A checkout quote always has a destination and a method");
  return {
    currency: quote.currency,
    marketId: market.id,
    rateMicros: quote.rateMicros,
    subtotalCents: quote.subtotalMinor,
    shippingCents: shipping.priceMinor,
    shippingTaxCents: shipping.taxMinor,
    totalCents: quote.totalMinor,
    shippingMethod: { id: shipping.methodId, name: shipping.name },
    delivery: { from: shipping.estimate.earliest, to: shipping.estimate.latest },
    taxLines: quote.taxLines.map((t) => ({ name: t.name, rateBps: t.rateBps, amountCents: t.amountMinor, included: t.included })),
  };
}

/** The quote as the checkout page shows it. */
export function checkoutQuoteView(priced: PricedCart, destination: { country: string; region: string | null }, lines: CheckoutLine[]): CheckoutQuoteView {
  const { quote, market } = priced;
  const pricing = orderPricing(priced);
  return {
    country: destination.country,
    region: taxRegion(destination.country, destination.region),
    marketName: market.name,
    currency: quote.currency,
    lines: pricedLines(lines, priced).map((l) => ({ variantId: l.variantId, unitPriceCents: l.unitPriceCents, lineTotalCents: l.lineTotalCents })),
    subtotalCents: quote.subtotalMinor,
    discount: quote.discount ? { code: quote.discount.code, label: quote.discount.label, amountCents: quote.discount.amountMinor, freeShipping: quote.discount.freeShipping } : null,
    options: quote.shippingOptions.map((o) => ({ methodId: o.methodId, name: o.name, priceCents: o.priceMinor, free: o.free, estimate: o.estimate })),
    methodId: pricing.shippingMethod.id,
    shippingCents: pricing.shippingCents,
    taxLines: pricing.taxLines,
    totalCents: pricing.totalCents,
  };
}
