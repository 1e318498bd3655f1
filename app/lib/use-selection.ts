import { useEffect, useState } from "react";
import type { BulkSelection } from "@core/bulk-selection";

/**
 * The rows ticked on an admin list's page, or "every row matching the filter" (after the whole page
 * was ticked). Ticks are kept by id and read against the rows shown now, so a live update or a new
 * page never acts on a row the admin cannot see; a new `scope` (the list's filter and page as a
 * query) starts afresh.
 */
export function useSelection(scope: string, pageIds: string[], total: number) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  useEffect(() => {
    setTicked(new Set());
    setAllMatching(false);
  }, [scope]);
  const ids = pageIds.filter((id) => ticked.has(id));
  const wholePage = pageIds.length > 0 && ids.length === pageIds.length;
  const all = allMatching && wholePage;
  const selection: BulkSelection | null = all ? { all: true } : ids.length > 0 ? { all: false, ids } : null;
  return {
    ids,
    selection,
    count: all ? total : ids.length,
    wholePage,
    /** The whole page is ticked and more rows match than the page shows: offer them all. */
    canSelectAllMatching: wholePage && !all && total > pageIds.length,
    allMatching: all,
    isTicked: (id: string) => ticked.has(id),
    toggle(id: string) {
      const next = new Set(ticked);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      setTicked(next);
      setAllMatching(false);
    },
    togglePage() {
      setTicked(wholePage ? new Set() : new Set(pageIds));
      setAllMatching(false);
    },
    selectAllMatching: () => setAllMatching(true),
    clear() {
      setTicked(new Set());
      setAllMatching(false);
    },
  };
}

export type Selection = ReturnType<typeof useSelection>;
