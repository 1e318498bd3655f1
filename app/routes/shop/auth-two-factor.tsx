import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { afterSignIn } from "@server/auth";
import { cookieHeaders } from "@server/auth";
import { hasTwoFactorChallenge, verifySecondFactor } from "@server/auth";
import { safeRedirectPath } from "@server/auth";
import { AuthCard } from "~/components/account/auth-card";
import { FormError } from "~/components/ui/form";
import { FieldErrorsContext, TextField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { TOO_MANY_ATTEMPTS } from "@core/auth-rules";
import type { Route } from "./+types/auth-two-factor";
import { formMessage } from "@core/form";
import { readForm } from "@server/http/form";
import { invalidForm, refusal } from "@server/http/responses";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Two-factor authentication", description: "Enter your code.", path: "/auth/two-factor", noindex: true });

const challengeSchema = z.object({
  kind: z.enum(["totp", "backup"]),
  code: z.string().trim().min(1, "Enter your code.").max(32, "That code is too long."),
  trustDevice: z.boolean(),
});

export async function loader({ request }: Route.LoaderArgs) {
  if (!(await hasTwoFactorChallenge(request))) throw redirect("/auth");
  const url = new URL(request.url);
  return {
    kind: url.searchParams.get("method") === "backup" ? ("backup" as const) : ("totp" as const),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = challengeSchema.safeParse({
    kind: form.get("kind"),
    code: form.get("code") ?? "",
    trustDevice: form.get("trustDevice") === "on",
  });
  if (!parsed.success) return invalidForm(parsed.error);
  const r = await verifySecondFactor(request, parsed.data);
  if (!r.ok) {
    const rateLimited = r.reason === "rate-limited";
    return refusal(rateLimited ? TOO_MANY_ATTEMPTS : "That code is not valid. Try again.", rateLimited ? 429 : 401);
  }
  const extra = await afterSignIn(request, r.userId);
  return redirect(safeRedirectPath(form.get("redirectTo"), "/"), { status: 303, headers: cookieHeaders([...r.cookies, ...extra]) });
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, redirectTo } = loaderData;
  const result = actionData;
  const pending = useNavigation().state === "submitting";
  const backup = kind === "backup";
  const other = new URLSearchParams({ redirectTo, ...(backup ? {} : { method: "backup" }) });
  return (
    <AuthCard
      title="Two-factor authentication"
      intro={backup ? "Enter one of your backup codes. Each code works once." : "Enter the 6-digit code from your authenticator app."}
    >
      <FormError message={formMessage(result, ["kind"])} />
      <FieldErrorsContext.Provider value={result?.fieldErrors ?? {}}>
        <Form method="post" className="space-y-4">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label={backup ? "Backup code" : "Authentication code"}
            name="code"
            required
            autoComplete="one-time-code"
            inputMode={backup ? "text" : "numeric"}
            pattern={backup ? undefined : "[0-9]{6}"}
            maxLength={backup ? 32 : 6}
          />
          <label className="flex items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" name="trustDevice" className="h-4 w-4 rounded border-gray-300" />
            Trust this device for 30 days
          </label>
          <Button type="submit" disabled={pending} className="w-full">{pending ? "Checking..." : "Verify"}</Button>
        </Form>
      </FieldErrorsContext.Provider>
      <p className="text-center text-sm">
        <Link to={`/auth/two-factor?${other}`} replace className="font-semibold text-brand-700 hover:underline">
          {backup ? "Use my authenticator app instead" : "Use a backup code instead"}
        </Link>
      </p>
    </AuthCard>
  );
}
