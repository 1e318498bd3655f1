import { Form, data, redirect, useNavigation, useSearchParams } from "react-router";
import { requireAdmin } from "@server/auth";
import { getShopSettings, saveStoreDetails } from "@server/content";
import { readForm } from "@server/http/form";
import { FieldErrorsContext, TextAreaField, TextField } from "~/components/ui/field";
import { SaveButton, SettingsHeader, settingsCard, type SettingsActionResult } from "~/components/admin/settings";
import { adminMeta } from "~/lib/admin";
import { fieldErrors } from "@core/form";
import { parseForm, storeDetailsSchema, type StoreDetailsValues } from "@core/settings-form";
import type { Route } from "./+types/settings-store";

export const meta: Route.MetaFunction = () => adminMeta("Store details");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "settings");
  const s = await getShopSettings();
  const values: StoreDetailsValues = { shopName: s.shopName, supportEmail: s.supportEmail, phone: s.phone, address: s.address, vatNumber: s.vatNumber, companyNumber: s.companyNumber };
  return data({ values });
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "settings");
  const form = await readForm(request);
  const parsed = parseForm(storeDetailsSchema, form);
  if (!parsed.success) {
    const text = (k: string) => String(form.get(k) ?? "").slice(0, 400);
    const values: StoreDetailsValues = {
      shopName: text("shopName"),
      supportEmail: text("supportEmail"),
      phone: text("phone"),
      address: text("address"),
      vatNumber: text("vatNumber"),
      companyNumber: text("companyNumber"),
    };
    return data<SettingsActionResult<StoreDetailsValues>>({ message: "Please correct the fields marked below.", fieldErrors: fieldErrors(parsed.error), values }, { status: 400 });
  }
  await saveStoreDetails(parsed.data, admin);
  throw redirect("/admin/settings?saved=1");
}

export default function StoreSettings({ loaderData, actionData }: Route.ComponentProps) {
  const v = actionData?.values ?? loaderData.values;
  const saving = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  return (
    <FieldErrorsContext.Provider value={actionData?.fieldErrors ?? {}}>
      <Form method="post" noValidate className="grid gap-5" key={JSON.stringify(v)}>
        <SettingsHeader
          title="Store details"
          intro="Shown in the footer, on the contact page and in the policies; order emails are answered from the support address."
          saved={params.has("saved")}
          message={actionData?.message}
        />
        <section className={settingsCard} aria-label="Store details">
          <TextField path="shopName" name="shopName" label="Store name" defaultValue={v.shopName} maxLength={80} required />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField path="supportEmail" name="supportEmail" type="email" label="Support email" defaultValue={v.supportEmail} maxLength={254} required />
            <TextField path="phone" name="phone" type="tel" label="Phone" defaultValue={v.phone} maxLength={26} required />
          </div>
          <TextAreaField path="address" name="address" label="Address" defaultValue={v.address} rows={3} maxLength={300} hint="As the footer and the policies show it; separate lines become commas." required />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField path="vatNumber" name="vatNumber" label="VAT number (optional)" defaultValue={v.vatNumber} maxLength={20} hint="Printed on every invoice and credit note." />
            <TextField path="companyNumber" name="companyNumber" label="Company number (optional)" defaultValue={v.companyNumber} maxLength={20} hint="Printed on every invoice and credit note." />
          </div>
        </section>
        <div className="flex justify-end">
          <SaveButton saving={saving} label="Save store details" />
        </div>
      </Form>
    </FieldErrorsContext.Provider>
  );
}
