/**
 * A redirect target from user input (a form field, a query, a Referer), kept only when it is a
 * path on this site: `//host` and `/\host` are other sites to a browser, and so is `/\t/host`: a
 * browser drops tabs and newlines from a URL before reading it. Any control character or backslash
 * gives the fallback.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(value)) {
    return fallback;
  }
  return value;
}
