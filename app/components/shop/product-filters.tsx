import { useEffect } from "react";
import { Form, Link } from "react-router";
import { SORTS, type BrowseQuery } from "@core/catalog-browse";
import { centsToDecimal, currencySymbol } from "@core/money";
import { useFilterForm } from "~/lib/use-filter-form";
import { Button } from "~/components/ui/button";

const fieldClass = "h-11 rounded-lg border border-gray-400 bg-white px-3 text-sm text-gray-900";

/**
 * Sort and filter for the product list: one GET form, so the choice is in the URL and works without
 * JavaScript (Apply). With JavaScript a change applies itself (prices after a pause in typing).
 * On a phone it sits in a "Filter and sort" disclosure (<details>, closed on arrival, so the first
 * products are on the first screen); from md up it always shows (app.css, .filter-disclosure).
 */
export function ProductFilters({
  query,
  colours,
  currency,
  path,
}: {
  query: BrowseQuery;
  colours: { name: string; count: number }[];
  currency: string;
  /** The list being filtered (/products or a collection): Clear all goes back to it. */
  path: string;
}) {
  const { form, applyAfter } = useFilterForm();
  const symbol = currencySymbol(currency);
  const price = (cents: number | undefined) => (cents === undefined ? "" : centsToDecimal(cents));
  // The fields are the form's own (no JavaScript needed); when the list changes by another way (Clear
  // all, a link, Back) they follow it, except the one being typed in.
  useEffect(() => {
    const current = form.current;
    if (!current) return;
    const el = current.elements;
    const set = (name: string, value: string) => {
      const input = el.namedItem(name);
      if (input instanceof HTMLInputElement || input instanceof HTMLSelectElement) if (input !== document.activeElement) input.value = value;
    };
    set("sort", query.sort);
    set("min", price(query.minCents));
    set("max", price(query.maxCents));
    for (const box of current.querySelectorAll<HTMLInputElement>("input[type=checkbox]")) {
      box.checked = box.name === "stock" ? query.inStock : query.colours.some((c) => c.toLowerCase() === box.value.toLowerCase());
    }
    // Only when the URL's query changed: a re-render while a change waits to apply must not undo it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(query)]);
  // One end of the price range, labelled for screen readers ("From", "To"); the legend names the currency.
  const priceInput = (name: "min" | "max", label: string, cents: number | undefined) => (
    <>
      <label htmlFor={`price-${name}`} className="sr-only">
        {label}
      </label>
      <input
        id={`price-${name}`}
        name={name}
        inputMode="decimal"
        pattern="\d{1,7}(\.\d{1,2})?"
        placeholder={label}
        defaultValue={price(cents)}
        onChange={() => applyAfter(600)}
        className={`${fieldClass} w-24`}
      />
    </>
  );

  const active = (query.minCents === undefined ? 0 : 1) + (query.maxCents === undefined ? 0 : 1) + (query.inStock ? 1 : 0) + query.colours.length;
  return (
    <details className="filter-disclosure group mt-6 rounded-2xl border border-gray-200 bg-gray-50 md:border-0 md:bg-transparent">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 text-base font-semibold text-gray-900 [&::-webkit-details-marker]:hidden">
        <span>
          Filter and sort
          {active > 0 ? <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{active} active</span> : null}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 transition-transform group-open:rotate-180">
          <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
    <Form ref={form} method="get" aria-label="Filter and sort products" className="border-t border-gray-200 bg-gray-50 p-4 md:rounded-2xl md:border">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="sort" className="text-sm font-semibold text-gray-800">
            Sort by
          </label>
          <select id="sort" name="sort" defaultValue={query.sort} onChange={() => applyAfter(0)} className={fieldClass}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-gray-800">Price ({symbol})</legend>
          <div className="flex items-center gap-2">
            {priceInput("min", "From", query.minCents)}
            <span aria-hidden="true">–</span>
            {priceInput("max", "To", query.maxCents)}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 text-sm font-semibold text-gray-800">Availability</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" name="stock" value="in" defaultChecked={query.inStock} onChange={() => applyAfter(0)} className="h-5 w-5" />
            In stock only
          </label>
        </fieldset>

        {colours.length > 0 ? (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold text-gray-800">Colour</legend>
            <div className="flex flex-wrap gap-x-4">
              {colours.map((c) => (
                <label key={c.name} className="flex min-h-11 items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    name="colour"
                    value={c.name}
                    defaultChecked={query.colours.some((q) => q.toLowerCase() === c.name.toLowerCase())}
                    onChange={() => applyAfter(0)}
                    className="h-5 w-5"
                  />
                  {c.name} <span className="text-gray-600">({c.count})</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <div className="flex items-center gap-3">
          <Button type="submit" size="small" className="h-11">
            Apply
          </Button>
          <Link to={path} className="flex min-h-11 items-center text-sm font-semibold text-brand-700 underline hover:text-brand-800">
            Clear all
          </Link>
        </div>
      </div>
    </Form>
    </details>
  );
}
