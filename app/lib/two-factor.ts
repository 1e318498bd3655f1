/** What the two-factor settings pages (storefront account, back-office profile) and their server side share. */

/** An enrolment in progress: the QR code and key to add to an app, and the backup codes shown once. */
export type Enrolment = { totpUri: string; qrSvgDataUrl: string; secret: string; backupCodes: string[] };

/** What a two-factor settings page shows after one of its forms was sent. */
export type TwoFactorFormResult = { error?: string; message?: string; enrolment?: Enrolment; enabled?: boolean };

export const TWO_FACTOR_REQUIRED_FOR_ROLE = "Your role requires two-factor authentication: it cannot be turned off.";
