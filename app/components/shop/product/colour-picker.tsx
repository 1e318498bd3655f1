export type ColourOption = { name: string; hex: string };

/** A radio group of swatches drawn in each variant's own colour; the chosen name is shown beside the label. */
export function ColourPicker({
  colours,
  selected,
  onSelect,
}: {
  colours: ColourOption[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-gray-900">
        Colour: <span className="font-normal text-gray-700">{colours[selected]?.name}</span>
      </legend>
      <div className="mt-3 flex flex-wrap gap-3">
        {colours.map((c, i) => (
          // The radio itself is the swatch, so clicking, tapping and the arrow keys all act on the real control.
          <label key={c.name} className="flex" title={c.name}>
            <input
              type="radio"
              name="colour"
              value={c.name}
              checked={i === selected}
              onChange={() => onSelect(i)}
              className="h-10 w-10 cursor-pointer appearance-none rounded-full border border-gray-400 ring-brand-700 ring-offset-2 checked:ring-2 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700"
              style={{ backgroundColor: c.hex }}
            />
            <span className="sr-only">{c.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
