import { describe, expect, it } from "vitest";
import { discountPercent, dollarsToCents, formatMoney } from "../../core/money";
import { slugify, stripHtml, truncate } from "../../core/text";
import { cancelConfirmation } from "../../core/order-transitions";
import { postalAddressLines } from "../../core/address";

describe("money", () => {
  it("formats cents as dollars with two decimals", () => {
    expect(formatMoney(4999, "USD")).toBe("$49.99");
    expect(formatMoney(149997, "USD")).toBe("$1,499.97");
  });
  it("computes rounded discounts from the seeded prices", () => {
    expect(discountPercent(4999, 9900)).toBe(50);
    expect(discountPercent(5999, 8999)).toBe(33);
    expect(discountPercent(7999, 9999)).toBe(20);
    expect(discountPercent(5000, null)).toBe(0);
    expect(discountPercent(5000, 4000)).toBe(0);
  });
  it("turns typed dollars into exact cents", () => {
    expect(dollarsToCents("0.29")).toBe(29);
    expect(dollarsToCents("49.99")).toBe(4999);
  });
});

describe("order amounts in the order's currency", () => {
  it("the back office's cancel dialog refunds a GBP order in pounds, and offers no refund when nothing was paid", () => {
    expect(cancelConfirmation({ number: "PR-1", refundCents: 5298, currency: "gbp" })).toEqual({
      title: "Cancel order PR-1?",
      description: "Units not yet refunded go back to stock and £52.98 is refunded to the customer's card. This cannot be undone.",
      confirmLabel: "Cancel order and refund £52.98",
    });
    expect(cancelConfirmation({ number: "PR-2", refundCents: 0, currency: "eur" }).confirmLabel).toBe("Cancel order");
  });

  it("prints a US address with its state as USPS does, and a region elsewhere on its own line", () => {
    const a = { name: "Ada", line1: "1 Main St", city: "Austin", postalCode: "78701" };
    expect(postalAddressLines({ ...a, region: "TX", country: "US" })).toEqual(["Ada", "1 Main St", "Austin, TX 78701", "United States"]);
    expect(postalAddressLines({ ...a, region: "Ontario", country: "CA" })).toEqual(["Ada", "1 Main St", "Austin 78701", "Ontario", "Canada"]);
    expect(postalAddressLines({ ...a, region: null, country: "GB" })).toEqual(["Ada", "1 Main St", "Austin 78701", "United Kingdom"]);
  });
});

describe("text", () => {
  it("strips markup and decodes entities", () => {
    expect(stripHtml("<p>Hello&nbsp;<b>world</b> &amp; more</p><script>x()</script>")).toBe("Hello world & more");
  });
  it("truncates only when longer", () => {
    expect(truncate("abcdef", 3)).toBe("abc...");
    expect(truncate("abc", 3)).toBe("abc");
  });
  it("slugifies titles", () => {
    expect(slugify("  Marvel Rivals: May 15 Update! ")).toBe("marvel-rivals-may-15-update");
    expect(slugify("Café Crème")).toBe("cafe-creme");
  });
});

describe("dates", async () => {
  const { formatDate, formatEditorDate, formatLongDate } = await import("~/lib/dates");
  it("formats in UTC in each house style", () => {
    expect(formatLongDate("2026-05-05T23:30:00Z")).toBe("May 5, 2026");
    expect(formatEditorDate("2026-05-05T23:30:00Z")).toBe("May 05, 2026");
    expect(formatDate(new Date("2026-11-22T00:10:00Z"))).toBe("Nov 22, 2026");
  });
});
