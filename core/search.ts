/** The storefront search's shared rules (the header box, the results page and the server's matcher). */

export const SEARCH_PATH = "/search";
/** Longest query accepted; longer ones are cut, not refused (a pasted sentence still searches). */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 24;
/** More words than this add nothing but cost: the rest are ignored. */
const MAX_TERMS = 6;

/**
 * A query as the words the matcher compares: lower case, accents dropped, split on anything that is
 * not a letter or digit ("R36-Pro!" → ["r36", "pro"]). One-letter words are dropped when there are
 * longer ones (they match nearly everything).
 */
export function searchTerms(query: string): string[] {
  const words = query
    .slice(0, SEARCH_MAX_LENGTH)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const meaningful = words.some((w) => w.length > 1) ? words.filter((w) => w.length > 1) : words;
  return [...new Set(meaningful)].slice(0, MAX_TERMS);
}

export function searchHref(query: string): string {
  return `${SEARCH_PATH}?q=${encodeURIComponent(query)}`;
}
