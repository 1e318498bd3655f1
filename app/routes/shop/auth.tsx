import { data, Form, Link, redirect, useNavigation } from "react-router";
import { afterSignIn } from "@server/auth";
import { cookieHeaders } from "@server/auth";
import { resendConfirmation, signUp } from "@server/auth";
import { emailOnlySchema, signInSchema, signUpSchema } from "~/lib/auth-forms";
import { fieldErrors, firstMessage, formFields, formMessage } from "@core/form";
import { safeRedirectPath } from "@server/auth";
import { getSessionUser } from "@server/auth";
import { signInWithPassword } from "@server/auth";
import { AuthCard } from "~/components/account/auth-card";
import { FormError, FormSuccess } from "~/components/ui/form";
import { TextField, PasswordField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { PASSWORD_MIN, TOO_MANY_ATTEMPTS, tooManySignInAttempts } from "@core/auth-rules";
import { seo } from "~/lib/seo";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import type { Route } from "./+types/auth";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Sign In", description: "Sign in to your account or create one.", path: "/auth", noindex: true });

const NOTICES: Record<string, string> = {
  confirmed: "Your email is confirmed. You can sign in now.",
  "password-reset": "Your password has been changed. Please sign in with the new one.",
  "password-set": "Your password is set and your account is ready. Please sign in.",
  "account-deleted": "Your account has been deleted.",
};

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/");
  const url = new URL(request.url);
  return {
    mode: url.searchParams.get("mode") === "signup" ? ("signup" as const) : ("signin" as const),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/"),
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
  };
}

/** `ok` with the success message, or the refusal: `message` for the form, `fieldErrors` for its fields. */
type ActionResult = {
  intent: "sign-in" | "sign-up" | "resend";
  ok: boolean;
  message?: string;
  fieldErrors?: Record<string, string>;
  unverifiedEmail?: string;
  email?: string;
  /** Changes after a successful sign-up so the form remounts with empty fields. */
  formKey?: number;
};

function fail(result: Omit<ActionResult, "ok">, status: number, headers?: HeadersInit) {
  return data<ActionResult>({ ...result, ok: false, fieldErrors: result.fieldErrors ?? {} }, { status, headers });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  const input = formFields(form, ["email", "password"]);

  if (intent === "resend") {
    const parsed = emailOnlySchema.safeParse(input);
    if (!parsed.success) return fail({ intent, message: "Enter a valid email address." }, 400);
    const r = await resendConfirmation(request, parsed.data.email);
    if (!r.ok && r.reason === "rate-limited") return fail({ intent, message: TOO_MANY_ATTEMPTS, unverifiedEmail: parsed.data.email }, 429);
    return { intent, ok: true, message: "If that address is waiting for confirmation, a new link is on its way.", formKey: Date.now() } satisfies ActionResult;
  }

  if (intent === "sign-up") {
    const parsed = signUpSchema.safeParse(input);
    if (!parsed.success) return fail({ intent, message: firstMessage(parsed.error), fieldErrors: fieldErrors(parsed.error), email: input.email }, 400);
    const r = await signUp(request, parsed.data);
    if (!r.ok) {
      const message = r.reason === "rate-limited" ? TOO_MANY_ATTEMPTS : (r.message ?? "An error occurred");
      return fail({ intent, message, email: parsed.data.email }, r.reason === "rate-limited" ? 429 : 400);
    }
    return { intent, ok: true, message: "Check your email for a confirmation link!", formKey: Date.now() } satisfies ActionResult;
  }

  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return fail({ intent: "sign-in", message: firstMessage(parsed.error), fieldErrors: fieldErrors(parsed.error), email: input.email }, 400);
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/");
  const result = await signInWithPassword(request, parsed.data);
  switch (result.kind) {
    case "rate-limited":
      return fail({ intent: "sign-in", message: tooManySignInAttempts(result.retryAfterSeconds), email: parsed.data.email }, 429, {
        "Retry-After": String(result.retryAfterSeconds),
      });
    case "invalid":
      return fail({ intent: "sign-in", message: "Invalid email or password", email: parsed.data.email }, 401);
    case "unverified":
      return fail(
        {
          intent: "sign-in",
          message: "Please confirm your email address first: open the link we emailed you.",
          unverifiedEmail: parsed.data.email,
          email: parsed.data.email,
        },
        403,
      );
    case "two-factor":
      return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { status: 303, headers: cookieHeaders(result.cookies) });
    case "signed-in": {
      const extra = await afterSignIn(request, result.userId);
      return redirect(redirectTo, { status: 303, headers: cookieHeaders([...result.cookies, ...extra]) });
    }
  }
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mode: loaderMode, redirectTo, notice } = loaderData;
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting";
  // After a sign-up attempt the page stays on sign-up, whatever the URL says.
  const mode = result?.intent === "sign-up" ? "signup" : loaderMode;
  const signup = mode === "signup";
  const { errors, onSubmit } = useSchemaForm(signup ? signUpSchema : signInSchema, result?.fieldErrors);
  const query = (m: "signin" | "signup") => {
    const p = new URLSearchParams();
    if (m === "signup") p.set("mode", "signup");
    if (redirectTo !== "/") p.set("redirectTo", redirectTo);
    const s = p.toString();
    return s ? `?${s}` : "";
  };

  return (
    <AuthCard
      title={signup ? "Create Account" : "Welcome Back"}
      intro={signup ? "Create an account to follow your orders and check out faster." : "Sign in to your account."}
    >
      <FormSuccess message={result ? (result.ok ? result.message : null) : notice} />
      <FormError message={formMessage(result)}>
        {result?.unverifiedEmail ? (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={result.unverifiedEmail} />
            <button type="submit" className="font-semibold text-red-900 underline">
              Resend confirmation email
            </button>
          </Form>
        ) : null}
      </FormError>
      <Form method="post" className="space-y-4" key={`${mode}-${result?.formKey ?? 0}`} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={signup ? "sign-up" : "sign-in"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.ok ? "" : (result?.email ?? "")}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete={signup ? "new-password" : "current-password"}
          required
          minLength={PASSWORD_MIN}
          hint={signup ? `At least ${PASSWORD_MIN} characters.` : undefined}
          error={errors.password}
        />
        {signup ? null : (
          <p className="text-right text-sm">
            <Link to="/auth/forgot" className="font-medium text-brand-700 hover:underline">
              Forgot password?
            </Link>
          </p>
        )}
        <Button type="submit" disabled={pending} className="w-full">{pending ? "Please wait..." : signup ? "Sign Up" : "Sign In"}</Button>
      </Form>
      <p className="text-center text-sm text-gray-600">
        {signup ? "Already have an account? " : "Don't have an account? "}
        <Link to={`/auth${query(signup ? "signin" : "signup")}`} replace className="font-semibold text-brand-700 hover:underline">
          {signup ? "Sign in" : "Sign up"}
        </Link>
      </p>
    </AuthCard>
  );
}
