import { Form } from "react-router";
import { FormError, FormSuccess } from "~/components/ui/form";
import { FieldErrorsContext, TextField, PasswordField } from "~/components/ui/field";
import { Button } from "~/components/ui/button";
import { formMessage } from "@core/form";
import type { Enrolment, TwoFactorFormResult } from "@core/two-factor";

/**
 * The two-factor settings shared by the storefront's /account/two-factor and the back office's
 * /admin/profile: status, set-up (password, then QR code and key, backup codes shown once, then a
 * code from the app) and, where allowed, turning it off. The forms post to the page's own action.
 */
export function TwoFactorSettings({
  enabled: enabledNow,
  result,
  pending,
  canDisable,
  requiredNotice,
  onceEnabled,
  notice,
}: {
  enabled: boolean;
  result: TwoFactorFormResult | undefined;
  pending: boolean;
  /** False where the member's role requires two-factor authentication. */
  canDisable: boolean;
  /** Said above the set-up while two-factor is off, when it must be turned on. */
  requiredNotice?: string;
  /** Shown once it is on (a way on, for example). */
  onceEnabled?: React.ReactNode;
  /** What the last form did, when it redirected back here (twoFactorNotice). */
  notice?: string;
}) {
  const enabled = (result?.ok ? result.enabled : undefined) ?? enabledNow;
  return (
    <FieldErrorsContext.Provider value={result && !result.ok ? result.fieldErrors : {}}>
      <div className="max-w-xl space-y-4">
        {requiredNotice && !enabled ? (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {requiredNotice}
          </p>
        ) : null}
        <FormSuccess message={(result?.ok ? result.message : undefined) ?? notice} />
        <FormError message={formMessage(result, ["intent", "totpUri", "backupCodes"])} />
        {enabled ? (
          <>
            <p className="text-sm font-medium text-green-800">Two-factor authentication is on for your account.</p>
            {onceEnabled}
            {canDisable ? (
              <Form method="post" className="max-w-md space-y-4 border-t border-gray-200 pt-4">
                <input type="hidden" name="intent" value="disable" />
                <PasswordField label="Password" name="password" autoComplete="current-password" required hint="Enter your password to turn two-factor authentication off." />
                <button type="submit" disabled={pending} className="rounded-lg border border-gray-300 px-4 py-2.5 font-semibold text-gray-800 hover:bg-gray-50 disabled:opacity-60">
                  Turn off
                </button>
              </Form>
            ) : (
              <p className="text-sm text-gray-700">Your role requires two-factor authentication, so it cannot be turned off.</p>
            )}
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
    </FieldErrorsContext.Provider>
  );
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
