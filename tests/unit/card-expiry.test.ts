import { describe, expect, it } from "vitest";
import { formatExpiryInput, parseExpiry } from "../../core/card-expiry";
import { testCardSchema } from "../../server/payments/test-provider";

describe("the test payment page's expiry", () => {
  it("formats digits as they are typed: a slash after the month, a lone 2-9 is that month", () => {
    const typed = (keys: string) => [...keys].reduce((field, key) => formatExpiryInput(field + key, false), "");
    expect(typed("1230")).toBe("12 / 30");
    expect(typed("1")).toBe("1");
    expect(typed("12")).toBe("12 / ");
    expect(typed("4")).toBe("04 / ");
    expect(typed("429")).toBe("04 / 29");
    // Pasted or filled at once, and over-long input.
    expect(formatExpiryInput("12 / 39", false)).toBe("12 / 39");
    expect(formatExpiryInput("12/305", false)).toBe("12 / 30");
    // Backspace over the separator leaves the month, not the slash again.
    expect(formatExpiryInput("12 /", true)).toBe("12");
  });

  it("the server reads 12 / 30, 12/30 and 1230 alike, and still refuses the incomplete and the past", () => {
    for (const expiry of ["12 / 39", "12/39", "1239", " 12 /39 "]) {
      expect(testCardSchema.parse({ cardNumber: "4242 4242 4242 4242", expiry, cvc: "123" }).expiry).toBe("12/39");
    }
    expect(parseExpiry("1/39")).toEqual({ month: 1, year: 2039 });
    for (const expiry of ["13/39", "0039", "12/3", "123", "ab/cd", ""]) {
      const result = testCardSchema.safeParse({ cardNumber: "4242424242424242", expiry, cvc: "123" });
      expect(result.error?.issues.map((i) => i.message), expiry).toEqual(["Your card's expiration date is incomplete."]);
    }
    const past = testCardSchema.safeParse({ cardNumber: "4242424242424242", expiry: "0120", cvc: "123" });
    expect(past.error?.issues.map((i) => i.message)).toEqual(["Your card's expiration date is in the past."]);
  });
});
