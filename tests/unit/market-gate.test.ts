import { afterEach, describe, expect, it } from "vitest";
import { config, setConfig } from "@server/config";
import { DEFAULT_PRICING_SETTINGS } from "@server/pricing";
import { chooseMarket, enabledMarkets } from "@server/pricing/market";

const settings = { ...DEFAULT_PRICING_SETTINGS, explicitPrices: new Map() };
const original = config();

describe("which markets sell before checkout charges in the market's currency", () => {
  afterEach(() => setConfig(original));

  it("LOCAL_MARKETS off: every shopper is in the United States market, whatever the browser or the cookie says", () => {
    setConfig({ ...original, LOCAL_MARKETS: false });
    expect(enabledMarkets(settings).map((m) => m.id)).toEqual(["us"]);
    expect(chooseMarket(settings, null, "en-GB,en;q=0.9").id).toBe("us");
    expect(chooseMarket(settings, "eu", "de-DE").id).toBe("us");
  });

  it("LOCAL_MARKETS on: the browser's region and the chosen market decide", () => {
    setConfig({ ...original, LOCAL_MARKETS: true });
    expect(enabledMarkets(settings).map((m) => m.id)).toEqual(["uk", "eu", "us", "row"]);
    expect(chooseMarket(settings, null, "en-GB,en;q=0.9").id).toBe("uk");
    expect(chooseMarket(settings, "eu", "en-US").id).toBe("eu");
  });
});
