import { describe, expect, it } from "vitest";
import {
  allocate,
  applyRounding,
  convertFromUsd,
  DEFAULT_PRICING_SETTINGS as settings,
  deliveryEstimate,
  type DiscountStep,
  freeShippingProgress,
  marketUnitPrice,
  priceOrder,
  PricingError,
  type PricingSettings,
  type QuoteInput,
} from "@server/pricing";
import { formatRate } from "../../core/checkout-quote";
import { formatMoney } from "../../core/money";

const market = (id: string) => settings.markets.find((m) => m.id === id)!;
const monday10am = new Date("2026-11-23T10:00:00Z"); // London is on GMT in November
const r36s = { key: "r36s-black", quantity: 1, basePriceCents: 4999 };
const quote = (over: Partial<QuoteInput> & Pick<QuoteInput, "market">, s: PricingSettings = settings) =>
  priceOrder({ lines: [r36s], destination: null, now: monday10am, ...over }, s);

describe("conversion and rounding", () => {
  it("converts US cents at the market's rate to the nearest minor unit, half up", () => {
    expect(convertFromUsd(4999, 790_000)).toBe(3949); // 39.4921
    expect(convertFromUsd(4999, 920_000)).toBe(4599); // 45.9908
    expect(convertFromUsd(50, 1_010_000)).toBe(51); // 50.5 → 51
    expect(convertFromUsd(49, 1_010_000)).toBe(49); // 49.49 → 49
    expect(convertFromUsd(9_000_000_000_000, 999_000_000)).toBe(8_991_000_000_000_000); // no float drift past 2^53 in the product
  });
  it("applies the rounding rules", () => {
    expect(applyRounding(3949, "up_99")).toBe(3999);
    expect(applyRounding(3999, "up_99")).toBe(3999);
    expect(applyRounding(4000, "up_99")).toBe(4099);
    expect(applyRounding(3949, "up_whole")).toBe(4000);
    expect(applyRounding(4000, "up_whole")).toBe(4000);
    expect(applyRounding(3949, "exact")).toBe(3949);
    expect(applyRounding(0, "up_99")).toBe(0);
  });
  it("prices the seeded consoles in each market; an explicit market price wins", () => {
    const prices = (cents: number) => ["uk", "eu", "us", "row"].map((id) => marketUnitPrice(cents, market(id)));
    expect(prices(4999)).toEqual([3999, 4599, 4999, 4999]);
    expect(prices(5999)).toEqual([4799, 5599, 5999, 5999]);
    expect(prices(7999)).toEqual([6399, 7399, 7999, 7999]);
    expect(marketUnitPrice(4999, market("uk"), 3500)).toBe(3500);
    expect(quote({ market: market("uk"), lines: [{ ...r36s, marketPriceMinor: 3500 }] }).subtotalMinor).toBe(3500);
  });
  it("refuses amounts that are not whole non-negative minor units", () => {
    expect(() => convertFromUsd(49.5, 790_000)).toThrow(RangeError);
    expect(() => convertFromUsd(-1, 790_000)).toThrow(RangeError);
    expect(() => convertFromUsd(100, 0)).toThrow(RangeError);
  });
});

