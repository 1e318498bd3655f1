import { data, Link, redirect, useNavigation } from "react-router";
import { handleTwoFactorForm } from "@server/accounts";
import { cookieHeaders } from "@server/auth";
import { requireAdmin, twoFactorRequired } from "@server/auth";
import { readForm } from "@server/http/form";
import { TwoFactorSettings } from "~/components/account/two-factor-settings";
import { adminMeta } from "~/lib/admin";
import { staffHome } from "@core/staff-roles";
import { TWO_FACTOR_DONE_PARAM, twoFactorNotice, type TwoFactorFormResult } from "@core/two-factor";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => adminMeta("Profile");

/**
 * The signed-in member's own account in the back office: who they are, and two-factor
 * authentication (set up, status, turn off where the role allows it). Every role opens it, and it
 * stays open while a role that requires two-factor has not enrolled yet (requireAdmin sends them here).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request, "any");
  return data({
    email: me.email,
    role: me.roleName,
    home: staffHome(me.permissions),
    enabled: me.twoFactorEnabled,
    required: twoFactorRequired(me.permissions),
    notice: twoFactorNotice(new URL(request.url), me.twoFactorEnabled),
  });
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request, "any");
  const form = Object.fromEntries(await readForm(request));
  const { result, status, cookies, turned } = await handleTwoFactorForm(request, form, { mayDisable: !twoFactorRequired(me.permissions) });
  if (turned) return redirect(`/admin/profile?${TWO_FACTOR_DONE_PARAM}=${turned}`, { status: 303, headers: cookieHeaders(cookies) });
  return data(result, { status, headers: cookieHeaders(cookies) });
}

export default function AdminProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { email, role, home, enabled, required, notice } = loaderData;
  const pending = useNavigation().state === "submitting";
  return (
    <div className="max-w-3xl space-y-6">
      <section aria-labelledby="account-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="account-heading" className="text-lg font-semibold">
          Your account
        </h2>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-semibold text-gray-700">Email</dt>
          <dd className="break-all">{email}</dd>
          <dt className="font-semibold text-gray-700">Role</dt>
          <dd>{role}</dd>
        </dl>
      </section>
      <section aria-labelledby="two-factor-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor authentication
        </h2>
        <p className="mt-1 max-w-xl text-sm text-gray-700">
          Signing in also asks for a code from an app on your phone, so a stolen password is not enough.{" "}
          {required ? `The ${role} role requires it.` : "It is optional for your role."}
        </p>
        <div className="mt-4">
          <TwoFactorSettings
            enabled={enabled}
            result={actionData as TwoFactorFormResult | undefined}
            pending={pending}
            canDisable={!required}
            notice={notice}
            requiredNotice={required ? "Set up two-factor authentication to open the back office." : undefined}
            onceEnabled={
              required ? (
                <p className="text-sm">
                  <Link to={home} className="font-semibold text-brand-700 hover:underline">
                    Continue to the back office
                  </Link>
                </p>
              ) : null
            }
          />
        </div>
      </section>
    </div>
  );
}
