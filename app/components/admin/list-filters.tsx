import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { useFilterForm } from "~/lib/use-filter-form";

/**
 * An admin list's filter form (orders, products): a GET form, so every filter is in the URL. With
 * JavaScript a change applies itself (typing waits a moment, see FilterSelect and the `apply` passed
 * to children); without it the Filter button sends the form.
 */
export function FilterForm({ label, className, children }: { label: string; className?: string; children: (apply: (delayMs: number) => void) => React.ReactNode }) {
  const { form, applyAfter } = useFilterForm();
  return (
    <Form ref={form} method="get" role="search" aria-label={label} className={className}>
      {children(applyAfter)}
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
  apply: (delayMs: number) => void;
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
