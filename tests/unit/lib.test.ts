import { describe, expect, it } from "vitest";
import { discountPercent, dollarsToCents, formatMoney } from "~/lib/money";
import { slugify, stripHtml, truncate } from "~/lib/text";

describe("money", () => {
  it("formats cents as dollars with two decimals", () => {
    expect(formatMoney(4999)).toBe("$49.99");
    expect(formatMoney(149997)).toBe("$1,499.97");
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
