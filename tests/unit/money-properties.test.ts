import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chargesFromTotals,
  DEFAULT_PRICING_SETTINGS,
  lineRefund,
  linePaidMinor,
  orderPaidMinor,
  priceOrder,
  shippingRefund,
  type OrderCharges,
  type OrderQuote,
  type PricingSettings,
} from "@server/pricing";
import { discountStep, type DiscountDefinition } from "@server/discounts/rules";

/**
 * Property tests of the money after the sale (server/pricing/charges.ts): random orders priced by the
 * real pricing core (1-8 lines, 1-10 units, 1-99,999 minor units each, a percentage or fixed code or
 * none, every market's tax rules, shipping below and above the free threshold), then refunded.
 * RUNS is the number of random orders per property; the closing note of issue 25 quotes it.
 */
const RUNS = 1000;

/** The default settings plus a US state sales tax (exclusive), with and without taxed shipping. */
const settings: PricingSettings = {
  ...DEFAULT_PRICING_SETTINGS,
  taxRates: [
    ...DEFAULT_PRICING_SETTINGS.taxRates,
    { country: "US", region: "CA", name: "Sales tax", rateBps: 725, taxShipping: false },
    { country: "US", region: "NY", name: "Sales tax", rateBps: 888, taxShipping: true },
  ],
};

const destinations = [
  { marketId: "uk", country: "GB", region: null }, // VAT 20%, inclusive, shipping taxed
  { marketId: "eu", country: "FI", region: null }, // VAT 25.5%, inclusive
  { marketId: "eu", country: "LU", region: null }, // VAT 17%, inclusive
  { marketId: "us", country: "US", region: "CA" }, // 7.25% added, shipping not taxed
  { marketId: "us", country: "US", region: "NY" }, // 8.88% added, shipping taxed
  { marketId: "us", country: "US", region: "IL" }, // no rate: "Sales tax $0.00"
  { marketId: "row", country: "JP", region: null }, // no tax line at all
] as const;

const code = (over: Partial<DiscountDefinition>): DiscountDefinition => ({
  id: "d",
  code: "PROP",
  title: "Property",
  kind: "percentage",
  percentOff: null,
  amounts: {},
  minSubtotals: {},
  freeShippingMarkets: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  oncePerCustomer: false,
  productIds: null,
  active: true,
  ...over,
});

const discountArb = fc.oneof(
  fc.constant(null),
  fc.integer({ min: 1, max: 100 }).map((percentOff) => code({ kind: "percentage", percentOff })),
  fc.integer({ min: 1, max: 500_000 }).map((usd) => code({ kind: "fixed", amounts: { USD: usd } })),
);

const orderArb = fc.record({
  lines: fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 10 }), priceMinor: fc.integer({ min: 1, max: 99_999 }) }), { minLength: 1, maxLength: 8 }),
  destination: fc.constantFrom(...destinations),
  method: fc.integer({ min: 0, max: 2 }),
  discount: discountArb,
});

type RandomOrder = { quote: OrderQuote; charges: OrderCharges };
type OrderInput = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

/** Prices a random order as checkout does and keeps what the order stores of it. */
function place(o: OrderInput): RandomOrder {
  const market = settings.markets.find((m) => m.id === o.destination.marketId)!;
  const methods = settings.shippingMethods.filter((m) => m.marketId === market.id);
  const quote = priceOrder(
    {
      lines: o.lines.map((l, i) => ({ key: `v${i}`, quantity: l.quantity, basePriceCents: 1, marketPriceMinor: l.priceMinor })),
      market,
      destination: { country: o.destination.country, region: o.destination.region },
      methodId: methods[o.method % methods.length].id,
      now: new Date("2026-11-23T10:00:00Z"),
      discount: o.discount ? discountStep(o.discount, () => "p") : undefined,
    },
    settings,
  );
  const shipping = quote.shipping!;
  const charges: OrderCharges = {
    lines: quote.lines.map((l) => ({ quantity: l.quantity, lineTotalMinor: l.lineTotalMinor, discountMinor: l.discountMinor, taxMinor: l.taxMinor })),
    shippingMinor: shipping.priceMinor,
    shippingTaxMinor: shipping.taxMinor,
    taxIncluded: market.taxMode === "inclusive",
  };
  return { quote, charges };
}

const placedArb = orderArb.map(place);

/** Refunds every unit of every line in random steps, then the shipping: the amounts and taxes sent back. */
const stepsArb = fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 20 });

