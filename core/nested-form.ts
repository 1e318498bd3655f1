/**
 * Form fields named by path ("colors.0.name") turned into nested objects and arrays, so one zod
 * schema can check a form with repeatable rows in the browser and in the action, and an issue's path
 * ("colors.0.name" again) names the control that caused it. Files are ignored; a repeated name
 * (checkboxes) becomes a list.
 */
export type Nested = { [key: string]: NestedValue };
type NestedValue = string | string[] | Nested | NestedValue[];

/** Row indexes above this are ignored: a request cannot make the server build a huge array. */
const MAX_INDEX = 199;

function toArrays(value: NestedValue): NestedValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = keys.map((k) => [k, toArrays(value[k])] as const);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    // Rows keep their order; gaps (a removed row) close up.
    return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
  }
  return Object.fromEntries(entries);
}

/** The object that holds the path's last key, made as needed; null when a value is in the way. */
function parentOf(root: Nested, path: string[]): Nested | null {
  let node = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next === "string" || Array.isArray(next)) return null;
    node = next ?? (node[key] = {});
  }
  return node;
}

export function nestFormData(form: FormData): Nested {
  const root: Nested = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const path = name.split(".");
    if (path.some((p) => p === "" || p === "__proto__" || p === "constructor" || p === "prototype" || (/^\d+$/.test(p) && Number(p) > MAX_INDEX))) continue;
    const node = parentOf(root, path);
    if (!node) continue;
    const last = path[path.length - 1];
    const existing = node[last];
    if (existing === undefined) node[last] = value;
    else if (typeof existing === "string") node[last] = [existing, value];
    else if (Array.isArray(existing)) existing.push(value);
  }
  return toArrays(root) as Nested;
}
