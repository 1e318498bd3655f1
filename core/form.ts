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

/** A flat form's fields as plain strings (absent fields and files become ""). */
export function formFields<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) {
    const v = form.get(k);
    out[k] = typeof v === "string" ? v : "";
  }
  return out;
}
