import { z } from "zod";

/**
 * What a bulk action on an admin list acts on: the rows ticked on the page (`ids`, comma-separated in
 * a form or a URL), or every row matching the list's filter (`all=1` beside the filter's own fields).
 * The same fields travel in the bulk forms' posts and in the links of what a selection opens (packing
 * slips, export), so each reads the selection the same way.
 */

/** At most this many rows in one bulk action: a page holds 50, "all matching" may hold more. */
export const MAX_BULK_ROWS = 500;

const idsSchema = z
  .string()
  .transform((v) => [...new Set(v.split(",").map((s) => s.trim()).filter(Boolean))])
  .pipe(z.array(z.uuid("Unknown selection: reload the list and select again.")).min(1, "Select at least one row.").max(MAX_BULK_ROWS, `Select at most ${MAX_BULK_ROWS} rows at a time.`));

export type BulkSelection = { all: true } | { all: false; ids: string[] };

/** The selection in a form or a query; a refusal's message when it names nothing readable. */
export function bulkSelectionOf(params: URLSearchParams): { ok: true; selection: BulkSelection } | { ok: false; message: string } {
  if (params.get("all") === "1") return { ok: true, selection: { all: true } };
  const ids = idsSchema.safeParse(params.get("ids") ?? "");
  return ids.success ? { ok: true, selection: { all: false, ids: ids.data } } : { ok: false, message: ids.error.issues[0].message };
}

/** The selection's query fields: `?ids=…`, or `?all=1&…` with the list's own filter query (from listQuery). */
export function bulkSelectionQuery(selection: BulkSelection, filterQuery: string): string {
  if (!selection.all) return `?ids=${selection.ids.join(",")}`;
  return `?all=1${filterQuery ? `&${filterQuery.replace(/^\?/, "")}` : ""}`;
}
