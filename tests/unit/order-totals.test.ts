import { describe, expect, it } from "vitest";
import { orderTotals, totalsAmount, withRefunds } from "../../core/order-totals";

const order = { subtotalCents: 9998, discount: null, shippingCents: 0, totalCents: 9998, currency: "usd", shippingMethod: null, delivery: null, taxLines: [] };
const text = (t: ReturnType<typeof orderTotals>) => t.lines.map((l) => `${l.label}: ${totalsAmount(l, t.currency)}`);

describe("order totals (one list for the order pages and the email)", () => {
  it("says Free for no shipping and ends on the total", () => {
    expect(text(orderTotals(order))).toEqual(["Subtotal: $99.98", "Shipping: Free", "Total: $99.98"]);
  });

  it("takes the discount off with a minus and keeps the order's currency", () => {
    const t = orderTotals({
      ...order,
      currency: "gbp",
      shippingCents: 495,
      discount: { code: "SPRING10", label: "-10%", amountCents: 1000, freeShipping: false },
      totalCents: 9493,
    });
    expect(text(t)).toEqual(["Subtotal: £99.98", "Discount (SPRING10 -10%): -£10.00", "Shipping: £4.95", "Total: £94.93"]);
    expect(t.lines.filter((l) => l.strong).map((l) => l.key)).toEqual(["total"]);
  });

  it("adds refunded and net only once something was refunded", () => {
    expect(withRefunds(orderTotals(order), 0, 9998).lines.map((l) => l.key)).toEqual(["subtotal", "shipping", "total"]);
    expect(text(withRefunds(orderTotals(order), 4999, 9998)).slice(-2)).toEqual(["Refunded: -$49.99", "Net: $49.99"]);
  });

  it("names the method, adds tax charged on top before the total and shows VAT inside the prices after it", () => {
    const uk = orderTotals({
      ...order,
      currency: "gbp",
      subtotalCents: 3999,
      shippingCents: 1299,
      totalCents: 5298,
      shippingMethod: "Next Day",
      delivery: { from: "2026-11-24", to: "2026-11-26" },
      taxLines: [{ name: "VAT", rateBps: 2000, amountCents: 884, included: true }],
    });
    expect(text(uk)).toEqual(["Subtotal: £39.99", "Shipping (Next Day): £12.99", "Total: £52.98", "Including VAT (20%): £8.84"]);
    expect(uk.delivery).toBe("Next Day, estimated delivery Tue 24 Nov – Thu 26 Nov");
    // Refunds go under the total; the VAT note stays last.
    expect(withRefunds(uk, 1000, 5298).lines.map((l) => l.key)).toEqual(["subtotal", "shipping", "total", "refunded", "net", "tax-0"]);
    const us = orderTotals({ ...order, shippingCents: 1299, totalCents: 5411 + 1299, subtotalCents: 4999, taxLines: [{ name: "Sales tax", rateBps: 825, amountCents: 412, included: false }] });
    expect(text(us)).toEqual(["Subtotal: $49.99", "Shipping: $12.99", "Sales tax (8.25%): $4.12", "Total: $67.10"]);
  });
});
