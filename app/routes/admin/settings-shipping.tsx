import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "@server/auth";
import { readForm } from "@server/http/form";
import { domainErrorResponse } from "@server/http/responses";
import { saveZone, settingsForEditor } from "@server/pricing";
import { CheckboxField, FieldErrorsContext, GroupError, TextField, fieldId } from "~/components/ui/field";
import { EnterSaves, SaveButton, SettingsHeader, secondaryButton, settingsCard, type SettingsActionResult } from "~/components/admin/settings";
import { adminMeta } from "~/lib/admin";
import { currencySymbol } from "@core/money";
import { fieldErrors } from "@core/form";
import { MAX_METHODS_PER_ZONE, minorToText, newMethodRow, parseForm, readIntent, submittedRows, UNKNOWN_INTENT, zoneFormSchema, type MethodRowValues } from "@core/settings-form";
import type { Route } from "./+types/settings-shipping";

export const meta: Route.MetaFunction = () => adminMeta("Shipping");

const BLANK = newMethodRow(0);

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  const { markets, shippingMethods } = await settingsForEditor();
  return data({
    zones: markets.map((m) => ({
      id: m.id,
      name: m.name,
      currency: m.currency,
      enabled: m.enabled,
      taxIncluded: m.taxMode === "inclusive",
      methods: shippingMethods
        .filter((s) => s.marketId === m.id)
        .map(
          (s): MethodRowValues => ({
            id: s.id,
            name: s.name,
            price: minorToText(s.priceMinor),
            freeFrom: minorToText(s.freeFromMinor),
            minDays: String(s.minDays),
            maxDays: String(s.maxDays),
            cutoff: s.sameDayCutoff ?? "",
            position: String(s.position),
            enabled: s.enabled,
          }),
        ),
    })),
  });
}

type ZoneResult = SettingsActionResult<MethodRowValues[]> & { marketId: string };

/**
 * One zone per form. "Add a method" and "Remove" only change the form on screen (answered with the
 * rows as typed, nothing written), so both work without JavaScript; Save writes the zone as listed.
 */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "settings");
  const form = await readForm(request);
  const marketId = String(form.get("marketId") ?? "").slice(0, 40);
  const rows = submittedRows(form, "methods", BLANK);
  const answer = (status: number, values: MethodRowValues[], fieldErrors: Record<string, string> = {}, message: string | null = null) =>
    data<ZoneResult>({ marketId, message, fieldErrors, values }, { status });
  const intent = readIntent(form);
  if (intent.kind === "add") {
    if (rows.length >= MAX_METHODS_PER_ZONE) return answer(400, rows, { methods: `At most ${MAX_METHODS_PER_ZONE} methods per zone` }, "This zone has as many methods as it can.");
    const position = Math.max(0, ...rows.map((r) => Number(r.position) || 0)) + 1;
    return answer(200, [...rows, newMethodRow(position)]);
  }
  if (intent.kind === "remove") return answer(200, rows.filter((_, i) => i !== intent.index), {}, null);
  if (intent.kind === "unknown") return answer(400, rows, {}, UNKNOWN_INTENT);
  const parsed = parseForm(zoneFormSchema, form);
  if (!parsed.success) return answer(400, rows, fieldErrors(parsed.error), "Please correct the fields marked below.");
  try {
    await saveZone(parsed.data, admin);
  } catch (err) {
    return domainErrorResponse(err, (e): ZoneResult => ({ marketId, message: e.publicMessage, fieldErrors: e.fieldErrors, values: rows }));
  }
  throw redirect(`/admin/settings/shipping?saved=${encodeURIComponent(marketId)}#zone-${marketId}`);
}

type Zone = Route.ComponentProps["loaderData"]["zones"][number];

