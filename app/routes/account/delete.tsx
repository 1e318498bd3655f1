import { Form, redirect, useNavigation } from "react-router";
import { deleteAccount } from "@server/accounts";
import { cookieHeaders } from "@server/auth";
import { requireUser } from "@server/auth";
import { signOut } from "@server/auth";
import { FormError } from "~/components/ui/form";
import { PasswordField } from "~/components/ui/field";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/delete";
import { readForm } from "@server/http/form";
import { domainErrorResponse, refusal } from "@server/http/responses";
import { formMessage } from "@core/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Delete account", description: "Delete your account.", path: "/account/delete", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const password = (await readForm(request)).get("password");
  if (typeof password !== "string" || password.length === 0) return refusal("Enter your password to confirm.", 400, { password: "Enter your password to confirm." });
  try {
    await deleteAccount(user.id, password);
  } catch (err) {
    return domainErrorResponse(err);
  }
  // The sessions went with the account; this only clears the browser's cookies.
  return redirect("/auth?notice=account-deleted", { status: 303, headers: cookieHeaders(await signOut(request)) });
}

export default function DeleteAccount({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <h2 className="text-xl font-semibold">Delete account</h2>
      <div className="mt-4 max-w-xl space-y-3 text-sm text-gray-800">
        <p>Deleting your account signs you out everywhere and removes your sign-in details, saved address and cart.</p>
        <p>
          We keep the orders you placed, because we must keep sales records, but they are no longer linked to you: your name, email
          and address are removed from them.
        </p>
        <p className="font-semibold">This cannot be undone.</p>
      </div>
      <Form method="post" className="mt-6 max-w-md space-y-4">
        <FormError message={formMessage(result)} />
        <PasswordField label="Your password" name="password" autoComplete="current-password" required error={result?.fieldErrors.password} />
        <button
          type="submit"
          disabled={pending}
          className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          {pending ? "Deleting..." : "Delete my account"}
        </button>
      </Form>
    </>
  );
}
