import { asc } from "drizzle-orm";
import { cachedCatalogRead } from "@server/cache";
import { db, type Tx } from "../db/client";
import { DEFAULT_PRICING_SETTINGS } from "./defaults";
import { markets, productMarketPrices, shippingMethods, taxRates } from "./schema";
import type { PricingSettings } from "./types";

/**
 * The commerce settings as the pricing core wants them, read once per process and dropped with the
 * catalogue cache: every settings write announces a catalogue change after commit (prices on every
 * page depend on it), so each instance reads the new settings on its next request.
 */

export type ExplicitPrice = { priceMinor: number; compareAtMinor: number | null };

export type PricingSnapshot = PricingSettings & {
  /** The merchant's explicit prices, by `${productId}:${marketId}`. */
  explicitPrices: ReadonlyMap<string, ExplicitPrice>;
};

async function load(): Promise<PricingSnapshot> {
  const [m, methods, rates, prices] = await Promise.all([
    db().select().from(markets).orderBy(asc(markets.position), asc(markets.id)),
    db().select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id)),
    db().select().from(taxRates),
    db().select().from(productMarketPrices),
  ]);
  return {
    ...DEFAULT_PRICING_SETTINGS,
    markets: m.map(({ position: _position, ...market }) => market),
    shippingMethods: methods,
    taxRates: rates.map((r) => ({ ...r, region: r.region || null })),
    explicitPrices: new Map(prices.map((p) => [`${p.productId}:${p.marketId}`, { priceMinor: p.priceMinor, compareAtMinor: p.compareAtMinor }])),
  };
}

export function pricingSettings(): Promise<PricingSnapshot> {
  return cachedCatalogRead("pricing-settings", load, { showsStock: false });
}

/**
 * Writes the seeded markets, shipping methods and tax rates into a shop that has no markets yet.
 * Only then: a method or rate the merchant removed must not come back on the next start.
 */
export async function seedPricing(tx: Tx) {
  const [existing] = await tx.select({ id: markets.id }).from(markets).limit(1);
  if (existing) return;
  const d = DEFAULT_PRICING_SETTINGS;
  await tx
    .insert(markets)
    .values(d.markets.map((market, position) => ({ ...market, countries: [...market.countries], position })))
    .onConflictDoNothing();
  await tx.insert(shippingMethods).values([...d.shippingMethods]).onConflictDoNothing();
  await tx
    .insert(taxRates)
    .values(d.taxRates.map((r) => ({ ...r, region: r.region ?? "" })))
    .onConflictDoNothing();
}
