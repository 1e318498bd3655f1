import { describe, expect, it } from "vitest";
import { wallTimeInZone, zonedWallTime } from "../../core/admin-time";
import { discountFormValues, parseDiscountForm } from "../../core/discount-form";

/** A discount's start and end are typed and shown in the admin's zone, and stored as instants (issue 13). */
describe("discount times in the admin's time zone", () => {
  it("reads a typed wall time in the zone as the instant, and shows an instant as the zone's wall time", () => {
    expect(zonedWallTime("2026-12-01T09:00", "America/New_York").toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(zonedWallTime("2026-07-01T09:00", "America/New_York").toISOString()).toBe("2026-07-01T13:00:00.000Z");
    expect(zonedWallTime("2026-12-01T09:00", "Asia/Kolkata").toISOString()).toBe("2026-12-01T03:30:00.000Z");
    expect(zonedWallTime("2026-12-01T09:00", "UTC").toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(wallTimeInZone(new Date("2026-12-01T14:00:00Z"), "America/New_York")).toBe("2026-12-01T09:00");
    expect(wallTimeInZone(new Date("2026-12-01T23:30:00Z"), "Europe/Berlin")).toBe("2026-12-02T00:30");
    // Around the UK's spring change (01:00 UTC, 29 March 2026): 00:30 is GMT, 02:30 is BST.
    expect(zonedWallTime("2026-03-29T00:30", "Europe/London").toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(zonedWallTime("2026-03-29T02:30", "Europe/London").toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("refuses what is not a time on the calendar", () => {
    for (const text of ["2026-02-30T10:00", "2026-13-01T10:00", "2026-12-01T24:00", "2026-12-01T10:60", "tomorrow", "2026-12-01"]) {
      expect(Number.isNaN(zonedWallTime(text, "UTC").getTime()), text).toBe(true);
    }
  });

  it("the editor's form: times typed in the zone it sends are stored as instants and shown back the same; an unknown zone is UTC", () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ code: "TZ-1", title: "Zones", kind: "percentage", percentOff: "10", ...fields })) f.set(k, v);
      return parseDiscountForm(f);
    };
    const ny = form({ startsAt: "2026-12-01T09:00", endsAt: "2026-12-24T18:00", timeZone: "America/New_York" });
    expect(ny.success).toBe(true);
    const rules = ny.data!;
    expect(rules.startsAt?.toISOString()).toBe("2026-12-01T14:00:00.000Z");
    expect(rules.endsAt?.toISOString()).toBe("2026-12-24T23:00:00.000Z");
    expect(discountFormValues(rules, "America/New_York")).toMatchObject({ startsAt: "2026-12-01T09:00", endsAt: "2026-12-24T18:00" });
    expect(discountFormValues(rules, "UTC")).toMatchObject({ startsAt: "2026-12-01T14:00", endsAt: "2026-12-24T23:00" });

    expect(form({ startsAt: "2026-12-01T09:00", timeZone: "Mars/Olympus" }).data?.startsAt?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    const bad = form({ startsAt: "2026-02-30T09:00", timeZone: "Europe/Berlin" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["startsAt", "Enter a date and time, or leave it empty"]]);
  });
});
