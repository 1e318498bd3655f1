import { useId, useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useFilterForm } from "~/lib/use-filter-form";
import { useHydrated } from "~/lib/use-hydrated";

type Apply = (delayMs: number) => void;

/**
 * An admin list's filter form (orders, products): a GET form, so every filter is in the URL. With
 * JavaScript a change applies itself (typing waits a moment, see FilterSelect and the `apply` passed
 * to the render props); without it the Filter button sends the form.
 *
 * The search (`q`, applied a moment after typing stops) is always in view; the other filters (`children`) sit beside it on wide screens and,
 * on phones, in a sheet that a "Filters" button opens, so each keeps a usable width at 390 px.
 * Before JavaScript runs the sheet stays open: the button needs it.
 */
export function FilterForm({
  label,
  active,
  search,
  children,
}: {
  label: string;
  active: number;
  search: { id: string; value: string | undefined; placeholder: string };
  children: (apply: Apply) => React.ReactNode;
}) {
  const { form, applyAfter } = useFilterForm();
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const sheetId = useId();
  return (
    <Form ref={form} method="get" role="search" aria-label={label} className="grid w-full grid-cols-[minmax(0,1fr)_auto] items-end gap-3 md:flex md:w-auto md:flex-1 md:flex-wrap">
      <TextField
        id={search.id}
        label="Search"
        type="search"
        name="q"
        defaultValue={search.value ?? ""}
        placeholder={search.placeholder}
        onChange={() => applyAfter(300)}
        className="min-w-0 md:min-w-48 md:flex-1"
      />
      {hydrated ? (
        <button type="button" aria-expanded={open} aria-controls={sheetId} onClick={() => setOpen(!open)} className={buttonClass("secondary", "medium", "md:hidden")}>
          Filters{active > 0 ? ` (${active})` : ""}
        </button>
      ) : null}
      <div id={sheetId} className={`${open || !hydrated ? "grid" : "hidden"} col-span-2 grid-cols-2 items-end gap-3 rounded-xl border border-gray-200 bg-white p-3 md:contents`}>
        {children(applyAfter)}
      </div>
      <noscript>
        <button type="submit" className={buttonClass("secondary", "small")}>
          Filter
        </button>
      </noscript>
    </Form>
  );
}

/** One choice of a filter form: "All" first, applied as soon as it changes. */
export function FilterSelect({
  id,
  label,
  name,
  value,
  options,
  apply,
}: {
  id: string;
  label: string;
  name: string;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  apply: Apply;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      name={name}
      defaultValue={value ?? ""}
      onChange={() => apply(0)}
      options={[{ value: "", label: "All" }, ...options.map(([v, l]) => ({ value: v, label: l }))]}
    />
  );
}
