import { z } from "zod";
import { DEFAULT_SORT, SORTS, type BrowseQuery, type SortValue } from "./catalog-browse";

/** The product list's query from the URL (the loader's side of core/catalog-browse.ts). */

const amount = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v) * 100))
  .optional()
  .catch(undefined);

/** The list's query, forgiving: a value it does not understand is dropped, never an error page. */
const browseQuery = z.object({
  sort: z.enum(SORTS.map((s) => s.value) as [SortValue, ...SortValue[]]).catch(DEFAULT_SORT),
  inStock: z.boolean(),
  minCents: amount,
  maxCents: amount,
  colours: z.array(z.string().trim().min(1).max(40)).max(20).catch([]),
});

export function parseBrowseQuery(params: URLSearchParams): BrowseQuery {
  const q: BrowseQuery = browseQuery.parse({
    sort: params.get("sort") ?? DEFAULT_SORT,
    inStock: params.get("stock") === "in",
    minCents: params.get("min") || undefined,
    maxCents: params.get("max") || undefined,
    colours: params.getAll("colour").filter(Boolean),
  });
  // "From 80 to 40" means between them.
  if (q.minCents !== undefined && q.maxCents !== undefined && q.minCents > q.maxCents) [q.minCents, q.maxCents] = [q.maxCents, q.minCents];
  return q;
}
