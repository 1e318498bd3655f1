import type { PricingSettings, ShippingMethod } from "./types";

/**
 * Delivery estimates (Shipping Policy sections 2 and 3): dispatch within 1-3 business days of
 * payment, then the method's transit window in business days; weekends are skipped. A method with
 * a same-day cut-off (Next Day, 2 PM UK time) is dispatched the same day when ordered before the
 * cut-off on a business day, otherwise on the next business day. Days are counted on the shop's
 * calendar (its time zone), and the answer is a pair of calendar dates, "YYYY-MM-DD".
 */

export type DeliveryEstimate = { earliest: string; latest: string };

type LocalNow = { date: Date; minutes: number };

/** The calendar date (as a UTC midnight) and minutes past midnight of `now` in `timeZone`. */
const localFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: building an Intl.DateTimeFormat costs more than using it. */
function localFormat(timeZone: string): Intl.DateTimeFormat {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    localFormats.set(timeZone, format);
  }
  return format;
}

function localNow(now: Date, timeZone: string): LocalNow {
  const parts = Object.fromEntries(
    localFormat(timeZone)
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day))),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function isBusinessDay(date: Date): boolean {
  const day = date.getUTCDay();
  return day !== 0 && day !== 6;
}

function nextDay(date: Date): Date {
  return new Date(date.getTime() + 86_400_000);
}

/** The date `days` business days after `date` (0: the date itself). */
export function addBusinessDays(date: Date, days: number): Date {
  let d = date;
  for (let left = days; left > 0; ) {
    d = nextDay(d);
    if (isBusinessDay(d)) left -= 1;
  }
  return d;
}

function cutoffMinutes(cutoff: string): number {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(cutoff);
  if (!match) throw new RangeError(`Not a cut-off time (HH:MM): ${cutoff}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function deliveryEstimate(
  now: Date,
  method: Pick<ShippingMethod, "minDays" | "maxDays" | "sameDayCutoff">,
  settings: Pick<PricingSettings, "dispatchMinDays" | "dispatchMaxDays" | "timeZone">,
): DeliveryEstimate {
  const local = localNow(now, settings.timeZone);
  let firstDispatch: Date;
  let lastDispatch: Date;
  if (method.sameDayCutoff !== null) {
    const sameDay = isBusinessDay(local.date) && local.minutes < cutoffMinutes(method.sameDayCutoff);
    firstDispatch = lastDispatch = sameDay ? local.date : addBusinessDays(local.date, 1);
  } else {
    firstDispatch = addBusinessDays(local.date, settings.dispatchMinDays);
    lastDispatch = addBusinessDays(local.date, settings.dispatchMaxDays);
  }
  return {
    earliest: isoDate(addBusinessDays(firstDispatch, method.minDays)),
    latest: isoDate(addBusinessDays(lastDispatch, method.maxDays)),
  };
}
