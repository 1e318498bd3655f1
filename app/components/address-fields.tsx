import { useState } from "react";
import { SelectField, TextField } from "~/components/ui/field";
import { regionKind, type AddressField } from "@core/address";
import { COUNTRIES, US_STATES } from "@core/countries";

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c.code, label: c.name }));
const STATE_OPTIONS = [{ value: "", label: "Choose a state" }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))];

export type AddressValues = Partial<Record<AddressField, string>>;

/**
 * The fields of a shipping address (lib/address.ts's schema), with one set of labels, for checkout,
 * the account's address page and staff correcting an order. Uncontrolled: the form posts them.
 *
 * The region follows the chosen country (`regionKind`): a required State select for the US, an
 * optional free-text line elsewhere, nothing for the UK. Without JavaScript it follows the country
 * the page was rendered for; the server checks the pair either way.
 *
 * `prefix` goes before each name and id ("billing." -> "billing.line1"), so a form can hold two
 * addresses. `onCountryChange` / `onRegionChange`: checkout prices delivery and tax for them.
 */
export function AddressFields({
  prefix = "",
  defaultValues = {},
  errors = {},
  onCountryChange,
  onRegionChange,
}: {
  prefix?: string;
  defaultValues?: AddressValues;
  errors?: Partial<Record<AddressField, string | undefined>>;
  onCountryChange?: (country: string) => void;
  onRegionChange?: (region: string) => void;
}) {
  // The country chosen on screen, reset when the form is given another one (checkout: the country a
  // summary was priced for).
  const [given, setGiven] = useState(defaultValues.country);
  const [country, setCountry] = useState(defaultValues.country);
  if (given !== defaultValues.country) {
    setGiven(defaultValues.country);
    setCountry(defaultValues.country);
  }
  const kind = regionKind(country);
  // The stored region belongs to the stored country: another country starts empty.
  const region = country === defaultValues.country ? defaultValues.region : undefined;

  const text = (name: Exclude<AddressField, "country">, label: string, autoComplete: string, maxLength: number, className: string, required = true) => (
    <TextField
      className={className}
      label={label}
      name={`${prefix}${name}`}
      autoComplete={autoComplete}
      required={required}
      maxLength={maxLength}
      defaultValue={name === "region" ? region : defaultValues[name]}
      error={errors[name]}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <SelectField
        className="sm:col-span-6"
        label="Country"
        name={`${prefix}country`}
        autoComplete="country"
        required
        key={defaultValues.country}
        defaultValue={defaultValues.country}
        onChange={(e) => {
          setCountry(e.currentTarget.value);
          onCountryChange?.(e.currentTarget.value);
        }}
        error={errors.country}
        options={COUNTRY_OPTIONS}
      />
      {text("name", "Full name", "name", 120, "sm:col-span-6")}
      {text("line1", "Address line 1", "address-line1", 200, "sm:col-span-6")}
      {text("line2", "Address line 2 (optional)", "address-line2", 200, "sm:col-span-6", false)}
      {text("city", "Town or city", "address-level2", 100, kind === "state" ? "sm:col-span-2" : "sm:col-span-3")}
      {kind === "state" ? (
        <SelectField
          className="sm:col-span-2"
          label="State"
          name={`${prefix}region`}
          autoComplete="address-level1"
          required
          // A new select for each country the form is given, so the stored state is shown again.
          key={`state:${given ?? ""}`}
          defaultValue={region ?? ""}
          onChange={onRegionChange ? (e) => onRegionChange(e.currentTarget.value) : undefined}
          error={errors.region}
          options={STATE_OPTIONS}
        />
      ) : null}
      {text("postalCode", "Postal code", "postal-code", 20, kind === "state" ? "sm:col-span-2" : "sm:col-span-3")}
      {kind === "text" ? text("region", "State / province / region (optional)", "address-level1", 100, "sm:col-span-6", false) : null}
    </div>
  );
}
