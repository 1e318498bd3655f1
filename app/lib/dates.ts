/** Dates as customers read them, in UTC so the server's and the browser's renders agree. */
const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export function formatDate(d: Date | string): string {
  return day.format(typeof d === "string" ? new Date(d) : d);
}
