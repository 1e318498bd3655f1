import { data, Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { cookieHeaders } from "@server/auth/call";
import { adminLoginSchema, fieldErrors, formFields, INVALID_ADMIN_LOGIN } from "@server/auth/forms";
import { tooManySignInAttempts } from "~/lib/auth-rules";
import { safeRedirectPath } from "@server/auth/guards";
import { getSessionUser } from "@server/auth/session";
import { signInAdmin } from "@server/auth/sign-in";
import { Field, FormError, PasswordField, SubmitButton } from "~/components/ui/form";
import type { Route } from "./+types/admin-login";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = () => [{ title: "Admin Login | Pocket Retro" }, { name: "robots", content: "noindex, nofollow" }];


/** Only admin pages are valid destinations after an admin sign-in. */
function adminTarget(value: unknown) {
  const path = safeRedirectPath(value, "/admin/dashboard");
  return path.startsWith("/admin/") ? path : "/admin/dashboard";
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user?.role === "admin") {
    throw redirect(adminTarget(new URL(request.url).searchParams.get("redirectTo")));
  }
  return null;
}

const noFieldErrors: Record<string, string> = {};

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = adminLoginSchema.safeParse(formFields(form, ["username", "password"]));
  if (!parsed.success) {
    return data({ error: null, fields: fieldErrors(parsed.error) }, { status: 400 });
  }
  const result = await signInAdmin(request, { email: parsed.data.username, password: parsed.data.password });
  const target = adminTarget(form.get("redirectTo"));
  switch (result.kind) {
    case "rate-limited":
      return data(
        { error: tooManySignInAttempts(result.retryAfterSeconds), fields: noFieldErrors },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    case "invalid":
      return data({ error: INVALID_ADMIN_LOGIN, fields: noFieldErrors }, { status: 401 });
    case "two-factor":
      return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(target)}`, {
        status: 303,
        headers: cookieHeaders(result.cookies),
      });
    case "signed-in":
      return redirect(target, { status: 303, headers: cookieHeaders(result.cookies) });
  }
}

export default function AdminLogin() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const pending = useNavigation().state === "submitting";
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-gray-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        <p className="mt-1 text-center text-sm text-gray-600">Sign in to manage the shop.</p>
        <Form method="post" className="mt-6 space-y-4" noValidate={false}>
          <FormError message={result?.error} />
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <Field label="Username" name="username" type="text" autoComplete="username" required error={result?.fields.username} />
          <PasswordField label="Password" name="password" autoComplete="current-password" required error={result?.fields.password} />
          <SubmitButton pending={pending}>{pending ? "Signing in..." : "Login"}</SubmitButton>
        </Form>
      </div>
    </main>
  );
}
