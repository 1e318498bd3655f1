import { data, Form, Link, redirect, useNavigation } from "react-router";
import { addAddress, getAddress, listAddresses, updateAddress } from "@server/accounts";
import { requireUser } from "@server/auth";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { AddressFields, type AddressValues } from "~/components/address-fields";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { ADDRESS_FIELDS } from "@core/address";
import { addressFormSchema } from "@core/address-book";
import { formFields, formMessage } from "@core/form";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/address-edit";

/** /account/addresses/new and /account/addresses/:id: one form to add or edit an address. */

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo(matches, {
    title: params.id ? "Edit address" : "Add a new address",
    description: "A saved shipping address.",
    path: "/account/addresses",
    noindex: true,
  });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  if (!params.id) return { address: null, first: (await listAddresses(user.id)).length === 0 };
  const address = await getAddress(user.id, params.id);
  // Someone else's address looks exactly like a missing one.
  if (!address) throw data(null, { status: 404 });
  return { address, first: false };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const values = formFields(await readForm(request), [...ADDRESS_FIELDS, "isDefault"]);
  const parsed = addressFormSchema.safeParse(values);
  if (!parsed.success) return invalidForm(parsed.error, { values });
  const { isDefault, ...address } = parsed.data;
  try {
    if (params.id) await updateAddress(user.id, params.id, address, { asDefault: isDefault });
    else await addAddress(user.id, address, { asDefault: isDefault });
  } catch (err) {
    return domainErrorResponse(err, (e) => ({ ok: false as const, message: e.publicMessage, fieldErrors: e.fieldErrors, values }));
  }
  return redirect("/account/addresses?saved=1", { status: 303 });
}

export default function AddressEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { address, first } = loaderData;
  const pending = useNavigation().state === "submitting";
  const v: AddressValues = actionData?.values ?? address ?? {};
  const isDefault = actionData ? actionData.values.isDefault === "on" : (address?.isDefault ?? first);
  const title = address ? "Edit address" : "Add a new address";
  // The action's schema first, in the browser: messages under the fields, the first one focused.
  const { errors, onSubmit } = useSchemaForm(addressFormSchema, actionData?.fieldErrors);
  return (
    <>
      <p className="text-sm">
        <Link to="/account/addresses" className="font-medium text-brand-700 hover:underline">
          Back to addresses
        </Link>
      </p>
      <h2 className="mt-2 text-xl font-semibold">{title}</h2>
      <Form method="post" noValidate onSubmit={onSubmit} className="mt-4 max-w-xl space-y-4">
        <FormError message={formMessage(actionData)} />
        <AddressFields defaultValues={{ ...v, country: v.country || "GB" }} errors={errors} />
        <CheckboxField
          name="isDefault"
          label="Set as default address"
          defaultChecked={isDefault}
          // The default cannot be unticked here: another address becomes the default by being set so.
          disabled={address?.isDefault}
          hint={address?.isDefault ? "This is your default address. Make another address the default to change it." : first ? "Your first address is your default." : undefined}
        />
        {address?.isDefault ? <input type="hidden" name="isDefault" value="on" /> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? "Saving..." : "Save address"}
          </Button>
          <Link to="/account/addresses" className="inline-flex items-center px-2 text-sm font-semibold text-brand-700 hover:underline">
            Cancel
          </Link>
        </div>
      </Form>
    </>
  );
}
