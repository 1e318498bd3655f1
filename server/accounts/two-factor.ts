import QRCode from "qrcode";
import { callAuth } from "../auth/call";

export type Enrolment = { totpUri: string; qrSvgDataUrl: string; secret: string; backupCodes: string[] };

export type EnrolStart = ({ ok: true } & Enrolment) | { ok: false; reason: "wrong-password" | "rate-limited" };

/** The QR code and the manual-entry secret for an otpauth:// URI. */
export async function enrolmentView(totpUri: string, backupCodes: string[]): Promise<Enrolment> {
  const svg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    totpUri,
    qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    secret: new URL(totpUri).searchParams.get("secret") ?? "",
    backupCodes,
  };
}

function failure(status: number): { ok: false; reason: "wrong-password" | "rate-limited" } {
  return { ok: false, reason: status === 429 ? "rate-limited" : "wrong-password" };
}

/**
 * Starts TOTP enrolment: better-auth creates the secret and backup codes (stored encrypted); we
 * turn the otpauth:// URI into a QR code. Two-factor is on only once a code is verified.
 */
export async function startTwoFactorEnrolment(request: Request, password: string): Promise<EnrolStart> {
  const r = await callAuth(request, "/two-factor/enable", { password });
  if (r.status !== 200) return failure(r.status);
  return { ok: true, ...(await enrolmentView(String(r.body.totpURI), (r.body.backupCodes as string[]) ?? [])) };
}

/** Finishes enrolment with a code from the app; better-auth then turns two-factor on. */
export async function confirmTwoFactorEnrolment(request: Request, code: string) {
  const r = await callAuth(request, "/two-factor/verify-totp", { code });
  return r.status === 200 ? ({ ok: true, cookies: r.cookies } as const) : failure(r.status === 429 ? 429 : 401);
}

export async function disableTwoFactor(request: Request, password: string) {
  const r = await callAuth(request, "/two-factor/disable", { password });
  return r.status === 200 ? ({ ok: true, cookies: r.cookies } as const) : failure(r.status);
}
