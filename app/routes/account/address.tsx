import { data, Form, useNavigation } from "react-router";
import { addressSchema, getSavedAddress, saveAddress } from "@server/accounts/address";
import { fieldErrors, formFields } from "~/lib/form";
import { requireUser } from "@server/auth/guards";
import { AddressFields, type AddressValues } from "~/components/address-fields";
import { ADDRESS_FIELDS } from "~/lib/address";
import { FormSuccess } from "~/components/ui/form";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/address";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Shipping address", description: "Your saved shipping address.", path: "/account/address", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { address: await getSavedAddress(user.id) };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const values = formFields(await readForm(request), ADDRESS_FIELDS);
  const parsed = addressSchema.safeParse(values);
  if (!parsed.success) return data({ saved: false, fields: fieldErrors(parsed.error), values }, { status: 400 });
  await saveAddress(user.id, parsed.data);
  return { saved: true, fields: {} as Record<string, string>, values };
}

export default function AddressPage({ loaderData, actionData }: Route.ComponentProps) {
  const { address } = loaderData;
  const result = actionData;
  const pending = useNavigation().state === "submitting";
  const v: AddressValues = result?.values ?? address ?? {};
  const errors = result?.fields ?? {};
  return (
    <>
      <h2 className="text-xl font-semibold">Shipping address</h2>
      <p className="mt-1 text-sm text-gray-700">We fill in checkout with this address; you can still change it for any order.</p>
      <Form method="post" className="mt-4 max-w-xl space-y-4">
        <FormSuccess message={result?.saved ? "Your address has been saved." : null} />
        <AddressFields defaultValues={{ ...v, country: v.country || "GB" }} errors={errors} />
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending ? "Saving..." : "Save address"}
        </Button>
      </Form>
    </>
  );
}
