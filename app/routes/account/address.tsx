import { data, Form, useActionData, useLoaderData, useNavigation } from "react-router";
import { addressSchema, getSavedAddress, saveAddress } from "@server/accounts/address";
import { fieldErrors, formFields } from "@server/auth/forms";
import { requireUser } from "@server/auth/guards";
import { Field, FormSuccess, inputClass, SubmitButton } from "~/components/ui/form";
import { COUNTRIES } from "~/lib/countries";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/address";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Shipping address", description: "Your saved shipping address.", path: "/account/address", noindex: true });

const FIELDS = ["name", "line1", "line2", "city", "postalCode", "country"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { address: await getSavedAddress(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const values = formFields(await readForm(request), FIELDS);
  const parsed = addressSchema.safeParse(values);
  if (!parsed.success) return data({ saved: false, fields: fieldErrors(parsed.error), values }, { status: 400 });
  await saveAddress(user.id, parsed.data);
  return { saved: true, fields: {} as Record<string, string>, values };
}

export default function AddressPage() {
  const { address } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const pending = useNavigation().state === "submitting";
  const v: Partial<Record<(typeof FIELDS)[number], string>> = result?.values ?? address ?? {};
  const errors = result?.fields ?? {};
  return (
    <>
      <h2 className="text-xl font-semibold">Shipping address</h2>
      <p className="mt-1 text-sm text-gray-700">We fill in checkout with this address; you can still change it for any order.</p>
      <Form method="post" className="mt-4 grid max-w-xl gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormSuccess message={result?.saved ? "Your address has been saved." : null} />
        </div>
        <div className="sm:col-span-2">
          <Field label="Full name" name="name" autoComplete="name" required maxLength={120} defaultValue={v.name} error={errors.name} />
        </div>
        <div className="sm:col-span-2">
          <Field label="Address" name="line1" autoComplete="address-line1" required maxLength={200} defaultValue={v.line1} error={errors.line1} />
        </div>
        <div className="sm:col-span-2">
          <Field label="Apartment, suite, etc. (optional)" name="line2" autoComplete="address-line2" maxLength={200} defaultValue={v.line2} error={errors.line2} />
        </div>
        <Field label="Town or city" name="city" autoComplete="address-level2" required maxLength={100} defaultValue={v.city} error={errors.city} />
        <Field label="Postal code" name="postalCode" autoComplete="postal-code" required maxLength={20} defaultValue={v.postalCode} error={errors.postalCode} />
        <div className="sm:col-span-2">
          <label htmlFor="address-country" className="mb-1 block text-sm font-medium text-gray-800">
            Country
          </label>
          <select
            id="address-country"
            name="country"
            autoComplete="country"
            required
            defaultValue={v.country || "GB"}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? "address-country-error" : undefined}
            className={inputClass}
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.country ? (
            <p id="address-country-error" className="mt-1 text-sm text-red-700">
              {errors.country}
            </p>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <SubmitButton pending={pending} className="sm:w-auto">
            {pending ? "Saving..." : "Save address"}
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}
