import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatDate, formatEditorDate, formatLongDate } from "~/lib/dates";

const intl = (options: Intl.DateTimeFormatOptions) => (d: Date) => new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(d);

describe("dates written by hand", () => {
  const cases = [
    [formatDate, intl({ dateStyle: "medium" })],
    [formatLongDate, intl({ year: "numeric", month: "long", day: "numeric" })],
    [formatEditorDate, intl({ year: "numeric", month: "long", day: "2-digit" })],
  ] as const;
  it("match Intl's en-US data in UTC, for Dates and ISO strings", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(-5000, 0, 1)), max: new Date(Date.UTC(12000, 0, 1)), noInvalidDate: true }), (d) => {
        for (const [ours, theirs] of cases) {
          expect(ours(d)).toBe(theirs(d));
          expect(ours(d.toISOString())).toBe(theirs(d));
        }
      }),
      { numRuns: 3000 },
    );
  });
  it("write the examples their comments give, and refuse an invalid date as Intl does", () => {
    expect(formatDate("2026-11-22T23:59:59Z")).toBe("Nov 22, 2026");
    expect(formatLongDate(new Date(Date.UTC(2026, 4, 5)))).toBe("May 5, 2026");
    expect(formatEditorDate(new Date(Date.UTC(2026, 4, 5)))).toBe("May 05, 2026");
    expect(() => formatLongDate("not a date")).toThrow(RangeError);
  });
});
