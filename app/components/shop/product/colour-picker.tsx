import { useEffect, useRef } from "react";

export type ColourOption = { id: string; name: string; hex: string; available: number };

/**
 * A radio group of swatches drawn in each variant's own colour; the chosen name is shown beside the
 * label. A sold-out colour stays selectable (to ask for an email when it is back) but is struck
 * through, and its name says "sold out" to screen readers.
 *
 * The radios are the purchase form's `variantId` (`form` names it: they sit above the quantity, outside
 * the form), so a submit before JavaScript, or without it, sends the colour the shopper chose.
 */
export function ColourPicker({
  colours,
  selected,
  onSelect,
  form,
}: {
  colours: ColourOption[];
  selected: number;
  onSelect: (index: number) => void;
  /** The id of the form the chosen colour is submitted with. */
  form: string;
}) {
  const group = useRef<HTMLFieldSetElement>(null);
  // A colour tapped before the page was interactive: the page follows what the radio shows.
  useEffect(() => {
    const radios = [...(group.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? [])];
    const checked = radios.findIndex((r) => r.checked);
    if (checked >= 0 && checked !== selected) onSelect(checked);
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <fieldset ref={group}>
      <legend className="text-sm font-semibold text-gray-900">
        Colour:{" "}
        <span className="font-normal text-gray-700">
          {colours[selected]?.name}
          {colours[selected] && colours[selected].available <= 0 ? " (sold out)" : ""}
        </span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {colours.map((c, i) => {
          const soldOut = c.available <= 0;
          return (
          // The radio itself is the swatch, so clicking, tapping and the arrow keys all act on the real control.
          <label key={c.name} className="relative flex" title={soldOut ? `${c.name} (sold out)` : c.name}>
            <input
              type="radio"
              name="variantId"
              value={c.id}
              form={form}
              checked={i === selected}
              onChange={() => onSelect(i)}
              className="h-10 w-10 cursor-pointer appearance-none rounded-full border border-gray-400 ring-brand-700 ring-offset-2 checked:ring-2 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
              style={{ backgroundColor: c.hex }}
            />
            {soldOut ? (
              // A diagonal stroke across the swatch, in both light and dark ink so it shows on any colour.
              <svg aria-hidden="true" viewBox="0 0 40 40" className="pointer-events-none absolute inset-0 h-10 w-10" data-testid="sold-out-mark">
                <line x1="7" y1="33" x2="33" y2="7" stroke="#fff" strokeWidth="5" strokeLinecap="round" />
                <line x1="7" y1="33" x2="33" y2="7" stroke="#b91c1c" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
            ) : null}
            <span className="sr-only">
              {c.name}
              {soldOut ? ", sold out" : ""}
            </span>
          </label>
          );
        })}
      </div>
    </fieldset>
  );
}
