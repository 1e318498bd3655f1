import { Form, redirect, useNavigation, useSearchParams } from "react-router";
import { cookieHeaders } from "@server/auth";
import { adminLoginSchema } from "~/lib/auth-forms";
import { formFields, formMessage } from "@core/form";
import { invalidForm, refusal } from "@server/http/responses";
import { INVALID_ADMIN_LOGIN, tooManySignInAttempts } from "@core/auth-rules";
import { safeRedirectPath } from "@server/auth";
import { getSessionUser } from "@server/auth";
import { signInAdmin } from "@server/auth";
import { FormError, FormSuccess } from "~/components/ui/form";
import { TextField, PasswordField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import type { Route } from "./+types/admin-login";
import { readForm } from "@server/http/form";
import { staffHome, type Permission } from "@core/staff-roles";

export const meta: Route.MetaFunction = () => [{ title: "Admin Login | Pocket Retro" }, { name: "robots", content: "noindex, nofollow" }];


/**
 * Only admin pages are valid destinations after an admin sign-in; without one (or with the default
 * /admin/dashboard a writer may not open), the member's home page (the first section they may open).
 */
function adminTarget(value: unknown, permissions: readonly Permission[]) {
  const path = safeRedirectPath(value, "/admin/dashboard");
  const home = staffHome(permissions);
  return path.startsWith("/admin/") && path !== "/admin/dashboard" ? path : home;
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user && user.roleName !== null) {
    throw redirect(adminTarget(new URL(request.url).searchParams.get("redirectTo"), user.permissions));
  }
  return null;
}


export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = adminLoginSchema.safeParse(formFields(form, ["username", "password"]));
  if (!parsed.success) return invalidForm(parsed.error);
  const result = await signInAdmin(request, { email: parsed.data.username, password: parsed.data.password });
  switch (result.kind) {
    case "rate-limited":
      return refusal(tooManySignInAttempts(result.retryAfterSeconds), 429, {}, { headers: { "Retry-After": String(result.retryAfterSeconds) } });
    case "invalid":
      return refusal(INVALID_ADMIN_LOGIN, 401);
    case "two-factor":
      return redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(adminTarget(form.get("redirectTo"), result.permissions))}`, {
        status: 303,
        headers: cookieHeaders(result.cookies),
      });
    case "signed-in":
      return redirect(adminTarget(form.get("redirectTo"), result.permissions), { status: 303, headers: cookieHeaders(result.cookies) });
  }
}

export default function AdminLogin({ actionData }: Route.ComponentProps) {
  const result = actionData;
  const [params] = useSearchParams();
  const pending = useNavigation().state === "submitting";
  const { errors, onSubmit } = useSchemaForm(adminLoginSchema, result?.fieldErrors);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-gray-100 px-4 py-12">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-lg">
        <h1 className="text-center text-2xl font-bold text-gray-900">Admin Login</h1>
        <p className="mt-1 text-center text-sm text-gray-600">Sign in to manage the shop.</p>
        <Form method="post" className="mt-6 space-y-4" onSubmit={onSubmit}>
          <FormError message={formMessage(result)} />
          {params.get("notice") === "invited" && !result ? <FormSuccess message="Your account is ready. Sign in with your email and the password you chose." /> : null}
          <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
          <TextField label="Username" name="username" type="text" autoComplete="username" required error={errors.username} />
          <PasswordField label="Password" name="password" autoComplete="current-password" required error={errors.password} />
          <Button type="submit" disabled={pending} className="w-full">{pending ? "Signing in..." : "Login"}</Button>
        </Form>
      </div>
    </main>
  );
}
