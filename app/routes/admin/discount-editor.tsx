import { Form, Link, data, redirect, useNavigation } from "react-router";
import { requireAdmin } from "@server/auth";
import { discountEditorChoices, getDiscount, saveDiscount } from "@server/discounts";
import { ChoiceGroup, FieldErrorsContext, TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form";
import { EditorActionBar, EditorShell, MissingRecord } from "~/components/admin/editor-shell";
import { adminMeta } from "~/lib/admin";
import { timeZoneFromCookie } from "@core/admin-time";
import { DISCOUNT_KINDS, DISCOUNT_KIND_LABELS, discountFormValues, parseDiscountForm, submittedDiscountValues, type DiscountFormValues } from "@core/discount-form";
import { fieldErrors } from "@core/form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import type { Route } from "./+types/discount-editor";
import { readForm } from "@server/http/form";
import { isUuid } from "@server/http/request";
import { domainErrorResponse } from "@server/http/responses";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.id === "new" ? "Create Discount" : "Edit Discount");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request, "discounts");
  // Start and end are typed and shown in the admin's zone (the layout keeps it in a cookie; UTC until then).
  const timeZone = timeZoneFromCookie(request.headers.get("Cookie"));
  const blank = async () => ({ discount: null, uses: 0, values: discountFormValues(null), choices: await discountEditorChoices(), timeZone });
  if (params.id === "new") return data({ ...(await blank()), missing: false });
  const discount = isUuid(params.id) ? await getDiscount(params.id) : null;
  // The editors' one rule for a missing record (MissingRecord): a 404 the page explains.
  if (!discount) return data({ ...(await blank()), missing: true }, { status: 404 });
  const choices = await discountEditorChoices(discount);
  return data({ discount: { id: discount.id, code: discount.code }, uses: discount.uses, values: discountFormValues(discount, timeZone), choices, timeZone, missing: false });
}

type ActionResult = { message: string; fieldErrors: Record<string, string>; values: DiscountFormValues };

const CORRECT_FIELDS = "Please correct the fields marked below.";

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "discounts");
  const form = await readForm(request);
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}) =>
    data<ActionResult>({ message, fieldErrors, values: submittedDiscountValues(form) }, { status });
  const id = params.id === "new" ? null : params.id;
  if (id && !isUuid(id)) return fail(404, "This discount no longer exists.");
  const parsed = parseDiscountForm(form);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return fail(400, CORRECT_FIELDS, errors);
  }
  try {
    await saveDiscount(id, parsed.data, admin);
  } catch (err) {
    return domainErrorResponse(err, (e): ActionResult => ({ message: e.publicMessage, fieldErrors: e.fieldErrors, values: submittedDiscountValues(form) }));
  }
  throw redirect("/admin/discounts");
}

const card = "grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5";
const legendClass = "mb-2 text-sm font-semibold text-gray-900";

const LIST = { to: "/admin/discounts", label: "Back to Discounts" };

