import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { confirmTwoFactorEnrolment, disableTwoFactor, enrolmentView, startTwoFactorEnrolment, type Enrolment } from "@server/accounts/two-factor";
import { cookieHeaders } from "@server/auth/call";
import { requireUser } from "@server/auth/guards";
import { FormError, FormSuccess } from "~/components/ui/form";
import { TextField, PasswordField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth-rules";
import type { Route } from "./+types/two-factor";
import { readForm } from "@server/http/form";
import { isStaffRole, roleHome } from "~/lib/staff-roles";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Two-factor authentication", description: "Protect your account.", path: "/account/two-factor", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  return {
    enabled: user.twoFactorEnabled,
    /** Where "Go to the back office" leads: the staff member's home page (null for a customer). */
    backOffice: isStaffRole(user.role) ? roleHome(user.role) : null,
    adminRequired: url.searchParams.get("required") === "admin" && isStaffRole(user.role),
  };
}

type Result = { error?: string; message?: string; enrolment?: Enrolment; enabled?: boolean };

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), password: z.string().min(1, "Enter your password.") }),
  z.object({
    intent: z.literal("verify"),
    code: z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code from your app."),
    totpUri: z.string().startsWith("otpauth://"),
    backupCodes: z.string(),
  }),
  z.object({ intent: z.literal("disable"), password: z.string().min(1, "Enter your password.") }),
]);

function fail(result: Result, status: number) {
  return data(result, { status });
}

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return fail({ error: parsed.error.issues[0].message }, 400);
  const input = parsed.data;
  if (input.intent === "start") {
    const r = await startTwoFactorEnrolment(request, input.password);
    if (!r.ok) return fail({ error: r.reason === "rate-limited" ? TOO_MANY_ATTEMPTS : "That password is not correct." }, r.reason === "rate-limited" ? 429 : 400);
    return { enrolment: r } satisfies Result;
  }
  if (input.intent === "verify") {
    const r = await confirmTwoFactorEnrolment(request, input.code);
    if (!r.ok) {
      // Still enrolling: show the same QR code and codes again with the error.
      const enrolment = await enrolmentView(input.totpUri, input.backupCodes.split(",").filter(Boolean));
      return fail({ error: r.reason === "rate-limited" ? TOO_MANY_ATTEMPTS : "That code is not valid. Try the current one.", enrolment }, r.reason === "rate-limited" ? 429 : 400);
    }
    return data({ enabled: true, message: "Two-factor authentication is on." } satisfies Result, { headers: cookieHeaders(r.cookies) });
  }
  const r = await disableTwoFactor(request, input.password);
  if (!r.ok) return fail({ error: r.reason === "rate-limited" ? TOO_MANY_ATTEMPTS : "That password is not correct." }, r.reason === "rate-limited" ? 429 : 400);
  return data({ enabled: false, message: "Two-factor authentication is off." } satisfies Result, { headers: cookieHeaders(r.cookies) });
}

function EnrolmentStep({ enrolment, pending }: { enrolment: Enrolment; pending: boolean }) {
  return (
    <div className="space-y-6">
      <ol className="list-decimal space-y-6 pl-5 text-sm text-gray-800">
        <li>
          <p>Scan this QR code with an authenticator app (such as Google Authenticator, 1Password or Aegis).</p>
          <img src={enrolment.qrSvgDataUrl} alt="QR code to add this account to an authenticator app" width={192} height={192} className="mt-3 rounded-lg border border-gray-200 bg-white p-2" />
          <p className="mt-2">
            Or type this key: <code className="break-all rounded bg-gray-100 px-1.5 py-0.5 font-mono" data-testid="totp-secret">{enrolment.secret}</code>
          </p>
        </li>
        <li>
          <p>Save these backup codes somewhere safe. Each works once if you lose your phone. They will not be shown again.</p>
          <ul className="mt-3 grid max-w-sm grid-cols-2 gap-2 font-mono" aria-label="Backup codes">
            {enrolment.backupCodes.map((c) => (
              <li key={c} className="rounded bg-gray-100 px-2 py-1 text-center">
                {c}
              </li>
            ))}
          </ul>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows to finish.</p>
          <Form method="post" className="mt-3 max-w-xs space-y-4">
            <input type="hidden" name="intent" value="verify" />
            <input type="hidden" name="totpUri" value={enrolment.totpUri} />
            <input type="hidden" name="backupCodes" value={enrolment.backupCodes.join(",")} />
            <TextField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required />
            <Button type="submit" disabled={pending} className="w-full">{pending ? "Checking..." : "Turn on two-factor authentication"}</Button>
          </Form>
        </li>
      </ol>
    </div>
  );
}

export default function TwoFactorSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled: enabledNow, backOffice, adminRequired } = loaderData;
  const result = actionData as Result | undefined;
  const pending = useNavigation().state === "submitting";
  const enabled = result?.enabled ?? enabledNow;
  return (
    <>
      <h2 className="text-xl font-semibold">Two-factor authentication</h2>
      <p className="mt-1 max-w-xl text-sm text-gray-700">
        With two-factor authentication, signing in also asks for a code from an app on your phone, so a stolen password is not enough.
      </p>
      <div className="mt-4 max-w-xl space-y-4">
        {adminRequired && !enabled ? (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Administrators must turn on two-factor authentication before using the back office.
          </p>
        ) : null}
        <FormSuccess message={result?.message} />
        <FormError message={result?.error} />
        {enabled ? (
          <>
            <p className="text-sm font-medium text-green-800">Two-factor authentication is on for your account.</p>
            {backOffice ? (
              <p className="text-sm">
                <Link to={backOffice} className="font-semibold text-brand-700 hover:underline">
                  Go to the back office
                </Link>
              </p>
            ) : null}
            <Form method="post" className="max-w-md space-y-4 border-t border-gray-200 pt-4">
              <input type="hidden" name="intent" value="disable" />
              <PasswordField label="Password" name="password" autoComplete="current-password" required hint="Enter your password to turn two-factor authentication off." />
              <button type="submit" disabled={pending} className="rounded-lg border border-gray-300 px-4 py-2.5 font-semibold text-gray-800 hover:bg-gray-50 disabled:opacity-60">
                Turn off
              </button>
            </Form>
          </>
        ) : result?.enrolment ? (
          <EnrolmentStep enrolment={result.enrolment} pending={pending} />
        ) : (
          <Form method="post" className="max-w-md space-y-4">
            <input type="hidden" name="intent" value="start" />
            <PasswordField label="Password" name="password" autoComplete="current-password" required hint="Confirm it is you to start the set-up." />
            <Button type="submit" disabled={pending} className="w-full sm:w-auto">
              {pending ? "Please wait..." : "Set up two-factor authentication"}
            </Button>
          </Form>
        )}
      </div>
    </>
  );
}
