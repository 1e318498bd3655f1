/**
 * The one way a form's zod result becomes messages next to its fields, on the server (actions) and
 * in the browser (the same schema run before posting). Field paths are dotted ("colors.0.name",
 * as nested-form.ts names the controls); a form-wide issue (empty path) is kept under "form".
 */
export type FieldErrors = Record<string, string>;

export function fieldErrors(result: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    out[key] ??= issue.message;
  }
  return out;
}

/** The first issue's words: what a refusal's `message` says (a toast, the form's box). */
export function firstMessage(result: { issues: readonly { message: string }[] }): string {
  return result.issues[0]?.message ?? "Please check the form.";
}

/** A flat form's fields as plain strings (absent fields and files become ""). */
export function formFields<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) {
    const v = form.get(k);
    out[k] = typeof v === "string" ? v : "";
  }
  return out;
}

/**
 * What a form's box says for a refusal `{ ok: false, message, fieldErrors }`: nothing when its fields
 * show the messages, the message of a field the page does not show (`hidden`: a link's token), or
 * the refusal's own message when no field is at fault (a wrong password, too many attempts).
 */
export function formMessage(answer: { ok: boolean; message?: string | null; fieldErrors?: FieldErrors } | null | undefined, hidden: readonly string[] = []): string | undefined {
  if (!answer || answer.ok) return undefined;
  const errors = answer.fieldErrors ?? {};
  const unshown = hidden.find((k) => errors[k]);
  if (unshown) return errors[unshown];
  return Object.keys(errors).length ? undefined : (answer.message ?? undefined);
}
