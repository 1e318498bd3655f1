import { useEffect, useState } from "react";
import type { z } from "zod";
import { fieldId } from "~/components/ui/field";
import { fieldErrors, type FieldErrors } from "@core/form";

type Check = z.ZodType | ((form: FormData) => z.ZodSafeParseResult<unknown>);

/**
 * The one way a form checks itself in the browser: the action's own zod schema (or its parse of
 * the FormData, for nested forms) runs on submit; when it fails nothing is posted, its messages
 * show under the fields and the first invalid control in page order takes focus (found by the ids
 * the field kit derives from paths). The server's messages (`serverErrors`, from the same schema)
 * show until the next attempt. Pass `onSubmit` to the <Form>; `skip` lets a submit button that posts
 * something else through (checkout's "Update delivery options").
 */
export function useSchemaForm(check: Check, serverErrors?: FieldErrors, skip?: (submitter: HTMLButtonElement | null) => boolean) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  useEffect(() => setClientErrors(null), [serverErrors]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (skip?.(submitter)) return;
    const data = new FormData(event.currentTarget);
    const parsed = typeof check === "function" ? check(data) : check.safeParse(Object.fromEntries(data));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fieldErrors(parsed.error);
    setClientErrors(found);
    const ids = new Set(Object.keys(found).map(fieldId));
    const first = [...event.currentTarget.querySelectorAll<HTMLElement>("[id^='field-']")].find((el) => ids.has(el.id));
    // A group (radios, a fieldset of rows) gives focus to its first control. Centred: a control
    // already "in view" may be under the sticky header.
    const target = first?.matches("input, select, textarea, button") ? first : first?.querySelector<HTMLElement>("input, select, textarea");
    target?.focus({ preventScroll: true });
    target?.scrollIntoView({ block: "center" });
  }

  return { errors: clientErrors ?? serverErrors ?? {}, failed: clientErrors !== null, onSubmit };
}
