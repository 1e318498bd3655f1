import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { deleteAddress, listAddresses, setDefaultAddress } from "@server/accounts";
import { requireUser } from "@server/auth";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { AddressLines } from "~/components/order/address-lines";
import { Button, buttonClass } from "~/components/ui/button";
import { FormError, FormSuccess } from "~/components/ui/form";
import { ADDRESS_BOOK_MAX } from "@core/address-book";
import { formFields } from "@core/form";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/addresses";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Addresses", description: "Your saved shipping addresses.", path: "/account/addresses", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // ?saved=1: back from the address form (post, redirect, get).
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return { addresses: await listAddresses(user.id), saved };
}

const actionSchema = z.object({
  intent: z.enum(["delete", "default"], { error: "Choose what to do with the address." }),
  id: z.string().min(1, "Choose an address.").max(64, "Choose an address."),
});

const DONE = { delete: "The address has been deleted.", default: "Your default address has been changed." } as const;

/** Delete an address, or make it the default (buttons on each card). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const parsed = actionSchema.safeParse(formFields(await readForm(request), ["intent", "id"]));
  if (!parsed.success) return invalidForm(parsed.error);
  const { intent, id } = parsed.data;
  try {
    if (intent === "delete") await deleteAddress(user.id, id);
    else await setDefaultAddress(user.id, id);
  } catch (err) {
    return domainErrorResponse(err);
  }
  return data({ ok: true as const, message: DONE[intent] });
}

export default function Addresses({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, saved } = loaderData;
  const busy = useNavigation().state !== "idle";
  const message = actionData?.ok ? actionData.message : saved && !actionData ? "Your address has been saved." : null;
  const full = addresses.length >= ADDRESS_BOOK_MAX;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Addresses</h2>
        {full ? null : (
          <Link to="/account/addresses/new" className={buttonClass("primary", "small")}>
            Add a new address
          </Link>
        )}
      </div>
      <p className="mt-1 text-sm text-gray-700">Checkout offers these addresses, your default one first; you can still type another for any order.</p>
      <div className="mt-4 space-y-3">
        <FormSuccess message={message} />
        <FormError message={actionData && !actionData.ok ? actionData.message : null} />
        {full ? <p className="text-sm text-gray-700">You have {ADDRESS_BOOK_MAX} addresses, the most one account can keep. Delete one to add another.</p> : null}
      </div>
      {addresses.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">
          You have no saved addresses yet. Add one here, or tick “Save this address to my account” at checkout.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2" aria-label="Saved addresses">
          {addresses.map((a) => (
            <li key={a.id} className="flex flex-col rounded-xl border border-gray-200 p-4" data-testid="address-card">
              {a.isDefault ? <p className="mb-2 w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Default</p> : null}
              <AddressLines address={a} className="text-sm leading-6 text-gray-800" />
              <div className="mt-4 flex flex-wrap gap-2">
                <Link to={`/account/addresses/${a.id}`} className={buttonClass("secondary", "small")} aria-label={`Edit address: ${a.name}, ${a.line1}`}>
                  Edit
                </Link>
                <Form method="post">
                  <input type="hidden" name="id" value={a.id} />
                  <Button type="submit" name="intent" value="delete" variant="secondary" size="small" disabled={busy} aria-label={`Delete address: ${a.name}, ${a.line1}`}>
                    Delete
                  </Button>
                </Form>
                {a.isDefault ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={a.id} />
                    <Button type="submit" name="intent" value="default" variant="secondary" size="small" disabled={busy} aria-label={`Set as default: ${a.name}, ${a.line1}`}>
                      Set as default
                    </Button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
