/** Minus / count / plus, from 1 to `max` (what can be bought now; the cart checks again). */
export function QuantityPicker({ value, max, onChange }: { value: number; max: number; onChange: (n: number) => void }) {
  const button =
    "flex h-11 w-11 items-center justify-center text-xl font-semibold text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent";
  return (
    <div>
      <span id="quantity-label" className="block text-sm font-semibold text-gray-900">
        Quantity
      </span>
      <div role="group" aria-labelledby="quantity-label" className="mt-2 inline-flex items-center rounded-lg border border-gray-300">
        <button type="button" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))} className={`${button} rounded-l-lg`}>
          <span aria-hidden="true">−</span>
        </button>
        <output aria-live="polite" aria-label="Quantity" className="min-w-12 text-center text-lg font-semibold tabular-nums">
          {value}
        </output>
        <button
          type="button"
          aria-label="Increase quantity"
          // aria-disabled, not disabled: reaching the cap must not throw keyboard focus off the button.
          aria-disabled={value >= max || undefined}
          onClick={() => value < max && onChange(value + 1)}
          className={`${button} rounded-r-lg aria-disabled:cursor-not-allowed aria-disabled:text-gray-400 aria-disabled:hover:bg-transparent`}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
