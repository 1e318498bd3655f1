import { SelectField, TextField } from "~/components/ui/field";
import type { AddressField } from "~/lib/address";
import { COUNTRIES } from "~/lib/countries";

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));

export type AddressValues = Partial<Record<AddressField, string>>;

/**
 * The fields of a shipping address (lib/address.ts's schema), with one set of labels, for checkout,
 * the account's address page and staff correcting an order. Uncontrolled: the form posts them.
 *
 * `prefix` goes before each name and id ("billing." -> "billing.line1"), so a form can hold two
 * addresses. `onCountryChange`: checkout prices delivery for the chosen country.
 */
export function AddressFields({
  prefix = "",
  defaultValues = {},
  errors = {},
  onCountryChange,
}: {
  prefix?: string;
  defaultValues?: AddressValues;
  errors?: Partial<Record<AddressField, string | undefined>>;
  onCountryChange?: (country: string) => void;
}) {
  const text = (name: Exclude<AddressField, "country">, label: string, autoComplete: string, maxLength: number, className = "sm:col-span-2") => (
    <TextField
      className={className}
      label={label}
      name={`${prefix}${name}`}
      autoComplete={autoComplete}
      required={name !== "line2"}
      maxLength={maxLength}
      defaultValue={defaultValues[name]}
      error={errors[name]}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        className="sm:col-span-2"
        label="Country"
        name={`${prefix}country`}
        autoComplete="country"
        required
        // Remounted when the given country changes (checkout: the country a summary was priced for).
        key={defaultValues.country}
        defaultValue={defaultValues.country}
        onChange={onCountryChange ? (e) => onCountryChange(e.currentTarget.value) : undefined}
        error={errors.country}
        options={COUNTRY_OPTIONS}
      />
      {text("name", "Full name", "name", 120)}
      {text("line1", "Address line 1", "address-line1", 200)}
      {text("line2", "Address line 2 (optional)", "address-line2", 200)}
      {text("city", "Town or city", "address-level2", 100, "")}
      {text("postalCode", "Postal code", "postal-code", 20, "")}
    </div>
  );
}
