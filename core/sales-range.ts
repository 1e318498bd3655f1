import { z } from "zod";
import { addDays, calendarDaySchema, daysBetween } from "./admin-time";

/**
 * The dashboard's sales range as it travels in the URL (?range=7d, or ?range=custom&from=&to=):
 * whole calendar days in the admin's time zone, today included, compared with the same number of
 * days just before. Shared by the loader (which turns days into instants) and the page (labels).
 */
export const SALES_PRESETS = [
  { value: "today", label: "Today", days: 1 },
  { value: "7d", label: "7 days", days: 7 },
  { value: "30d", label: "30 days", days: 30 },
  { value: "90d", label: "90 days", days: 90 },
] as const;

export type SalesPreset = (typeof SALES_PRESETS)[number]["value"] | "custom";
export const DEFAULT_SALES_PRESET = "30d";
/** A custom range spans at most a year: one bar per day stays readable, and the queries stay small. */
export const MAX_RANGE_DAYS = 366;

export type SalesRange = {
  preset: SalesPreset;
  /** First and last day, both included ("2026-11-01", "2026-11-30"). */
  from: string;
  to: string;
  days: number;
  /** The previous period: the `days` days before `from`. */
  previousFrom: string;
  previousTo: string;
};

const isDay = (d: string | undefined): d is string => calendarDaySchema.safeParse(d).success;

const customSchema = z.object({ from: z.string().trim().optional(), to: z.string().trim().optional() }).transform((r, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  };
  if (!r.from || !r.to) return fail("Choose both a start and an end date.");
  if (!isDay(r.from) || !isDay(r.to)) return fail("Enter dates as YYYY-MM-DD.");
  if (r.from > r.to) return fail("The start date must be on or before the end date.");
  if (daysBetween(r.from, r.to) + 1 > MAX_RANGE_DAYS) return fail(`A custom range spans at most ${MAX_RANGE_DAYS} days.`);
  return { from: r.from, to: r.to };
});

function rangeOf(preset: SalesPreset, from: string, to: string): SalesRange {
  const days = daysBetween(from, to) + 1;
  return { preset, from, to, days, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
}

/**
 * The range the URL asks for, ending today on the admin's calendar for a preset. An unknown preset
 * falls back to 30 days (a stale bookmark still opens the page); an unreadable custom range is an
 * error the page shows beside the date fields, with the 30 days shown meanwhile.
 */
export function salesRangeOf(params: URLSearchParams, today: string): { range: SalesRange; error?: string } {
  const asked = params.get("range");
  if (asked === "custom") {
    const parsed = customSchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
    if (parsed.success) return { range: rangeOf("custom", parsed.data.from, parsed.data.to) };
    return { range: salesRangeOf(new URLSearchParams(), today).range, error: parsed.error.issues[0]?.message };
  }
  const preset = SALES_PRESETS.find((p) => p.value === asked) ?? SALES_PRESETS.find((p) => p.value === DEFAULT_SALES_PRESET)!;
  return { range: rangeOf(preset.value, addDays(today, -(preset.days - 1)), today) };
}

/** Whole-percent change; null when there is nothing to compare with (the earlier figure is 0). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** What the comparison is against: "yesterday", "the previous 7 days". */
export function previousPeriodLabel(range: SalesRange): string {
  return range.days === 1 ? "the day before" : `the previous ${range.days} days`;
}

/** The range's own query string (for links that keep it). */
export function salesRangeParams(range: SalesRange): Record<string, string> {
  return range.preset === "custom" ? { range: "custom", from: range.from, to: range.to } : { range: range.preset };
}

/** What the dashboard shows for a range (server/admin/sales.ts computes it); amounts in US cents. */
export type SalesTotals = { salesCents: number; orders: number; refundsCents: number };
export type SalesDay = SalesTotals & { day: string };
export type TopRow = { name: string; units: number; salesCents: number };
export type LowStockRow = { productId: string; product: string; colour: string; available: number; threshold: number };

export type SalesReport = {
  current: SalesTotals;
  previous: SalesTotals;
  /** One entry per day of the range, days without sales included. */
  daily: SalesDay[];
  /** Currencies other than USD converted in the range's figures ("EUR", "GBP"). */
  converted: string[];
  topProducts: TopRow[];
  topColours: TopRow[];
  lowStock: LowStockRow[];
};
