/**
 * An admin list's filter as a query string ("?q=ada&status=paid"), with `page` replaced or left out:
 * the page links, the exports and the bulk actions of every filtered list (orders, products) read the
 * same URL the list does. Keys keep the filter's order; empty values are left out.
 */
export function listQuery(filter: Record<string, string | number | boolean | undefined>, page?: number): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) {
    if (k !== "page" && v) params.set(k, String(v));
  }
  if (page && page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : "";
}
