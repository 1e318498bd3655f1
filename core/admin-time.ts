import { z } from "zod";

/**
 * The back office shows dates and times in the admin's own time zone. The browser knows it
 * (Intl.DateTimeFormat().resolvedOptions().timeZone) and tells the server in a cookie, so the server
 * renders the same text the browser would and date-range filters mean the admin's days. Until the
 * cookie is set (first visit, or no JavaScript) everything is UTC, and says so.
 */
export const ADMIN_TZ_COOKIE = "admin_tz";
export const DEFAULT_TIME_ZONE = "UTC";

export function isTimeZone(tz: string): boolean {
  if (!tz || tz.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The admin's zone from a Cookie header; UTC when absent or not a zone this runtime knows. */
export function timeZoneFromCookie(cookieHeader: string | null): string {
  const raw = cookieHeader
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${ADMIN_TZ_COOKIE}=`))
    ?.slice(ADMIN_TZ_COOKIE.length + 1);
  if (!raw) return DEFAULT_TIME_ZONE;
  let tz: string;
  try {
    tz = decodeURIComponent(raw);
  } catch {
    return DEFAULT_TIME_ZONE;
  }
  return isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
}

export function timeZoneCookie(tz: string): string {
  return `${ADMIN_TZ_COOKIE}=${encodeURIComponent(tz)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${tz}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" } : {}),
      timeZone: tz,
    });
    formatters.set(key, f);
  }
  return f;
}

/** "Nov 23, 2026, 09:15 GMT+1": date, time and the zone's short name, in the given zone. */
export function formatInZone(iso: string | Date, tz: string, withTime = true): string {
  return formatter(tz, withTime).format(typeof iso === "string" ? new Date(iso) : iso);
}

/** The zone's wall clock at instant `at`, field by field ("2026", "12", "01", "09", "00", "00"). */
function wallClock(at: Date, tz: string): (type: "year" | "month" | "day" | "hour" | "minute" | "second") => string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: tz,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  return (type) => parts.find((p) => p.type === type)?.value ?? "";
}

/** How far the zone's wall clock is ahead of UTC at instant `at` (ms). */
function offsetMs(at: number, tz: string): number {
  const clock = wallClock(new Date(at), tz);
  const get = (type: Parameters<typeof clock>[0]) => Number(clock(type));
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a calendar day ("2026-11-23") starts in the zone. Asked twice because the offset at
 * the guess may differ from the offset at the answer across a daylight-saving change.
 */
export function zonedDayStart(day: string, tz: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - offsetMs(wall, tz);
  return new Date(wall - offsetMs(first, tz));
}

/** A calendar day as the URL and date fields carry it ("2026-11-23"), refused when not on the calendar. */
export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));

/** The day `n` days after "2026-11-23" (before it when negative), as text (calendar arithmetic in UTC, where every day has 24 hours). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export const nextDay = (day: string): string => addDays(day, 1);

/** Whole calendar days from `from` to `to` ("2026-11-01" to "2026-11-03" is 2). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Today's date on the zone's calendar. */
export function todayInZone(now: Date, tz: string): string {
  return wallTimeInZone(now, tz).slice(0, 10);
}

/** "2026-12-01T09:00" as the zone's wall clock shows instant `at` (for a datetime-local field). */
export function wallTimeInZone(at: Date, tz: string): string {
  const get = wallClock(at, tz);
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/**
 * The instant the zone's wall clock reads "2026-12-01T09:00" (a datetime-local field typed in the
 * admin's zone); an invalid Date when the text is not such a time. Asked twice, as zonedDayStart.
 * A wall time skipped by a daylight-saving change lands an hour later.
 */
export function zonedWallTime(text: string, tz: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 2026-02-30 over into March: refuse what is not a time on the calendar.
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return new Date(Number.NaN);
  const first = wall - offsetMs(wall, tz);
  return new Date(wall - offsetMs(first, tz));
}
