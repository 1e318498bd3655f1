import { useEffect, useRef } from "react";
import { useNavigation, useSubmit } from "react-router";

/**
 * A GET filter form that applies itself as the admin types or picks (debounced for text), replacing
 * the history entry and keeping the scroll. Without JavaScript the form's own submit button does it.
 */
export function useFilterForm() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const applyAfter = (delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => form.current && submit(form.current, { replace: true, preventScrollReset: true }), delayMs);
  };
  // Any navigation that starts (Enter in a field, Apply, Clear all, a link) carries or replaces what
  // was typed: a change still waiting to apply would land after it and undo it (Clear all came back
  // filtered when the price's pause ended during its load).
  useEffect(() => {
    if (navigation.state !== "idle") clearTimeout(timer.current);
  }, [navigation.state]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { form, applyAfter };
}