describe("allocate", () => {
  it("splits an amount in proportion without losing or inventing a cent", () => {
    expect(allocate(1000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(allocate(500, [3999, 4799])).toEqual([227, 273]);
    expect(allocate(7, [0, 0])).toEqual([7, 0]);
    for (let seed = 1; seed < 200; seed++) {
      const weights = [seed * 37 % 9001, seed * 113 % 4999, seed % 7];
      const total = seed * 71 % 10_000;
      const parts = allocate(total, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      parts.forEach((p) => expect(p).toBeGreaterThanOrEqual(0));
    }
  });
});

describe("shipping", () => {
  const us = (cents: number, methodId?: string) =>
    quote({ market: market("us"), lines: [{ ...r36s, basePriceCents: cents }], destination: { country: "US" }, methodId });

  it("charges US Standard $12.99 under $75 and nothing from exactly $75", () => {
    expect(us(4999).shipping).toMatchObject({ name: "Standard", priceMinor: 1299, free: false });
    expect(us(4999).totalMinor).toBe(4999 + 1299);
    expect(us(7499).shipping?.priceMinor).toBe(1299);
    expect(us(7500).shipping).toMatchObject({ priceMinor: 0, free: true });
    const twoR36s = quote({ market: market("us"), lines: [{ ...r36s, quantity: 2 }], destination: { country: "US" } });
    expect(twoR36s.subtotalMinor).toBe(9998);
    expect(twoR36s.shipping?.priceMinor).toBe(0);
  });
  it("prices every method of the zone; Express and Priority have no threshold", () => {
    expect(us(9999).shippingOptions.map((o) => [o.name, o.priceMinor])).toEqual([
      ["Standard", 0],
      ["Express", 2499],
      ["Priority", 3999],
    ]);
    expect(us(9999, "us-priority").totalMinor).toBe(9999 + 3999);
  });
  it("has UK Standard free from exactly £40 and the EU's from exactly €60", () => {
    const uk = (minor: number) => quote({ market: market("uk"), lines: [{ ...r36s, marketPriceMinor: minor }], destination: { country: "GB" } });
    expect(uk(3999).shipping?.priceMinor).toBe(399);
    expect(uk(4000).shipping?.priceMinor).toBe(0);
    const eu = (minor: number) => quote({ market: market("eu"), lines: [{ ...r36s, marketPriceMinor: minor }], destination: { country: "FR" } });
    expect(eu(5999).shipping?.priceMinor).toBe(999);
    expect(eu(6000).shipping?.priceMinor).toBe(0);
  });
  it("reports the distance to free shipping on the cart", () => {
    const cart = quote({ market: market("uk") }); // £39.99, no destination yet
    expect(cart.shipping).toBeNull();
    expect(cart.taxLines).toEqual([]);
    expect(freeShippingProgress(cart)).toEqual({ thresholdMinor: 4000, remainingMinor: 1 });
    expect(freeShippingProgress(quote({ market: market("row") }))).toBeNull();
  });
  it("refuses a method from another zone and a country outside the market", () => {
    const tampered = () => quote({ market: market("us"), destination: { country: "US" }, methodId: "uk-next-day" });
    expect(tampered).toThrow(PricingError);
    expect(tampered).toThrow(/delivery options/);
    expect(() => quote({ market: market("us"), destination: { country: "GB" } })).toThrow(
      expect.objectContaining({ field: "country" }),
    );
    const disabled: PricingSettings = { ...settings, markets: settings.markets.map((m) => (m.id === "eu" ? { ...m, enabled: false } : m)) };
    expect(() => quote({ market: disabled.markets[1] }, disabled)).toThrow(expect.objectContaining({ field: "currency" }));
  });
});

describe("tax", () => {
  it("reports UK VAT included in the goods and the shipping, per line, adding up", () => {
    const q = quote({
      market: market("uk"),
      lines: [r36s, { key: "r36pro", quantity: 2, basePriceCents: 5999 }],
      destination: { country: "GB" },
      methodId: "uk-next-day",
    });
    expect(q.lines.map((l) => l.lineTotalMinor)).toEqual([3999, 9598]);
    expect(q.lines.map((l) => l.taxMinor)).toEqual([667, 1600]); // 666.5 → 667; 1599.67 → 1600
    expect(q.shipping).toMatchObject({ name: "Next Day", priceMinor: 1299, taxMinor: 217 });
    expect(q.taxLines).toEqual([{ name: "VAT", rateBps: 2000, amountMinor: 667 + 1600 + 217, included: true }]);
    expect(q.totalMinor).toBe(3999 + 9598 + 1299); // included VAT adds nothing
  });
  it("uses the destination's EU rate: 19% in Germany, 21% in the Netherlands, for the same € price", () => {
    const de = quote({ market: market("eu"), destination: { country: "DE" } });
    expect(de.lines[0].unitPriceMinor).toBe(4599);
    expect(de.taxLines).toEqual([{ name: "VAT", rateBps: 1900, amountMinor: 734 + 160, included: true }]); // goods 734.29, shipping 159.50
    expect(de.totalMinor).toBe(4599 + 999);
    const nl = quote({ market: market("eu"), destination: { country: "NL" } });
    expect(nl.taxLines[0]).toMatchObject({ rateBps: 2100, amountMinor: 798 + 173 });
  });
  it("shows a zero US sales tax line by default and adds a state's configured rate on top", () => {
    expect(quote({ market: market("us"), destination: { country: "US", region: "CA" } }).taxLines).toEqual([
      { name: "Sales tax", rateBps: 0, amountMinor: 0, included: false },
    ]);
    const withNexus: PricingSettings = {
      ...settings,
      taxRates: [...settings.taxRates, { country: "US", region: "CA", name: "Sales tax", rateBps: 725, taxShipping: false }],
    };
    const ca = quote({ market: market("us"), destination: { country: "US", region: "CA" } }, withNexus);
    expect(ca.taxLines).toEqual([{ name: "Sales tax", rateBps: 725, amountMinor: 362, included: false }]); // 362.43
    expect(ca.shipping?.taxMinor).toBe(0);
    expect(ca.totalMinor).toBe(4999 + 1299 + 362);
    expect(quote({ market: market("us"), destination: { country: "US", region: "NY" } }, withNexus).taxMinor).toBe(0);
  });
  it("has no tax line for the rest of the world", () => {
    const au = quote({ market: market("row"), destination: { country: "AU" } });
    expect(au.taxLines).toEqual([]);
    expect(au.totalMinor).toBe(4999 + 1999);
  });
  it("always adds up: line taxes + shipping tax = the tax line, and the total = subtotal − discount + shipping + added tax", () => {
    const rates: PricingSettings = {
      ...settings,
      taxRates: [...settings.taxRates, { country: "US", region: "TX", name: "Sales tax", rateBps: 825, taxShipping: true }],
    };
    const cases = [
      ["uk", "GB", null],
      ["eu", "FI", null],
      ["eu", "HU", null],
      ["us", "US", "TX"],
    ] as const;
    for (let seed = 1; seed <= 60; seed++) {
      for (const [id, country, region] of cases) {
        const lines = [1, 2, 3].slice(0, 1 + (seed % 3)).map((n) => ({ key: `l${n}`, quantity: 1 + ((seed * n) % 4), basePriceCents: 99 + ((seed * 7919 * n) % 20_000) }));
        const q = priceOrder({ lines, market: market(id), destination: { country, region }, now: monday10am, methodId: null }, rates);
        const [tax] = q.taxLines;
        expect(q.lines.reduce((s, l) => s + l.taxMinor, 0) + (q.shipping?.taxMinor ?? 0)).toBe(tax.amountMinor);
        const added = tax.included ? 0 : tax.amountMinor;
        expect(q.totalMinor).toBe(q.subtotalMinor - (q.discount?.amountMinor ?? 0) + (q.shipping?.priceMinor ?? 0) + added);
        q.lines.forEach((l) => expect(l.taxMinor).toBeLessThanOrEqual(l.lineTotalMinor));
      }
    }
  });
});

describe("the discount slot", () => {
  const tenOff: DiscountStep = ({ lines }) => ({
    code: "TENOFF",
    label: "$10 off",
    lineDiscountsMinor: allocate(1000, lines.map((l) => l.lineTotalMinor)),
  });

  it("runs before the free-shipping threshold, which sees the discounted subtotal", () => {
    const q = quote({ market: market("us"), lines: [{ ...r36s, basePriceCents: 8000 }], destination: { country: "US" }, discount: tenOff });
    expect(q.subtotalMinor).toBe(8000);
    expect(q.discount).toEqual({ code: "TENOFF", label: "$10 off", amountMinor: 1000, freeShipping: false });
    expect(q.discountedSubtotalMinor).toBe(7000);
    expect(q.shipping?.priceMinor).toBe(1299); // 7000 < 7500
    expect(q.totalMinor).toBe(7000 + 1299);
  });
  it("taxes the discounted amounts", () => {
    const q = quote({ market: market("uk"), lines: [r36s, { ...r36s, key: "b" }], destination: { country: "GB" }, discount: tenOff });
    expect(q.lines.map((l) => l.discountMinor)).toEqual([500, 500]);
    expect(q.lines.map((l) => l.taxMinor)).toEqual([583, 583]); // (3999 − 500) / 6 = 583.17
    expect(q.shipping?.priceMinor).toBe(0); // 6998 ≥ 4000
  });
  it("can waive the threshold, and is checked: one amount per line, none above its line", () => {
    const freeShip: DiscountStep = ({ lines }) => ({ code: "SHIP", label: "Free shipping", lineDiscountsMinor: lines.map(() => 0), freeShipping: true });
    const q = quote({ market: market("us"), destination: { country: "US" }, discount: freeShip });
    expect(q.shippingOptions.map((o) => o.priceMinor)).toEqual([0, 2499, 3999]);
    expect(() => quote({ market: market("us"), discount: () => ({ code: "X", label: "X", lineDiscountsMinor: [] }) })).toThrow(RangeError);
    expect(() => quote({ market: market("us"), discount: () => ({ code: "X", label: "X", lineDiscountsMinor: [5000] }) })).toThrow(RangeError);
    expect(quote({ market: market("us"), discount: () => null }).discount).toBeNull();
  });
});

describe("delivery estimates", () => {
  const method = (id: string) => settings.shippingMethods.find((m) => m.id === id)!;
  const at = (iso: string, id: string) => deliveryEstimate(new Date(iso), method(id), settings);

  it("adds dispatch (1-3 business days) to the method's window, skipping weekends", () => {
    // Monday 23 Nov: dispatched Tue 24 to Thu 26; Standard 2-4 days → Thu 26 to Wed 2 Dec.
    expect(at("2026-11-23T10:00:00Z", "uk-standard")).toEqual({ earliest: "2026-11-26", latest: "2026-12-02" });
    // Ordered on a Saturday: dispatched Mon 30 to Wed 2 Dec; US Standard 7-12 → Wed 9 to Fri 18 Dec.
    expect(at("2026-11-28T09:00:00Z", "us-standard")).toEqual({ earliest: "2026-12-09", latest: "2026-12-18" });
  });
  it("dispatches Next Day the same day before 2 PM UK time on a business day, else the next one", () => {
    expect(at("2026-11-23T13:59:00Z", "uk-next-day")).toEqual({ earliest: "2026-11-24", latest: "2026-11-24" });
    expect(at("2026-11-23T14:00:00Z", "uk-next-day")).toEqual({ earliest: "2026-11-25", latest: "2026-11-25" });
    expect(at("2026-11-27T15:00:00Z", "uk-next-day")).toEqual({ earliest: "2026-12-01", latest: "2026-12-01" }); // Fri after 2 PM → Mon → Tue
    expect(at("2026-11-28T10:00:00Z", "uk-next-day")).toEqual({ earliest: "2026-12-01", latest: "2026-12-01" }); // Saturday
    // In summer UK time is UTC+1: 13:30 UTC is 14:30 in London, past the cut-off.
    expect(at("2026-07-01T12:30:00Z", "uk-next-day")).toEqual({ earliest: "2026-07-02", latest: "2026-07-02" });
    expect(at("2026-07-01T13:30:00Z", "uk-next-day")).toEqual({ earliest: "2026-07-03", latest: "2026-07-03" });
    // Just after midnight in London on Saturday is still Friday evening in UTC: the shop's calendar counts.
    expect(at("2026-07-03T23:30:00Z", "uk-next-day")).toEqual({ earliest: "2026-07-07", latest: "2026-07-07" });
  });
});

describe("the one formatter", () => {
  it("formats each market's currency with its symbol, and rates as percentages", () => {
    expect([formatMoney(3999, "GBP"), formatMoney(4599, "EUR"), formatMoney(4999, "USD"), formatMoney(123456, "usd")]).toEqual([
      "£39.99",
      "€45.99",
      "$49.99",
      "$1,234.56",
    ]);
    expect([formatRate(2000), formatRate(2550), formatRate(725), formatRate(0)]).toEqual(["20%", "25.5%", "7.25%", "0%"]);
  });
});

describe("the checkout's country list", () => {
  it("is every seeded market's countries plus the few the shop does not serve; each served country has exactly one market", async () => {
    const { COUNTRY_CODES } = await import("../../core/countries");
    const { UNSERVED_COUNTRIES } = await import("../../server/pricing/defaults");
    const served = settings.markets.flatMap((m) => m.countries);
    expect(new Set(served).size).toBe(served.length);
    expect([...COUNTRY_CODES].sort()).toEqual([...served, ...UNSERVED_COUNTRIES].sort());
    // Rest of world is everywhere else: Brazil, India, Canada; not Russia.
    const row = settings.markets.find((m) => m.id === "row")!;
    expect(row.countries).toEqual(expect.arrayContaining(["BR", "IN", "CA", "AU", "TR", "NG"]));
    expect(row.countries).not.toContain("RU");
    expect(COUNTRY_CODES.length).toBe(243);
  });

  it("names every code as CLDR does, and lists the 50 US states and DC once each", async () => {
    const { COUNTRIES, US_STATES } = await import("../../core/countries");
    const cldr = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
    for (const c of COUNTRIES) expect(cldr.of(c.code), c.code).toBeTruthy();
    expect(COUNTRIES.find((c) => c.code === "BR")?.name).toBe("Brazil");
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    expect(US_STATES.find((s) => s.code === "DC")?.name).toBe("District of Columbia");
  });
});
