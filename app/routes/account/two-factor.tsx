import { data, redirect, useNavigation } from "react-router";
import { handleTwoFactorForm } from "@server/accounts";
import { cookieHeaders } from "@server/auth";
import { ADMIN_PROFILE_PATH, requireUser, type SessionUser } from "@server/auth";
import { TwoFactorSettings } from "~/components/account/two-factor-settings";
import { seo } from "~/lib/seo";
import { TWO_FACTOR_DONE_PARAM, twoFactorNotice, type TwoFactorFormResult } from "@core/two-factor";
import type { Route } from "./+types/two-factor";
import { readForm } from "@server/http/form";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Two-factor authentication", description: "Protect your account.", path: "/account/two-factor", noindex: true });

/** Staff set up two-factor in the back office, where their role's requirement is known. */
function customerOnly(user: SessionUser) {
  if (user.roleName !== null) throw redirect(ADMIN_PROFILE_PATH, 303);
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  customerOnly(user);
  return { enabled: user.twoFactorEnabled, notice: twoFactorNotice(new URL(request.url), user.twoFactorEnabled) };
}

export async function action({ request }: Route.ActionArgs) {
  customerOnly(await requireUser(request));
  const { result, status, cookies, turned } = await handleTwoFactorForm(request, Object.fromEntries(await readForm(request)), { mayDisable: true });
  if (turned) return redirect(`/account/two-factor?${TWO_FACTOR_DONE_PARAM}=${turned}`, { status: 303, headers: cookieHeaders(cookies) });
  return data(result, { status, headers: cookieHeaders(cookies) });
}

export default function TwoFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <h2 className="text-xl font-semibold">Two-factor authentication</h2>
      <p className="mt-1 max-w-xl text-sm text-gray-700">
        With two-factor authentication, signing in also asks for a code from an app on your phone, so a stolen password is not enough.
      </p>
      <div className="mt-4">
        <TwoFactorSettings enabled={loaderData.enabled} result={actionData as TwoFactorFormResult | undefined} pending={pending} canDisable notice={loaderData.notice} />
      </div>
    </>
  );
}
