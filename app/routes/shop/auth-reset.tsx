import { data, Form, Link, redirect, useNavigation } from "react-router";
import { cookieHeaders } from "@server/auth/call";
import { resetPassword } from "@server/auth/customer";
import { resetPasswordSchema } from "~/lib/auth-forms";
import { fieldErrors, formFields } from "~/lib/form";
import { AuthCard } from "~/components/account/auth-card";
import { PASSWORD_MIN, TOO_MANY_ATTEMPTS } from "~/lib/auth-rules";
import { FormError } from "~/components/ui/form";
import { PasswordField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/auth-reset";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Choose a new password", description: "Reset your password.", path: "/auth/reset", noindex: true });

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = resetPasswordSchema.safeParse(formFields(await readForm(request), ["token", "password"]));
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return data({ error: fields.token ?? null, fields }, { status: 400 });
  }
  const r = await resetPassword(request, parsed.data);
  if (!r.ok) {
    const error = r.reason === "rate-limited" ? TOO_MANY_ATTEMPTS : "This reset link is invalid or has expired. Ask for a new one.";
    return data({ error, fields: {} as Record<string, string> }, { status: r.reason === "rate-limited" ? 429 : 400 });
  }
  // Every session of the account was revoked with the change: sign in again.
  return redirect("/auth?notice=password-reset", { status: 303, headers: cookieHeaders(r.cookies) });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const result = actionData;
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard title="Choose a new password" intro="Signing in again will be needed on every device.">
      <FormError message={result?.error}>
        {result?.error && result.error !== TOO_MANY_ATTEMPTS ? (
          <Link to="/auth/forgot" className="mt-1 inline-block font-semibold underline">
            Send a new link
          </Link>
        ) : null}
      </FormError>
      {token ? (
        <Form method="post" className="space-y-4">
          <input type="hidden" name="token" value={token} />
          <PasswordField
            label="New password"
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN}
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={result?.fields?.password}
          />
          <Button type="submit" disabled={pending} className="w-full">{pending ? "Saving..." : "Set new password"}</Button>
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
