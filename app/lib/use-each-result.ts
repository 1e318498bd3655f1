import { useEffect, useRef } from "react";

/**
 * Calls `onResult` once for each new result (a fetcher's data, an action's), after the render that
 * shows it.
 *
 * Not `useEffect(fn, [fetcher.data])`: React Router keeps a fetcher's data in a ref it fills just
 * before React renders the new router state. A component that re-renders for anything else in that
 * gap (a state set to the value it already had) reads the new data in a render React then bails out
 * of, which drops that render's effects but keeps their deps; the render that does show the data
 * then finds the deps unchanged and skips the effect. The cart's "Cart cleared" toast went missing
 * that way about once in eight e2e runs. Comparing with the answer last handled, on every commit,
 * has no such gap.
 */
export function useEachResult<T>(result: T | undefined, onResult: (result: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (result === undefined || result === handled.current) return;
    handled.current = result;
    onResult(result);
  });
}
