import { useHydrated } from "~/lib/use-hydrated";
import type { Selection } from "~/lib/use-selection";

/**
 * Above an admin list: tick the whole page, see how many rows are selected, widen to every row the
 * filter matches, clear; the list's own actions (children) appear once something is selected.
 * `noun` names a row ("order", "product"). The tick boxes wait for JavaScript (disabled until the
 * page is hydrated): a tick before then would be lost, and every bulk action needs it anyway.
 */
export function BulkBar({ selection, total, noun, children }: { selection: Selection; total: number; noun: string; children: React.ReactNode }) {
  const hydrated = useHydrated();
  const plural = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? noun : `${noun}s`}`;
  return (
    <div
      role="group"
      aria-label={`Bulk actions on ${noun}s`}
      className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-gray-200 bg-white px-4 py-3 text-sm"
    >
      <label className="flex items-center gap-2 font-medium">
        <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={selection.wholePage} onChange={selection.togglePage} disabled={!hydrated} />
        Select all on this page
      </label>
      <p aria-live="polite" data-testid="selected-count" className="text-gray-700">
        {selection.count > 0 ? `${plural(selection.count)} selected${selection.allMatching ? " (all matching the filters)" : ""}` : ""}
      </p>
      {selection.canSelectAllMatching ? (
        <button type="button" onClick={selection.selectAllMatching} className="font-semibold text-brand-700 underline">
          Select all {plural(total)} matching
        </button>
      ) : null}
      {selection.count > 0 ? (
        <>
          <div className="flex w-full flex-wrap items-end gap-2">{children}</div>
          <button type="button" onClick={selection.clear} className="font-semibold text-brand-700 underline">
            Clear selection
          </button>
        </>
      ) : null}
    </div>
  );
}

/** A row's tick box, named by the row ("Select order PR-1001"). */
export function RowCheckbox({ selection, id, label }: { selection: Selection; id: string; label: string }) {
  const hydrated = useHydrated();
  return <input type="checkbox" aria-label={label} className="h-5 w-5 shrink-0 accent-brand-700" checked={selection.isTicked(id)} onChange={() => selection.toggle(id)} disabled={!hydrated} />;
}
