import { describe, expect, it } from "vitest";
import { DEFAULT_PRICING_SETTINGS } from "@server/pricing";
import { chooseMarket, enabledMarkets } from "@server/pricing/market";

const settings = { ...DEFAULT_PRICING_SETTINGS, explicitPrices: new Map() };

describe("the shopper's market before checkout knows the country", () => {
  it("the chosen market wins, else the browser's region, else the United States", () => {
    expect(enabledMarkets(settings).map((m) => m.id)).toEqual(["uk", "eu", "us", "row"]);
    expect(chooseMarket(settings, null, "en-GB,en;q=0.9").id).toBe("uk");
    expect(chooseMarket(settings, "eu", "en-US").id).toBe("eu");
    // Brazil is rest of world (every country outside the UK, EU and US); a region no market serves falls back.
    expect(chooseMarket(settings, null, "pt-BR").id).toBe("row");
    expect(chooseMarket(settings, null, "ru-RU").id).toBe("us");
  });

  it("a market the merchant switched off is never chosen", () => {
    const noUk = { ...settings, markets: settings.markets.map((m) => (m.id === "uk" ? { ...m, enabled: false } : m)) };
    expect(chooseMarket(noUk, "uk", "en-GB").id).toBe("us");
  });
});
