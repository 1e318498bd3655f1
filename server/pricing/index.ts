/**
 * Pricing: markets and currencies, shipping quotes and taxes, as pure functions over the
 * commerce settings (docs/pricing.md). `priceOrder` is the entry point; its header lists the steps.
 */
export * from "./types";
export { PricingError } from "./errors";
export { allocate, applyRounding, convertFromUsd } from "./money";
export { addBusinessDays, deliveryEstimate, type DeliveryEstimate } from "./delivery";
export * from "./quote";
export * from "./charges";
export * from "./defaults";
export { deliveryCountries, saveMarkets, saveTaxRates, saveZone, settingsForEditor } from "./admin";
export { acceptLanguageRegions, chooseMarketFromForm, localise, localiseCart, marketSummary, shopperForRequest, shopperInMarket } from "./market";
export { mulDivHalfUp } from "./money";
export { pricingSettings, seedPricing } from "./store";
export type { PricingSnapshot } from "./store";
export { usdCents } from "./usd";
export { writeProductMarketPrices, type MarketPriceInput } from "./product-prices";
