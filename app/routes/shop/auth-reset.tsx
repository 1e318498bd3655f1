import { Form, Link, redirect, useNavigation } from "react-router";
import { cookieHeaders } from "@server/auth";
import { resetPassword } from "@server/auth";
import { resetPasswordSchema } from "~/lib/auth-forms";
import { formFields, formMessage } from "@core/form";
import { invalidForm, refusal } from "@server/http/responses";
import { AuthCard } from "~/components/account/auth-card";
import { PASSWORD_MIN, TOO_MANY_ATTEMPTS } from "@core/auth-rules";
import { FormError } from "~/components/ui/form";
import { PasswordField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/auth-reset";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Choose a new password", description: "Reset your password.", path: "/auth/reset", noindex: true });

/** `welcome=1`: the link of an account created with an order (server/accounts/after-payment.ts), which has no password yet. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", welcome: url.searchParams.get("welcome") === "1" };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const welcome = form.get("welcome") === "1";
  const parsed = resetPasswordSchema.safeParse(formFields(form, ["token", "password"]));
  if (!parsed.success) return invalidForm(parsed.error);
  const r = await resetPassword(request, parsed.data);
  if (!r.ok) {
    const message = r.reason === "rate-limited" ? TOO_MANY_ATTEMPTS : "This reset link is invalid or has expired. Ask for a new one.";
    return refusal(message, r.reason === "rate-limited" ? 429 : 400);
  }
  // Every session of the account was revoked with the change: sign in again.
  return redirect(`/auth?notice=${welcome ? "password-set" : "password-reset"}`, { status: 303, headers: cookieHeaders(r.cookies) });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, welcome } = loaderData;
  const result = actionData;
  const boxMessage = formMessage(result, ["token"]);
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard
      title={welcome ? "Choose your password" : "Choose a new password"}
      intro={welcome ? "Your account was created with your order. Choose a password to sign in." : "Signing in again will be needed on every device."}
    >
      <FormError message={boxMessage}>
        {boxMessage && boxMessage !== TOO_MANY_ATTEMPTS ? (
          <Link to="/auth/forgot" className="mt-1 inline-block font-semibold underline">
            Send a new link
          </Link>
        ) : null}
      </FormError>
      {token ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={token} />
          {welcome ? <input type="hidden" name="welcome" value="1" /> : null}
          <PasswordField
            label={welcome ? "Password" : "New password"}
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={result?.fieldErrors.password}
          />
          <Button type="submit" disabled={pending} className="w-full">{pending ? "Saving..." : welcome ? "Set password" : "Set new password"}</Button>
        </Form>
      ) : (
        <FormError message="This reset link is incomplete. Ask for a new one.">
          <Link to="/auth/forgot" className="mt-1 inline-block font-semibold underline">
            Send a new link
          </Link>
        </FormError>
      )}
    </AuthCard>
  );
}
