import { data, Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "@server/auth";
import { emailOnlySchema } from "~/lib/auth-forms";
import { formFields, formMessage } from "@core/form";
import { invalidForm } from "@server/http/responses";
import { TOO_MANY_ATTEMPTS } from "@core/auth-rules";
import { AuthCard } from "~/components/account/auth-card";
import { FormError, FormSuccess } from "~/components/ui/form";
import { TextField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/auth-forgot";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Forgot password", description: "Reset your password.", path: "/auth/forgot", noindex: true });

export async function action({ request }: Route.ActionArgs) {
  const parsed = emailOnlySchema.safeParse(formFields(await readForm(request), ["email"]));
  if (!parsed.success) return invalidForm(parsed.error, { sent: false });
  const r = await requestPasswordReset(request, parsed.data.email);
  if (!r.ok && r.reason === "rate-limited") return data({ ok: false as const, message: TOO_MANY_ATTEMPTS, fieldErrors: {} as Record<string, string>, sent: false }, { status: 429 });
  // Same answer whether or not the address has an account.
  return { ok: true as const, sent: true };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const pending = useNavigation().state === "submitting";
  return (
    <AuthCard title="Forgot password?" intro="Enter your account's email and we will send you a link to choose a new password.">
      <FormSuccess message={result?.sent ? "If an account exists for that email, a reset link is on its way. It works for one hour." : null} />
      <FormError message={formMessage(result)} />
      <Form method="post" className="space-y-4">
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={result && !result.ok ? result.fieldErrors.email : undefined} />
        <Button type="submit" disabled={pending} className="w-full">{pending ? "Sending..." : "Send reset link"}</Button>
      </Form>
      <p className="text-center text-sm">
        <Link to="/auth" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
