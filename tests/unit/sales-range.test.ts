import { describe, expect, it } from "vitest";
import { axisTop } from "~/components/admin/sales";
import { percentChange, salesRangeOf } from "../../core/sales-range";

const rangeOf = (query: string) => salesRangeOf(new URLSearchParams(query), "2026-11-22");

describe("the dashboard's sales range", () => {
  it("ends a preset today and compares it with as many days just before", () => {
    expect(rangeOf("range=today").range).toEqual({ preset: "today", from: "2026-11-22", to: "2026-11-22", days: 1, previousFrom: "2026-11-21", previousTo: "2026-11-21" });
    expect(rangeOf("range=7d").range).toMatchObject({ from: "2026-11-16", to: "2026-11-22", days: 7, previousFrom: "2026-11-09", previousTo: "2026-11-15" });
    expect(rangeOf("range=90d").range).toMatchObject({ from: "2026-08-25", days: 90, previousFrom: "2026-05-27", previousTo: "2026-08-24" });
    // Unknown or absent: 30 days, with no error (a stale bookmark still opens the page).
    expect(rangeOf("range=year")).toEqual({ range: rangeOf("").range });
    expect(rangeOf("").range).toMatchObject({ preset: "30d", from: "2026-10-24", days: 30 });
  });

  it("takes a custom range of calendar days across months, and refuses what is not one", () => {
    expect(rangeOf("range=custom&from=2026-02-27&to=2026-03-02").range).toEqual({
      preset: "custom",
      from: "2026-02-27",
      to: "2026-03-02",
      days: 4,
      previousFrom: "2026-02-23",
      previousTo: "2026-02-26",
    });
    expect(rangeOf("range=custom&from=2026-03-02&to=2026-02-27").error).toBe("The start date must be on or before the end date.");
    expect(rangeOf("range=custom&from=2026-02-30&to=2026-03-02").error).toBe("Enter dates as YYYY-MM-DD.");
    expect(rangeOf("range=custom&from=2026-02-01").error).toBe("Choose both a start and an end date.");
    expect(rangeOf("range=custom&from=2024-01-01&to=2026-01-01").error).toBe("A custom range spans at most 366 days.");
    expect(rangeOf("range=custom&from=2026-03-02&to=2026-02-27").range.preset).toBe("30d");
  });

  it("compares only with something, and rounds the chart's axis up to a round figure", () => {
    expect(percentChange(9, 8)).toBe(13);
    expect(percentChange(5, 0)).toBeNull();
    expect(axisTop(0)).toBe(400);
    expect(axisTop(11_705)).toBe(20_000);
    expect(axisTop(9_000)).toBe(10_000);
    expect(axisTop(40_000)).toBe(40_000);
  });
});
