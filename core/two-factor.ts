/** What the two-factor settings pages (storefront account, back-office profile) and their server side share. */

/** An enrolment in progress: the QR code and key to add to an app, and the backup codes shown once. */
export type Enrolment = { totpUri: string; qrSvgDataUrl: string; secret: string; backupCodes: string[] };

/** What a two-factor settings page shows after one of its forms was sent. */
/** A two-factor form's answer: `ok` with what it did, or `ok: false` with the refusal (`message`) and each field's message. */
export type TwoFactorFormResult =
  | { ok: true; message?: string; enrolment?: Enrolment; enabled?: boolean }
  | { ok: false; message: string; fieldErrors: Record<string, string>; enrolment?: Enrolment };

export const TWO_FACTOR_REQUIRED_FOR_ROLE = "Your role requires two-factor authentication: it cannot be turned off.";

/**
 * Turning two-factor on or off replaces the session (better-auth), so the page's action redirects
 * back to the page with the new cookie and `?two-factor=on|off`; the page then says so, if true.
 */
export const TWO_FACTOR_DONE_PARAM = "two-factor";

export function twoFactorNotice(url: URL, enabled: boolean): string | undefined {
  const done = url.searchParams.get(TWO_FACTOR_DONE_PARAM);
  if (done === "on" && enabled) return "Two-factor authentication is on.";
  if (done === "off" && !enabled) return "Two-factor authentication is off.";
  return undefined;
}
