import { parseViewed, recordView, viewedBefore, VIEWED_STORAGE_KEY } from "@core/recently-viewed";

/*
 * The browser's side of "Recently viewed" (core/recently-viewed.ts has the rules). Storage can be
 * missing or refuse (disabled cookies and site data make the `localStorage` getter throw; some
 * private modes throw on write): the page then shows no section and goes on.
 */

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Records a view of `slug` and answers the slugs viewed before it (most recent first, not itself). */
export function noteView(slug: string): string[] {
  const store = storage();
  let viewed: string[] = [];
  try {
    viewed = parseViewed(store?.getItem(VIEWED_STORAGE_KEY) ?? null);
    store?.setItem(VIEWED_STORAGE_KEY, JSON.stringify(recordView(viewed, slug)));
  } catch {
    // Full or refused: the list does not grow, what was read still shows.
  }
  return viewedBefore(viewed, slug);
}

/**
 * The cards' answer for `slugs` in `market`, unchecked (null when refused): the lazy section checks
 * it (core/product-cards.ts), so the check is no part of the page's first load.
 */
export async function fetchViewedCards(market: string, slugs: string[], signal: AbortSignal): Promise<unknown> {
  const res = await fetch(`/api/product-cards?market=${encodeURIComponent(market)}&slugs=${slugs.join(",")}`, { headers: { Accept: "application/json" }, signal });
  return res.ok ? res.json() : null;
}
