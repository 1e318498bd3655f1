/**
 * Every date shown to a person, in UTC so the server's and the browser's renders agree. One formatter
 * per style for the process: toLocaleDateString builds a new one per call, which shows up in render profiles.
 */
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const editorDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "2-digit", timeZone: "UTC" });

const toDate = (d: Date | string) => (typeof d === "string" ? new Date(d) : d);

/** "Nov 22, 2026": order lists and account pages. */
export function formatDate(d: Date | string): string {
  return day.format(toDate(d));
}

/** "May 5, 2026": posts, reviews, policies. */
export function formatLongDate(d: Date | string): string {
  return longDate.format(toDate(d));
}

/** "May 05, 2026": the post editor's 'MMMM dd, yyyy'. */
export function formatEditorDate(d: Date | string): string {
  return editorDate.format(toDate(d));
}
