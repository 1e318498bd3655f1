/**
 * Every date shown to a person, in UTC so the server's and the browser's renders agree, written as
 * Intl's en-US data writes them (tests/unit/dates.test.ts compares the two). Written by hand, not by
 * Intl.DateTimeFormat: a page's first Intl formatter costs a phone's main thread 25-100 ms (ICU's
 * data), and the product page's reviews show dates as they hydrate. Years outside 1000-9999 go
 * through Intl (a formatter per style, built on first use).
 */
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

const intl = (options: Intl.DateTimeFormatOptions) => {
  let f: Intl.DateTimeFormat | undefined;
  return (d: Date) => (f ??= new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" })).format(d);
};
const intlDay = intl({ dateStyle: "medium" });
const intlLongDate = intl({ year: "numeric", month: "long", day: "numeric" });
const intlEditorDate = intl({ year: "numeric", month: "long", day: "2-digit" });

/** `write` for the usual years; Intl (which throws a RangeError for an invalid date) for the rest. */
function format(d: Date | string, write: (month: string, day: number, year: number) => string, fallback: (d: Date) => string): string {
  const date = typeof d === "string" ? new Date(d) : d;
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? write(MONTHS[date.getUTCMonth()], date.getUTCDate(), year) : fallback(date);
}

/** "Nov 22, 2026": order lists and account pages. */
export function formatDate(d: Date | string): string {
  return format(d, (month, day, year) => `${month.slice(0, 3)} ${day}, ${year}`, intlDay);
}

/** "May 5, 2026": posts, reviews, policies. */
export function formatLongDate(d: Date | string): string {
  return format(d, (month, day, year) => `${month} ${day}, ${year}`, intlLongDate);
}

/** "May 05, 2026": the post editor's 'MMMM dd, yyyy'. */
export function formatEditorDate(d: Date | string): string {
  return format(d, (month, day, year) => `${month} ${String(day).padStart(2, "0")}, ${year}`, intlEditorDate);
}
