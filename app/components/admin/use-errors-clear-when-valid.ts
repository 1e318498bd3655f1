import { useEffect, useRef, type RefObject } from "react";

type Errors = Record<string, string>;

const fieldsOf = (form: HTMLFormElement) => {
  const out = new Map<string, string>();
  for (const [name, value] of new FormData(form)) out.set(name, `${out.get(name) ?? ""}\u0000${typeof value === "string" ? value : value.name}`);
  return out;
};

/**
 * A field's message goes as soon as the field is valid again, not at the next save. After each
 * change, `problems` checks the form (with the same zod schema as the save) and every message whose
 * field was changed since it appeared and no longer has a problem is dropped. Nothing is added while
 * the writer types, and a message the server gave (a slug already in use) stays until its field changes.
 */
export function useErrorsClearWhenValid(
  form: RefObject<HTMLFormElement | null>,
  errors: Errors,
  setErrors: (errors: Errors) => void,
  problems: (body: FormData) => Errors,
  values: unknown,
) {
  const shown = useRef<{ errors: Errors; fields: Map<string, string> } | null>(null);
  useEffect(() => {
    const el = form.current;
    if (!el || Object.keys(errors).length === 0) return;
    const fields = fieldsOf(el);
    if (shown.current?.errors !== errors) {
      shown.current = { errors, fields }; // the form as it was when these messages appeared
      return;
    }
    const before = shown.current.fields;
    const still = problems(new FormData(el));
    const kept = Object.entries(errors).filter(([name]) => name in still || fields.get(name) === before.get(name));
    if (kept.length < Object.keys(errors).length) setErrors(Object.fromEntries(kept));
    // Runs when the values change; `problems` is a fresh closure every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, errors]);
}
