import { GroupError, fieldId } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { Icon } from "./icons";

/** A repeatable row of a form: `key` keeps React's identity of a row across reordering. */
export type Row = { key: string };

let sequence = 0;
export const rowKey = () => `row-${++sequence}`;

export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * A list of rows the admin can add, remove and reorder with buttons (keyboard-friendly, no dragging).
 * Each row is a fieldset named "{itemLabel} {n}", which also names its controls' buttons:
 * "Move Colour 2 up", "Remove Colour 2". Fields inside are named by path: `${path}.${index}.field`.
 */
export function RowList<T extends Row>({
  path,
  legend,
  itemLabel,
  items,
  onChange,
  create,
  addLabel,
  hint,
  children,
}: {
  /** Field path of the list ("colors"); its group error shows under the Add button, which carries its id. */
  path: string;
  legend: string;
  itemLabel: string;
  items: T[];
  /** `structural` is true when rows were added, removed or moved (field messages by index go stale). */
  onChange: (items: T[], structural: boolean) => void;
  create: () => T;
  addLabel: string;
  hint?: string;
  children: (item: T, index: number, update: (patch: Partial<T>) => void) => React.ReactNode;
}) {
  /** Moves a row and keeps focus on its button (or the other one when the row reached an end). */
  function move(index: number, by: -1 | 1) {
    const key = items[index].key;
    onChange(moveItem(items, index, index + by), true);
    requestAnimationFrame(() => {
      const same = document.getElementById(`${key}-${by < 0 ? "up" : "down"}`) as HTMLButtonElement | null;
      const other = document.getElementById(`${key}-${by < 0 ? "down" : "up"}`);
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  return (
    <fieldset className="min-w-0">
      <legend className="text-base font-semibold text-gray-900">{legend}</legend>
      {hint ? <p className="mt-1 text-sm text-gray-600">{hint}</p> : null}
      {items.length ? (
        <ol className="mt-3 grid gap-3">
          {items.map((item, index) => {
            const name = `${itemLabel} ${index + 1}`;
            return (
              <li key={item.key}>
                <fieldset className="min-w-0 rounded-lg border border-gray-200 bg-gray-50/60 p-3">
                  <legend className="float-left py-1.5 text-sm font-semibold text-gray-800">{name}</legend>
                  <div className="flex justify-end gap-1">
                    <Button variant="secondary" size="compact" id={`${item.key}-up`} aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                      <Icon name="up" className="h-4 w-4" />
                    </Button>
                    <Button variant="secondary" size="compact" id={`${item.key}-down`} aria-label={`Move ${name} down`} disabled={index === items.length - 1} onClick={() => move(index, 1)}>
                      <Icon name="down" className="h-4 w-4" />
                    </Button>
                    <Button variant="secondary" size="compact" aria-label={`Remove ${name}`} onClick={() => onChange(items.filter((_, i) => i !== index), true)} className="text-red-700">
                      <Icon name="trash" className="h-4 w-4" />
                    </Button>
                  </div>
                  <div className="clear-both mt-2">{children(item, index, (patch) => onChange(items.map((it, i) => (i === index ? { ...it, ...patch } : it)), false))}</div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Button variant="secondary" size="compact" id={fieldId(path)} onClick={() => onChange([...items, create()], true)} className="mt-3">
        <Icon name="plus" className="h-4 w-4" /> {addLabel}
      </Button>
      <GroupError path={path} />
    </fieldset>
  );
}
