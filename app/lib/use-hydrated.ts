import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * False during server rendering and hydration, true afterwards (and from the first render of a
 * component mounted after hydration): what stands in for JavaScript (a no-JS button, a plain
 * textarea) shows until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