function MethodRow({ zone, method, index }: { zone: Zone; method: MethodRowValues; index: number }) {
  // Every zone's form has rows 0, 1…: the zone prefixes the paths, which name the controls' ids.
  const p = (field: keyof MethodRowValues) => `${zone.id}.methods.${index}.${field}`;
  const n = (field: keyof MethodRowValues) => `methods.${index}.${field}`;
  const symbol = currencySymbol(zone.currency);
  const title = method.name || `Method ${index + 1}`;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">{title}</legend>
      <input type="hidden" name={n("id")} value={method.id} />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <TextField path={p("name")} name={n("name")} label="Name" defaultValue={method.name} maxLength={40} />
        <TextField path={p("price")} name={n("price")} label="Price" prefix={symbol} defaultValue={method.price} inputMode="decimal" />
        <TextField path={p("freeFrom")} name={n("freeFrom")} label="Free from (subtotal)" prefix={symbol} defaultValue={method.freeFrom} inputMode="decimal" hint="Empty: never free." />
        <TextField path={p("position")} name={n("position")} label="Position" defaultValue={method.position} inputMode="numeric" hint="Lower comes first." />
        <TextField path={p("minDays")} name={n("minDays")} label="Transit from (business days)" defaultValue={method.minDays} inputMode="numeric" />
        <TextField path={p("maxDays")} name={n("maxDays")} label="Transit to (business days)" defaultValue={method.maxDays} inputMode="numeric" />
        <TextField path={p("cutoff")} name={n("cutoff")} label="Same-day cut-off (UK time)" defaultValue={method.cutoff} placeholder="14:00" hint="Empty: usual dispatch." />
        <div className="flex items-end justify-between gap-3 sm:pb-1">
          <CheckboxField path={p("enabled")} name={n("enabled")} label="Enabled" defaultChecked={method.enabled} />
          <button type="submit" name="intent" value={`remove:${index}`} className="rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50">
            Remove<span className="sr-only"> {title} from {zone.name}</span>
          </button>
        </div>
      </div>
    </fieldset>
  );
}

function ZoneForm({ zone, result, saved }: { zone: Zone; result: ZoneResult | undefined; saved: boolean }) {
  const mine = result?.marketId === zone.id ? result : undefined;
  const methods = mine?.values ?? zone.methods;
  const errors = Object.fromEntries(Object.entries(mine?.fieldErrors ?? {}).map(([path, message]) => [`${zone.id}.${path}`, message]));
  const saving = useNavigation().formData?.get("marketId") === zone.id;
  return (
    <FieldErrorsContext.Provider value={errors}>
      <Form method="post" noValidate className={settingsCard} id={`zone-${zone.id}`} aria-labelledby={`zone-${zone.id}-title`} key={JSON.stringify(methods)}>
        <EnterSaves />
        <input type="hidden" name="marketId" value={zone.id} />
        <SettingsHeader
          id={`zone-${zone.id}-title`}
          title={`${zone.name} (${zone.currency})`}
          intro={`${zone.taxIncluded ? "Prices include VAT. " : ""}${zone.enabled ? "" : "This market is disabled. "}Delivery time is dispatch (1-3 business days) plus transit.`}
          saved={saved}
          message={mine?.message}
        />
        {methods.map((m, i) => (
          <MethodRow key={i} zone={zone} method={m} index={i} />
        ))}
        <div id={fieldId(`${zone.id}.methods`)} tabIndex={-1}>
          <GroupError path={`${zone.id}.methods`} />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="submit" name="intent" value="add" className={secondaryButton}>
            Add a method<span className="sr-only"> to {zone.name}</span>
          </button>
          <SaveButton saving={saving} label={`Save ${zone.name} shipping`} />
        </div>
      </Form>
    </FieldErrorsContext.Provider>
  );
}

export default function ShippingSettings({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <div className="grid gap-6">
      <p className="text-sm text-gray-700">
        Each market is a shipping zone. The checkout offers its enabled methods in position order, and the Shipping Policy page shows these tables. Changes are not saved
        until you press the zone&apos;s Save button.
      </p>
      {loaderData.zones.map((z) => (
        <ZoneForm key={z.id} zone={z} result={actionData} saved={params.get("saved") === z.id} />
      ))}
    </div>
  );
}
