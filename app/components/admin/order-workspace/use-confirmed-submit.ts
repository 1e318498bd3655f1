import { useState } from "react";
import { useSubmit } from "react-router";

/**
 * A form whose submit asks first (with JavaScript): the submit opens the dialog, its confirm button
 * sends the form. Without JavaScript the form is sent as it is.
 */
export function useConfirmedSubmit() {
  const submit = useSubmit();
  const [pending, setPending] = useState<HTMLFormElement | null>(null);
  return {
    ask: (e: React.FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      setPending(e.currentTarget);
    },
    pending,
    close: () => setPending(null),
    confirm: () => {
      if (pending) void submit(pending, { method: "post" });
      setPending(null);
    },
  };
}
