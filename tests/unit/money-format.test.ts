import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { currencySymbol, formatMoney } from "../../core/money";

/** What formatMoney wrote before its hand-written path, and still writes for other currencies. */
const intl = (minor: number, currency: string) => new Intl.NumberFormat("en-US", { style: "currency", currency }).format(minor / 100);

describe("formatMoney's hand-written currencies", () => {
  it("write every whole amount exactly as Intl's en-US data does", () => {
    const amount = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: -(1e12 - 1), max: 1e12 - 1 }),
      fc.constantFrom(0, -0, 1, -1, 99, 100, 99_999, 100_000, 123_456_789, 1e12 - 1, -(1e12 - 1)),
    );
    fc.assert(
      fc.property(amount, fc.constantFrom("USD", "EUR", "GBP", "usd", "gbp"), (minor, currency) => {
        expect(formatMoney(minor, currency)).toBe(intl(minor, currency.toUpperCase()));
      }),
      { numRuns: 5000 },
    );
  });
  it("leave other currencies and fractional amounts to Intl", () => {
    expect(formatMoney(123_456, "JPY")).toBe(intl(123_456, "JPY"));
    expect(formatMoney(499_900, "CAD")).toBe("CA$4,999.00");
    expect(formatMoney(12.5, "USD")).toBe(intl(12.5, "USD"));
    expect(formatMoney(8_081_281_723_810_904, "USD")).toBe(intl(8_081_281_723_810_904, "USD"));
  });
  it("give the same symbols as Intl", () => {
    for (const c of ["USD", "EUR", "GBP"]) expect(currencySymbol(c)).toBe(new Intl.NumberFormat("en-US", { style: "currency", currency: c }).formatToParts(0).find((p) => p.type === "currency")?.value);
  });
});
