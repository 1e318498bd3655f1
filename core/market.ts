import { formatMoney } from "./money";

/**
 * What the storefront shows about the shopper's market (the shop layout's loader computes it:
 * server/pricing/market.ts): the selector's choices, the currency every price on the page is in,
 * whether prices include VAT, the free-shipping threshold and the usual delivery time.
 */
export type MarketSummary = {
  id: string;
  name: string;
  currency: string;
  /** The included tax's name ("VAT") when prices include it; null when tax is added at checkout. */
  taxIncluded: string | null;
  /** The lowest free-shipping threshold of the market's methods, in its minor units. */
  freeShippingFromMinor: number | null;
  /** The first method's delivery time in business days, dispatch included. */
  delivery: { name: string; minDays: number; maxDays: number } | null;
  choices: { id: string; name: string; currency: string }[];
};

/** A catalogue item whose amounts are in the shopper's market currency (server/pricing/market.ts `localise`). */
export type InMarket<T> = T & { currency: string };

/** The trust strip's shipping promise for the market: its free-shipping threshold, if it has one. */
export function shippingPromise(market: MarketSummary | null): { title: string; body: string } {
  if (market?.freeShippingFromMinor != null) {
    return { title: "Free Shipping", body: `On orders from ${formatMoney(market.freeShippingFromMinor, market.currency)}` };
  }
  return { title: "Tracked Shipping", body: "To the UK, EU, US and worldwide" };
}

/** The product page's delivery notice for the market: threshold and delivery time (dispatch included). */
export function deliveryNotice(market: MarketSummary | null): string {
  if (!market) return "Order now: delivery options and times are shown at checkout.";
  const parts: string[] = [];
  if (market.freeShippingFromMinor != null) {
    parts.push(`Free ${market.name} shipping on orders from ${formatMoney(market.freeShippingFromMinor, market.currency)}.`);
  }
  if (market.delivery) {
    parts.push(`${market.delivery.name} delivery in ${market.delivery.minDays}-${market.delivery.maxDays} business days.`);
  }
  return parts.join(" ");
}
