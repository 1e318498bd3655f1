import { signedCookie, readSignedValue } from "../http/cookies";
import { BASE_MARKET_ID } from "./defaults";
import { marketForCountry, marketUnitPrice, zoneMethods } from "./quote";
import { pricingSettings, type PricingSnapshot } from "./store";
import type { Market } from "./types";
import type { MarketSummary } from "@core/market";

/**
 * Which market a shopper is buying in before checkout knows the delivery country: the one they
 * chose in the header or footer selector (a cookie), else the region of their browser's
 * Accept-Language, else the United States.
 */

const MARKET_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const FALLBACK_MARKET_ID = BASE_MARKET_ID;

export type Shopper = { market: Market; settings: PricingSnapshot };

function marketCookie() {
  return signedCookie("market", MARKET_COOKIE_MAX_AGE);
}

/** The Set-Cookie value remembering a shopper's chosen market. */
export function rememberMarket(marketId: string): Promise<string> {
  return marketCookie().serialize(marketId);
}

/** Region subtags of an Accept-Language header, most preferred first ("en-GB,de;q=0.8" → ["GB"]). */
export function acceptLanguageRegions(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      const region = tag
        .split("-")
        .slice(1)
        .find((sub) => /^[A-Za-z]{2}$/.test(sub));
      return { region: region?.toUpperCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((t): t is { region: string; q: number; index: number } => !!t.region && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((t) => t.region);
}

/** The markets a shopper may be in: those the merchant has enabled (checkout charges in each one's currency). */
export function enabledMarkets(settings: PricingSnapshot): Market[] {
  return settings.markets.filter((m) => m.enabled);
}

export function chooseMarket(settings: PricingSnapshot, chosenId: string | null, acceptLanguage: string | null): Market {
  const enabled = enabledMarkets(settings);
  const chosen = chosenId ? enabled.find((m) => m.id === chosenId) : undefined;
  if (chosen) return chosen;
  for (const region of acceptLanguageRegions(acceptLanguage)) {
    const market = marketForCountry(settings, region);
    if (market && enabled.includes(market)) return market;
  }
  const fallback = enabled.find((m) => m.id === FALLBACK_MARKET_ID) ?? enabled[0];
  if (!fallback) throw new Error("No market is enabled: the shop cannot price anything");
  return fallback;
}

export async function shopperForRequest(request: Request): Promise<Shopper> {
  const [settings, chosen] = await Promise.all([pricingSettings(), readSignedValue(marketCookie(), request)]);
  return { settings, market: chooseMarket(settings, chosen, request.headers.get("Accept-Language")) };
}

/**
 * A shopper in the enabled market `marketId`, or null when there is none: for an answer whose URL
 * names its market (/api/product-cards), so that a cache may share it between shoppers of that market.
 */
export async function shopperInMarket(marketId: string): Promise<Shopper | null> {
  const settings = await pricingSettings();
  const market = enabledMarkets(settings).find((m) => m.id === marketId);
  return market ? { settings, market } : null;
}

/** A catalogue price in the market: the explicit price if set, else the base price converted and rounded. */
export function localPrice(shopper: Shopper, productId: string, priceCents: number, compareAtCents: number | null) {
  const { market, settings } = shopper;
  const explicit = settings.explicitPrices.get(`${productId}:${market.id}`);
  return {
    priceCents: marketUnitPrice(priceCents, market, explicit?.priceMinor),
    // An explicit price brings its own compare-at price (or none); a converted one converts both.
    compareAtCents: explicit ? explicit.compareAtMinor : compareAtCents === null ? null : marketUnitPrice(compareAtCents, market),
    currency: market.currency,
  };
}

/** Something carrying a catalogue price, re-priced for the shopper's market (the amounts keep their names). */
export function localise<T extends { id: string; priceCents: number; compareAtCents: number | null }>(shopper: Shopper, item: T) {
  return { ...item, ...localPrice(shopper, item.id, item.priceCents, item.compareAtCents) };
}

/**
 * What the storefront says about the market everywhere (selector, trust strip, delivery notice):
 * its currency, whether prices include tax, its lowest free-shipping threshold and its first
 * method's transit window.
 */
export function marketSummary(shopper: Shopper): MarketSummary {
  const { market, settings } = shopper;
  const methods = zoneMethods(settings, market.id);
  const thresholds = methods.flatMap((m) => (m.freeFromMinor === null ? [] : [m.freeFromMinor]));
  const first = methods[0];
  return {
    id: market.id,
    name: market.name,
    currency: market.currency,
    taxIncluded: market.taxMode === "inclusive" ? market.taxName : null,
    freeShippingFromMinor: thresholds.length ? Math.min(...thresholds) : null,
    delivery: first ? { name: first.name, minDays: settings.dispatchMinDays + first.minDays, maxDays: settings.dispatchMaxDays + first.maxDays } : null,
    choices: enabledMarkets(settings).map((m) => ({ id: m.id, name: m.name, currency: m.currency })),
  };
}

/** The selector's posted market id, checked against the enabled markets; the cookie remembering it. */
export async function chooseMarketFromForm(value: FormDataEntryValue | null) {
  const settings = await pricingSettings();
  const market = enabledMarkets(settings).find((m) => m.id === value);
  if (!market) return { ok: false as const, error: "Please choose a country or region from the list." };
  return { ok: true as const, setCookie: await rememberMarket(market.id) };
}

type CartLike<L> = { lines: L[]; subtotalCents: number };

/** A cart with each line re-priced in the shopper's market (line totals and subtotal recomputed). */
export function localiseCart<L extends { productId: string; unitPriceCents: number; quantity: number; lineTotalCents: number }, C extends CartLike<L>>(
  shopper: Shopper,
  cart: C,
) {
  const lines = cart.lines.map((l) => {
    const unitPriceCents = localPrice(shopper, l.productId, l.unitPriceCents, null).priceCents;
    return { ...l, unitPriceCents, lineTotalCents: unitPriceCents * l.quantity };
  });
  return { ...cart, lines, subtotalCents: lines.reduce((n, l) => n + l.lineTotalCents, 0), currency: shopper.market.currency };
}
