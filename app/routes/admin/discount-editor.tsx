import { Form, Link, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth/guards";
import { DiscountNotFoundError, DiscountSaveError, discountEditorChoices, getDiscount, saveDiscount } from "@server/discounts";
import { FieldErrorsContext, GroupError, TextField, fieldId, useFieldError } from "~/components/admin/fields";
import { FormError } from "~/components/ui/form";
import { adminMeta } from "~/lib/admin";
import { DISCOUNT_KINDS, DISCOUNT_KIND_LABELS, discountFormValues, parseDiscountForm, submittedDiscountValues, type DiscountFormValues } from "~/lib/discount-form";
import { fieldErrorsFrom } from "~/lib/nested-form";
import type { Route } from "./+types/discount-editor";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ params }) => adminMeta(params.id === "new" ? "Create Discount" : "Edit Discount");

const isUuid = (id: string) => z.uuid().safeParse(id).success;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const choices = await discountEditorChoices();
  if (params.id === "new") return data({ discount: null, uses: 0, values: discountFormValues(null), choices });
  const discount = isUuid(params.id) ? await getDiscount(params.id) : null;
  if (!discount) throw data("Discount not found", { status: 404 });
  return data({ discount: { id: discount.id, code: discount.code }, uses: discount.uses, values: discountFormValues(discount), choices });
}

type ActionResult = { message: string; fieldErrors: Record<string, string>; values: DiscountFormValues };

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  const fail = (status: number, message: string, fieldErrors: Record<string, string> = {}) =>
    data<ActionResult>({ message, fieldErrors, values: submittedDiscountValues(form) }, { status });
  const id = params.id === "new" ? null : params.id;
  if (id && !isUuid(id)) return fail(404, "This discount no longer exists.");
  const parsed = parseDiscountForm(form);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsFrom(parsed.error.issues);
    return fail(400, "Please correct the fields marked below.", fieldErrors);
  }
  try {
    await saveDiscount(id, parsed.data, admin);
  } catch (err) {
    if (err instanceof DiscountSaveError) return fail(err.fieldErrors.code ? 409 : 400, err.message, err.fieldErrors);
    if (err instanceof DiscountNotFoundError) return fail(404, "This discount no longer exists.");
    throw err;
  }
  throw redirect("/admin/discounts");
}

const card = "grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5";
const legendClass = "mb-2 text-sm font-semibold text-gray-900";

function Choice({ type, name, value, label, defaultChecked }: { type: "radio" | "checkbox"; name: string; value: string; label: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-gray-800">
      <input type={type} name={name} value={value} defaultChecked={defaultChecked} className="h-4 w-4 accent-brand-700" />
      {label}
    </label>
  );
}

/** A group of radios or checkboxes with its message under it (the fieldset is what the message describes). */
function ChoiceGroup({ path, legend, hint, children }: { path: string; legend: string; hint?: string; children: React.ReactNode }) {
  const error = useFieldError(path);
  return (
    <fieldset id={fieldId(path)} aria-describedby={error ? `${fieldId(path)}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className={legendClass}>{legend}</legend>
      {hint ? <p className="-mt-1 mb-2 text-xs text-gray-600">{hint}</p> : null}
      <div className="flex flex-wrap gap-x-5 gap-y-2">{children}</div>
      <GroupError path={path} />
    </fieldset>
  );
}

export default function DiscountEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { discount, uses, choices } = loaderData;
  const v = actionData?.values ?? loaderData.values;
  const saving = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/admin/discounts" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800">
        <span aria-hidden="true">←</span> Back to Discounts
      </Link>
      <h2 className="mt-3 text-xl font-semibold">{discount ? `Edit ${discount.code}` : "Create discount"}</h2>
      {discount && uses > 0 ? <p className="mt-1 text-sm text-gray-700">Used by {uses} paid {uses === 1 ? "order" : "orders"}.</p> : null}

      <FieldErrorsContext.Provider value={actionData?.fieldErrors ?? {}}>
        {/* Remounted with the submitted values after a refusal, so what was typed stays on screen. */}
        <Form method="post" noValidate className="mt-4 grid gap-5" key={JSON.stringify(v)}>
          <FormError message={actionData?.message} />
          <section className={card} aria-label="The code and what it gives">
            <TextField path="code" name="code" label="Code" defaultValue={v.code} maxLength={32} autoCapitalize="characters" hint="3 to 32 letters, digits or hyphens; shoppers may type it in any case." required />
            <TextField path="title" name="title" label="Title" defaultValue={v.title} maxLength={120} hint="For you; shoppers see the code." required />
            <ChoiceGroup path="kind" legend="What it gives">
              {DISCOUNT_KINDS.map((k) => (
                <Choice key={k} type="radio" name="kind" value={k} label={DISCOUNT_KIND_LABELS[k]} defaultChecked={v.kind === k} />
              ))}
            </ChoiceGroup>
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
            <ChoiceGroup path="freeShippingMarkets" legend="Free shipping to" hint="For Free shipping: tick none for every zone.">
              {choices.zones.map((z) => (
                <Choice key={z.id} type="checkbox" name="freeShippingMarkets" value={z.id} label={z.name} defaultChecked={v.freeShippingMarkets.includes(z.id)} />
              ))}
            </ChoiceGroup>
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
              <TextField path="startsAt" name="startsAt" type="datetime-local" label="Starts (UTC)" defaultValue={v.startsAt} hint="Empty: from now." />
              <TextField path="endsAt" name="endsAt" type="datetime-local" label="Ends (UTC)" defaultValue={v.endsAt} hint="Empty: never ends." />
            </div>
            <TextField path="usageLimit" name="usageLimit" label="Total usage limit" defaultValue={v.usageLimit} inputMode="numeric" hint="Paid orders that may use it; empty: no limit." className="max-w-xs" />
            <label className="flex items-center gap-2 text-sm text-gray-800">
              <input type="checkbox" name="oncePerCustomer" defaultChecked={v.oncePerCustomer} className="h-4 w-4 accent-brand-700" />
              One use per customer (by email)
            </label>
            <ChoiceGroup path="appliesTo" legend="Applies to">
              <Choice type="radio" name="appliesTo" value="all" label="All products" defaultChecked={v.appliesTo === "all"} />
              <Choice type="radio" name="appliesTo" value="products" label="Chosen products" defaultChecked={v.appliesTo === "products"} />
            </ChoiceGroup>
            <ChoiceGroup path="productIds" legend="Chosen products" hint="For Chosen products.">
              {choices.products.map((p) => (
                <Choice key={p.id} type="checkbox" name="productIds" value={p.id} label={p.title} defaultChecked={v.productIds.includes(p.id)} />
              ))}
            </ChoiceGroup>
          </section>

          <div className="flex justify-end gap-2">
            <Link to="/admin/discounts" className="rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50">
              Cancel
            </Link>
            <button type="submit" disabled={saving} className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
              {saving ? "Saving…" : "Save Discount"}
            </button>
          </div>
        </Form>
      </FieldErrorsContext.Provider>
    </div>
  );
}
