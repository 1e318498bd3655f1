import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "@server/auth";
import { readForm } from "@server/http/form";
import { domainErrorResponse } from "@server/http/responses";
import { saveMarkets, settingsForEditor } from "@server/pricing";
import { CheckboxField, FieldErrorsContext, GroupError, SelectField, TextField, fieldId } from "~/components/ui/field";
import { SaveButton, SettingsHeader, settingsCard, type SettingsActionResult } from "~/components/admin/settings";
import { adminMeta } from "~/lib/admin";
import { fieldErrors } from "@core/form";
import { ROUNDING_CHOICES, ROUNDING_LABELS, marketsFormSchema, parseForm, scaledToText, submittedRows, type MarketRowValues } from "@core/settings-form";
import type { Route } from "./+types/settings-markets";

export const meta: Route.MetaFunction = () => adminMeta("Markets");

const ROUNDING_OPTIONS = ROUNDING_CHOICES.map((value) => ({ value, label: ROUNDING_LABELS[value] }));
const BLANK: MarketRowValues = { id: "", rate: "", rounding: "", enabled: false };

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  const { markets } = await settingsForEditor();
  return data({
    markets: markets.map((m) => ({ id: m.id, name: m.name, currency: m.currency, countries: m.countries.length, taxName: m.taxMode === "inclusive" ? m.taxName : null })),
    values: markets.map((m): MarketRowValues => ({ id: m.id, rate: scaledToText(m.rateMicros, 6), rounding: m.rounding, enabled: m.enabled })),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "settings");
  const form = await readForm(request);
  const result = (fieldErrors: Record<string, string>): SettingsActionResult<MarketRowValues[]> => ({
    message: "Please correct the fields marked below.",
    fieldErrors,
    values: submittedRows(form, "markets", BLANK),
  });
  const parsed = parseForm(marketsFormSchema, form);
  if (!parsed.success) return data(result(fieldErrors(parsed.error)), { status: 400 });
  try {
    await saveMarkets(parsed.data, admin);
  } catch (err) {
    return domainErrorResponse(err, (e) => result(e.fieldErrors));
  }
  throw redirect("/admin/settings/markets?saved=1");
}

export default function MarketSettings({ loaderData, actionData }: Route.ComponentProps) {
  const rows = actionData?.values ?? loaderData.values;
  const saving = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  return (
    <FieldErrorsContext.Provider value={actionData?.fieldErrors ?? {}}>
      <Form method="post" noValidate className="grid gap-5" key={JSON.stringify(rows)}>
        <SettingsHeader
          title="Markets"
          intro="Products are priced in US dollars. Each market converts them with its rate, then rounds; a product's own price in a market (product editor) wins. Disabled markets are not offered to shoppers."
          saved={params.has("saved")}
          message={actionData?.message}
        />
        <div id={fieldId("markets")} tabIndex={-1}>
          <GroupError path="markets" />
        </div>
        {loaderData.markets.map((m, i) => {
          const v = rows.find((r) => r.id === m.id) ?? BLANK;
          const usd = m.currency === "USD";
          return (
            <section key={m.id} className={settingsCard} aria-labelledby={`market-${m.id}`}>
              <input type="hidden" name={`markets.${i}.id`} value={m.id} />
              <div>
                <h3 id={`market-${m.id}`} className="text-lg font-semibold">
                  {m.name} <span className="font-normal text-gray-600">({m.currency})</span>
                </h3>
                <p className="text-sm text-gray-600">
                  {m.countries} {m.countries === 1 ? "country" : "countries"}
                  {m.taxName ? `; prices include ${m.taxName}` : "; tax is added at checkout where a rate applies"}
                </p>
              </div>
              <div className="grid gap-4 sm:grid-cols-3">
                <TextField
                  path={`markets.${i}.rate`}
                  name={`markets.${i}.rate`}
                  label={`${m.currency} per US dollar`}
                  defaultValue={v.rate}
                  inputMode="decimal"
                  readOnly={usd}
                  hint={usd ? "Fixed at 1: prices are set in US dollars." : "Up to six decimals, like 0.79."}
                />
                <SelectField path={`markets.${i}.rounding`} name={`markets.${i}.rounding`} label="Rounding" defaultValue={v.rounding} options={ROUNDING_OPTIONS} />
                <CheckboxField path={`markets.${i}.enabled`} name={`markets.${i}.enabled`} label="Enabled" defaultChecked={v.enabled} className="sm:pt-7" />
              </div>
            </section>
          );
        })}
        <div className="flex justify-end">
          <SaveButton saving={saving} label="Save markets" />
        </div>
      </Form>
    </FieldErrorsContext.Provider>
  );
}
