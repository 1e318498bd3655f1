import { Form, redirect, useLocation, useNavigation } from "react-router";
import { changePassword } from "@server/accounts";
import { cookieHeaders } from "@server/auth";
import { changePasswordSchema } from "~/lib/auth-forms";
import { formFields, formMessage } from "@core/form";
import { invalidForm, refusal } from "@server/http/responses";
import { requireUser } from "@server/auth";
import { FormError, FormSuccess } from "~/components/ui/form";
import { PasswordField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { PASSWORD_MIN, TOO_MANY_ATTEMPTS } from "@core/auth-rules";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/password";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Change password", description: "Change your password.", path: "/account/password", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const query = new URL(request.url).searchParams;
  const required = query.get("required");
  return { changed: query.get("changed") === "1", required: required === "demo" || required === "generated" ? required : null };
}


export async function action({ request }: Route.ActionArgs) {
  const me = await requireUser(request);
  const parsed = changePasswordSchema.safeParse(formFields(await readForm(request), ["currentPassword", "newPassword"]));
  if (!parsed.success) return invalidForm(parsed.error);
  const r = await changePassword(request, me.id, parsed.data);
  if (!r.ok) {
    return r.reason === "rate-limited"
      ? refusal(TOO_MANY_ATTEMPTS, 429)
      : refusal("That password is not correct.", 400, { currentPassword: "That password is not correct." });
  }
  // A fresh session for this device (every other device, and this device's old session, were
  // signed out). A redirect rather than a page: without JavaScript the page's loaders would run
  // with the old cookie, find no session, and answer /auth, dropping the new cookie.
  throw redirect("/account/password?changed=1", { status: 303, headers: cookieHeaders(r.cookies) });
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { changed, required } = loaderData;
  const result = actionData;
  const location = useLocation();
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <h2 className="text-xl font-semibold">Change password</h2>
      <p className="mt-1 text-sm text-gray-700">Other devices signed in to your account will be signed out.</p>
      {required && !changed ? (
        <p role="alert" className="mt-4 max-w-md rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {required === "demo"
            ? "This admin account still uses the demo password, which is published."
            : "This admin account still uses the password generated at first start, which was printed on the console."}{" "}
          Choose a new password before using the back office.
        </p>
      ) : null}
      <div className="mt-4 max-w-md space-y-4">
        <FormSuccess message={changed && !result ? "Your password has been changed." : null} />
        <FormError message={formMessage(result)} />
        {/* A new location after each change: the form starts empty again. */}
        <Form method="post" className="space-y-4" key={location.key}>
          <PasswordField label="Current password" name="currentPassword" autoComplete="current-password" required error={result?.fieldErrors.currentPassword} />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={result?.fieldErrors.newPassword}
          />
          <Button type="submit" disabled={pending} className="w-full sm:w-auto">
            {pending ? "Saving..." : "Change password"}
          </Button>
        </Form>
      </div>
    </>
  );
}
