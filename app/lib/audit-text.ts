/**
 * An audit entry's stored change as one line of text. The data is small JSON by design (changed
 * fields, from/to pairs, lists of ids or rows), but it nests: a stock import stores
 * `changed: [{ sku, from, to }]`, a bulk action a list of ids, an export its filter. Every level is
 * spelled out, so no entry ever reads `[object Object]`.
 */
export function auditText(data: unknown): string {
  if (!isRecord(data)) return data === null || data === undefined ? "" : valueText(data);
  return Object.entries(data)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join("; ");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(valueText).join(", ");
  if (!isRecord(value)) return String(value);
  // A from/to pair reads as a change; the pair's other keys (a sku, a field) name what changed.
  if ("from" in value && "to" in value) {
    const label = Object.entries(value)
      .filter(([key]) => key !== "from" && key !== "to")
      .map(([, v]) => valueText(v))
      .join(" ");
    return `${label ? `${label} ` : ""}${valueText(value.from)} → ${valueText(value.to)}`;
  }
  return `(${Object.entries(value)
    .map(([key, v]) => `${key} ${valueText(v)}`)
    .join(", ")})`;
}