export default function DiscountEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { discount, uses, choices, timeZone } = loaderData;
  const v = actionData?.values ?? loaderData.values;
  const saving = useNavigation().state === "submitting";
  // The action's schema, run in the browser first: the same messages under the same fields, without a round trip.
  const { errors, failed, onSubmit } = useSchemaForm(parseDiscountForm, actionData?.fieldErrors);

  if (loaderData.missing) return <MissingRecord thing="discount" list={LIST} />;
  return (
    <EditorShell
      back={LIST}
      title={discount ? `Edit ${discount.code}` : "Create discount"}
      subtitle={discount && uses > 0 ? <p>Used by {uses} paid {uses === 1 ? "order" : "orders"}.</p> : null}
      width="max-w-3xl"
    >

      <FieldErrorsContext.Provider value={errors}>
        {/* Remounted with the submitted values after a refusal, so what was typed stays on screen. */}
        <Form method="post" noValidate className="mt-4 grid gap-5" key={JSON.stringify(v)} onSubmit={onSubmit}>
          <FormError message={failed ? CORRECT_FIELDS : actionData?.message} />
          <section className={card} aria-label="The code and what it gives">
            <TextField path="code" name="code" label="Code" defaultValue={v.code} maxLength={32} autoCapitalize="characters" hint="3 to 32 letters, digits or hyphens; shoppers may type it in any case." required />
            <TextField path="title" name="title" label="Title" defaultValue={v.title} maxLength={120} hint="For you; shoppers see the code." required />
            <ChoiceGroup name="kind" legend="What it gives" defaultValue={v.kind} choices={DISCOUNT_KINDS.map((k) => ({ value: k, label: DISCOUNT_KIND_LABELS[k] }))} />
            <TextField path="percentOff" name="percentOff" label="Percent off" defaultValue={v.percentOff} inputMode="numeric" hint="For Percentage off: 1 to 100." className="max-w-xs" />
            <fieldset>
              <legend className={legendClass}>Fixed amount off</legend>
              <p className="-mt-1 mb-2 text-xs text-gray-600">USD is required; other currencies left empty are converted with the market&apos;s rate and rounding.</p>
              <div className="grid gap-3 sm:grid-cols-3">
                {choices.currencies.map((c) => (
                  <TextField key={c} path={`amounts.${c}`} name={`amounts.${c}`} label={`Amount in ${c}`} defaultValue={v.amounts[c] ?? ""} inputMode="decimal" />
                ))}
              </div>
            </fieldset>
            <ChoiceGroup
              type="checkbox"
              name="freeShippingMarkets"
              legend="Free shipping to"
              hint="For Free shipping: tick none for every zone."
              defaultValue={v.freeShippingMarkets}
              choices={choices.zones.map((z) => ({ value: z.id, label: z.name }))}
            />
          </section>

          <section className={card} aria-label="Conditions">
            <fieldset>
              <legend className={legendClass}>Minimum subtotal</legend>
              <p className="-mt-1 mb-2 text-xs text-gray-600">Of the products it applies to. Leave all empty for no minimum; set USD and other currencies are converted unless you set them.</p>
              <div className="grid gap-3 sm:grid-cols-3">
                {choices.currencies.map((c) => (
                  <TextField key={c} path={`minSubtotals.${c}`} name={`minSubtotals.${c}`} label={`Minimum in ${c}`} defaultValue={v.minSubtotals[c] ?? ""} inputMode="decimal" />
                ))}
              </div>
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-2">
              <input type="hidden" name="timeZone" value={timeZone} />
              <TextField path="startsAt" name="startsAt" type="datetime-local" label={`Starts (${timeZone})`} defaultValue={v.startsAt} hint="Empty: from now." />
              <TextField path="endsAt" name="endsAt" type="datetime-local" label={`Ends (${timeZone})`} defaultValue={v.endsAt} hint="Empty: never ends." />
            </div>
            <TextField path="usageLimit" name="usageLimit" label="Total usage limit" defaultValue={v.usageLimit} inputMode="numeric" hint="Paid orders that may use it; empty: no limit." className="max-w-xs" />
            <label className="flex items-center gap-2 text-sm text-gray-800">
              <input type="checkbox" name="oncePerCustomer" defaultChecked={v.oncePerCustomer} className="h-4 w-4 accent-brand-700" />
              One use per customer (by email)
            </label>
            <ChoiceGroup
              name="appliesTo"
              legend="Applies to"
              defaultValue={v.appliesTo}
              choices={[
                { value: "all", label: "All products" },
                { value: "products", label: "Chosen products" },
              ]}
            />
            <ChoiceGroup
              type="checkbox"
              name="productIds"
              legend="Chosen products"
              hint="For Chosen products."
              defaultValue={v.productIds}
              choices={choices.products.map((p) => ({ value: p.id, label: p.title }))}
            />
          </section>

          <EditorActionBar status={saving ? "Saving…" : ""}>
            <Link to="/admin/discounts" className="rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50">
              Cancel
            </Link>
            <button type="submit" disabled={saving} className={buttonClass("primary", "small")}>
              {saving ? "Saving…" : "Save Discount"}
            </button>
          </EditorActionBar>
        </Form>
      </FieldErrorsContext.Provider>
    </EditorShell>
  );
}
