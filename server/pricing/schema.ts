import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { products } from "../catalog/schema";
import { money } from "../db/columns";
import type { RoundingRule, TaxMode } from "./types";

/**
 * The commerce settings pricing works from (docs/pricing.md). Every amount is integer minor units of
 * the market's currency; exchange rates are millionths, tax rates basis points. The CHECKs repeat
 * the settings forms' rules, so nothing absurd is stored whoever writes.
 */

export const markets = pgTable(
  "markets",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    currency: text("currency").notNull(),
    rateMicros: integer("rate_micros").notNull(),
    rounding: text("rounding").$type<RoundingRule>().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    countries: text("countries").array().notNull(),
    taxMode: text("tax_mode").$type<TaxMode>().notNull(),
    taxName: text("tax_name"),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    check("markets_rate_positive", sql`${t.rateMicros} > 0`),
    check("markets_rounding_known", sql`${t.rounding} in ('exact', 'up_99', 'up_whole')`),
    check("markets_tax_mode_known", sql`${t.taxMode} in ('inclusive', 'exclusive')`),
  ],
);

/** The merchant's explicit price of a product in a market: it wins over the converted base price. */
export const productMarketPrices = pgTable(
  "product_market_prices",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    marketId: text("market_id")
      .notNull()
      .references(() => markets.id, { onDelete: "cascade" }),
    priceMinor: money("price_minor").notNull(),
    compareAtMinor: money("compare_at_minor"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.marketId] }),
    check("product_market_prices_positive", sql`${t.priceMinor} > 0`),
  ],
);

/** A market's shipping zone is its methods. */
export const shippingMethods = pgTable(
  "shipping_methods",
  {
    id: text("id").primaryKey(),
    marketId: text("market_id")
      .notNull()
      .references(() => markets.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceMinor: money("price_minor").notNull(),
    freeFromMinor: money("free_from_minor"),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    sameDayCutoff: text("same_day_cutoff"),
    position: integer("position").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    check("shipping_methods_price", sql`${t.priceMinor} >= 0 and (${t.freeFromMinor} is null or ${t.freeFromMinor} >= 0)`),
    check("shipping_methods_days", sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
  ],
);

/** One rate per country, or per subdivision (a US state); region '' is the whole country. */
export const taxRates = pgTable(
  "tax_rates",
  {
    country: text("country").notNull(),
    region: text("region").notNull().default(""),
    name: text("name").notNull(),
    rateBps: integer("rate_bps").notNull(),
    taxShipping: boolean("tax_shipping").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.region] }),
    check("tax_rates_rate", sql`${t.rateBps} >= 0 and ${t.rateBps} <= 10000`),
  ],
);
