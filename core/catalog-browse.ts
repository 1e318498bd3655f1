import type { ProductCard } from "./product-view";
import type { ProductType } from "./collections";

/**
 * Sorting and filtering the product list (/products), shared by its loader and its form. Everything
 * lives in the URL (?sort=&stock=in&min=&max=&colour=), so a filtered list can be shared, bookmarked
 * and used without JavaScript. Prices are in the shopper's market currency, in major units as typed.
 * No zod here: the list's form and page import this module, and zod (with its probe for eval,
 * which the CSP reports) would go to the browser with it; the query's parser is its own module.
 */

export const SORTS = [
  { value: "newest", label: "Newest" },
  { value: "best-selling", label: "Best selling" },
  { value: "price-asc", label: "Price, low to high" },
  { value: "price-desc", label: "Price, high to low" },
  { value: "rating", label: "Top rated" },
] as const;

export type SortValue = (typeof SORTS)[number]["value"];
export const DEFAULT_SORT: SortValue = "newest";

/** A catalogue card with what the list sorts and filters by (server/catalog/browse.ts). */
export type BrowseItem = ProductCard & {
  type: ProductType;
  createdAt: string;
  unitsSold: number;
  /** Any colour can be bought now. */
  inStock: boolean;
  /** The product's colour names, in its order. */
  colours: string[];
};

/** The list's query as the URL gives it (parsed, forgivingly, by core/catalog-browse-query.ts). */
export type BrowseQuery = {
  sort: SortValue;
  inStock: boolean;
  minCents?: number;
  maxCents?: number;
  colours: string[];
};

export function isFiltered(q: BrowseQuery): boolean {
  return q.inStock || q.minCents !== undefined || q.maxCents !== undefined || q.colours.length > 0;
}

const bySort: Record<SortValue, (a: BrowseItem, b: BrowseItem) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  "best-selling": (a, b) => b.unitsSold - a.unitsSold || b.createdAt.localeCompare(a.createdAt),
  "price-asc": (a, b) => a.priceCents - b.priceCents || a.title.localeCompare(b.title),
  "price-desc": (a, b) => b.priceCents - a.priceCents || a.title.localeCompare(b.title),
  rating: (a, b) => b.rating.average - a.rating.average || b.rating.count - a.rating.count || a.title.localeCompare(b.title),
};

/** The items passing the filters, in the chosen order (prices already in the shopper's currency). */
export function browse<T extends BrowseItem>(items: T[], q: BrowseQuery): T[] {
  const colours = new Set(q.colours.map((c) => c.toLowerCase()));
  return items
    .filter(
      (p) =>
        (!q.inStock || p.inStock) &&
        (q.minCents === undefined || p.priceCents >= q.minCents) &&
        (q.maxCents === undefined || p.priceCents <= q.maxCents) &&
        (colours.size === 0 || p.colours.some((c) => colours.has(c.toLowerCase()))),
    )
    .sort(bySort[q.sort]);
}

/** Every colour any product comes in, with how many products offer it (the colour filter's choices). */
export function colourFacet(items: BrowseItem[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const p of items) for (const c of new Set(p.colours)) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => a.name.localeCompare(b.name));
}
