import { useRef } from "react";
import { useSubmit } from "react-router";

/**
 * A GET filter form that applies itself as the admin types or picks (debounced for text), replacing
 * the history entry and keeping the scroll. Without JavaScript the form's own submit button does it.
 */
export function useFilterForm() {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const applyAfter = (delayMs: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => form.current && submit(form.current, { replace: true, preventScrollReset: true }), delayMs);
  };
  return { form, applyAfter };
}
