import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "@server/auth";
import { readForm } from "@server/http/form";
import { deliveryCountries, saveTaxRates, settingsForEditor } from "@server/pricing";
import { CheckboxField, FieldErrorsContext, GroupError, SelectField, TextField, fieldId } from "~/components/ui/field";
import { EnterSaves, SaveButton, SettingsHeader, secondaryButton, settingsCard, type SettingsActionResult } from "~/components/admin/settings";
import { adminMeta } from "~/lib/admin";
import { fieldErrors } from "@core/form";
import { MAX_TAX_RATES, UNKNOWN_INTENT, newTaxRow, parseForm, readIntent, scaledToText, submittedRows, taxRatesFormSchema, type TaxRowValues } from "@core/settings-form";
import type { Route } from "./+types/settings-taxes";

export const meta: Route.MetaFunction = () => adminMeta("Taxes");

const BLANK = newTaxRow();
const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  const [{ taxRates }, countries] = await Promise.all([settingsForEditor(), deliveryCountries()]);
  return data({
    countries: countries.map((code) => ({ value: code, label: `${regionNames.of(code) ?? code} (${code})` })).sort((a, b) => a.label.localeCompare(b.label)),
    values: taxRates.map((r): TaxRowValues => ({ country: r.country, region: r.region, name: r.name, rate: scaledToText(r.rateBps, 2), taxShipping: r.taxShipping })),
  });
}

/** "Add a rate" and "Remove" change the form on screen only (nothing written); Save replaces the table as listed. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "settings");
  const form = await readForm(request);
  const rows = submittedRows(form, "rates", BLANK);
  const answer = (status: number, values: TaxRowValues[], fieldErrors: Record<string, string> = {}, message: string | null = null) =>
    data<SettingsActionResult<TaxRowValues[]>>({ message, fieldErrors, values }, { status });
  const intent = readIntent(form);
  if (intent.kind === "add") {
    if (rows.length >= MAX_TAX_RATES) return answer(400, rows, { rates: `At most ${MAX_TAX_RATES} rates` }, "The table has as many rates as it can.");
    return answer(200, [...rows, BLANK]);
  }
  if (intent.kind === "remove") return answer(200, rows.filter((_, i) => i !== intent.index));
  if (intent.kind === "unknown") return answer(400, rows, {}, UNKNOWN_INTENT);
  const parsed = parseForm(taxRatesFormSchema(await deliveryCountries()), form);
  if (!parsed.success) return answer(400, rows, fieldErrors(parsed.error), "Please correct the fields marked below.");
  await saveTaxRates(parsed.data, admin);
  throw redirect("/admin/settings/taxes?saved=1");
}

export default function TaxSettings({ loaderData, actionData }: Route.ComponentProps) {
  const rows = actionData?.values ?? loaderData.values;
  const saving = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const countryOptions = [{ value: "", label: "Choose a country" }, ...loaderData.countries];
  return (
    <FieldErrorsContext.Provider value={actionData?.fieldErrors ?? {}}>
      <Form method="post" noValidate className="grid gap-5" key={JSON.stringify(rows)}>
        <EnterSaves />
        <SettingsHeader
          title="Tax rates"
          intro="One rate per country, or per US state (Region: the state’s code, like CA; add one where the shop must collect sales tax; none by default). A state's rate wins over its country's. UK and EU prices include the rate; US and rest-of-world prices add it at checkout."
          saved={params.has("saved")}
          message={actionData?.message}
        />
        <section className={settingsCard} aria-label="Tax rates">
          <ul className="grid gap-3">
            {rows.map((r, i) => {
              const p = (field: keyof TaxRowValues) => `rates.${i}.${field}`;
              const title = `${r.country || "New rate"}${r.region ? `-${r.region}` : ""}`;
              return (
                <li key={i} className="grid grid-cols-2 items-end gap-3 border-b border-gray-100 pb-3 last:border-0 sm:grid-cols-[minmax(10rem,1.5fr)_5rem_1fr_6rem_auto_auto]">
                  <SelectField className="col-span-2 sm:col-span-1" path={p("country")} name={p("country")} srOnlyLabel={i > 0 ? "wide" : false} label="Country" defaultValue={r.country} options={countryOptions} />
                  <TextField path={p("region")} name={p("region")} srOnlyLabel={i > 0 ? "wide" : false} label="Region" defaultValue={r.region} maxLength={3} placeholder="—" />
                  <TextField path={p("name")} name={p("name")} srOnlyLabel={i > 0 ? "wide" : false} label="Name" defaultValue={r.name} maxLength={40} />
                  <TextField path={p("rate")} name={p("rate")} srOnlyLabel={i > 0 ? "wide" : false} label="Rate (%)" defaultValue={r.rate} inputMode="decimal" />
                  <CheckboxField path={p("taxShipping")} name={p("taxShipping")} label="Taxes shipping" defaultChecked={r.taxShipping} className="sm:pb-2" />
                  <div>
                    <button type="submit" name="intent" value={`remove:${i}`} className="rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
                      Remove<span className="sr-only"> {title}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {rows.length === 0 ? <p className="text-sm text-gray-700">No tax rates: no destination is taxed.</p> : null}
          <div id={fieldId("rates")} tabIndex={-1}>
            <GroupError path="rates" />
          </div>
        </section>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="submit" name="intent" value="add" className={secondaryButton}>
            Add a rate
          </button>
          <SaveButton saving={saving} label="Save tax rates" />
        </div>
      </Form>
    </FieldErrorsContext.Provider>
  );
}