function refundAll({ charges }: RandomOrder, steps: number[]) {
  let amount = 0;
  let tax = 0;
  charges.lines.forEach((line) => {
    let refunded = 0;
    for (let s = 0; refunded < line.quantity; s++) {
      const units = Math.min(steps[s % steps.length], line.quantity - refunded);
      const part = lineRefund(line, charges.taxIncluded, refunded, units);
      amount += part.amountMinor;
      tax += part.taxMinor;
      refunded += units;
    }
  });
  const ship = shippingRefund(charges);
  return { amount: amount + ship.amountMinor, tax: tax + ship.taxMinor };
}

describe("money after the sale, for random orders (fast-check)", () => {
  it("the lines' discount shares add up to the order's discount, and lines plus shipping to its total", () => {
    fc.assert(
      fc.property(placedArb, ({ quote, charges }) => {
        expect(charges.lines.reduce((s, l) => s + l.discountMinor, 0)).toBe(quote.discount?.amountMinor ?? 0);
        charges.lines.forEach((l) => expect(l.discountMinor).toBeLessThanOrEqual(l.lineTotalMinor));
        expect(orderPaidMinor(charges)).toBe(quote.totalMinor);
      }),
      { numRuns: RUNS },
    );
  });

  it("refunding every unit of every line, in any steps, plus the shipping returns exactly what was paid, tax to the cent", () => {
    fc.assert(
      fc.property(placedArb, stepsArb, (order, steps) => {
        const back = refundAll(order, steps);
        expect(back.amount).toBe(order.quote.totalMinor);
        expect(back.tax).toBe(order.quote.taxMinor);
      }),
      { numRuns: RUNS },
    );
  });

  it("no sequence of partial refunds of a line gives back more than the line was charged, and each unit at most its share rounded up", () => {
    fc.assert(
      fc.property(placedArb, stepsArb, fc.nat(), ({ charges }, steps, pick) => {
        const line = charges.lines[pick % charges.lines.length];
        const paid = linePaidMinor(line, charges.taxIncluded);
        let refunded = 0;
        let back = 0;
        for (const units of steps) {
          if (refunded + units > line.quantity) break;
          const part = lineRefund(line, charges.taxIncluded, refunded, units);
          expect(part.amountMinor).toBeGreaterThanOrEqual(0);
          // Never more than the units' exact share plus one minor unit of rounding per tax and amount.
          expect(part.amountMinor * line.quantity).toBeLessThanOrEqual(paid * units + 2 * line.quantity);
          back += part.amountMinor;
          refunded += units;
          expect(back).toBeLessThanOrEqual(paid);
        }
        if (refunded === line.quantity) expect(back).toBe(paid);
      }),
      { numRuns: RUNS },
    );
  });

  it("tax taken out of inclusive prices and added to exclusive ones reconciles with the invoice's tax lines", () => {
    fc.assert(
      fc.property(placedArb, ({ quote, charges }) => {
        const linesTax = charges.lines.reduce((s, l) => s + l.taxMinor, 0);
        expect(linesTax + charges.shippingTaxMinor).toBe(quote.taxLines.reduce((s, t) => s + t.amountMinor, 0));
        const added = quote.taxLines.filter((t) => !t.included).reduce((s, t) => s + t.amountMinor, 0);
        expect(quote.discountedSubtotalMinor + (quote.shipping?.priceMinor ?? 0) + added).toBe(quote.totalMinor);
      }),
      { numRuns: RUNS },
    );
  });

  it("an older order allocated from its stored totals adds up to the same total and tax, and refunds back to it exactly", () => {
    fc.assert(
      fc.property(placedArb, stepsArb, ({ quote }, steps) => {
        const charges = chargesFromTotals({
          lines: quote.lines.map((l) => ({ quantity: l.quantity, unitPriceMinor: l.unitPriceMinor })),
          subtotalMinor: quote.subtotalMinor,
          shippingMinor: quote.shipping!.priceMinor,
          totalMinor: quote.totalMinor,
          taxLines: quote.taxLines,
        });
        expect(charges.lines.reduce((s, l) => s + l.discountMinor, 0)).toBe(quote.discount?.amountMinor ?? 0);
        expect(orderPaidMinor(charges)).toBe(quote.totalMinor);
        const back = refundAll({ quote, charges }, steps);
        expect(back.amount).toBe(quote.totalMinor);
        expect(back.tax).toBe(quote.taxMinor);
      }),
      { numRuns: RUNS },
    );
  });

  it("the issue's example: 2 × $79.99 with 10% off refunds $71.99 for one unit and $71.99 for the other", () => {
    const order = place({ lines: [{ quantity: 2, priceMinor: 7999 }], destination: destinations[5], method: 0, discount: code({ kind: "percentage", percentOff: 10 }) });
    expect(order.quote.totalMinor).toBe(14398);
    expect(lineRefund(order.charges.lines[0], false, 0, 1).amountMinor).toBe(7199);
    expect(lineRefund(order.charges.lines[0], false, 1, 1).amountMinor).toBe(7199);
  });
});
