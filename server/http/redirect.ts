/**
 * A redirect target from user input (a form field, a query, a Referer), kept only when it is a
 * path on this site: `//host` and `/\host` are other sites to a browser.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  return value;
}
