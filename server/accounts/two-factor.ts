import QRCode from "qrcode";
import { z } from "zod";
import { fieldErrors, firstMessage } from "@core/form";
import { TOO_MANY_ATTEMPTS } from "@core/auth-rules";
import { TWO_FACTOR_REQUIRED_FOR_ROLE, type Enrolment, type TwoFactorFormResult } from "@core/two-factor";
import { callAuth } from "@server/auth";

export type { Enrolment, TwoFactorFormResult };

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

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start"), password: z.string().min(1, "Enter your password.") }),
  z.object({
    intent: z.literal("verify"),
    code: z.string().trim().regex(/^\d{6}$/, "Enter the 6-digit code from your app."),
    totpUri: z.string().startsWith("otpauth://"),
    backupCodes: z.string(),
  }),
  z.object({ intent: z.literal("disable"), password: z.string().min(1, "Enter your password.") }),
]);

/**
 * The forms of a two-factor settings page (the storefront's /account/two-factor, the back office's
 * /admin/profile): start enrolment with the password, confirm it with a code, turn it off with the
 * password unless `mayDisable` is false (staff whose role requires it). The caller has checked who
 * is signed in; `cookies` are better-auth's to pass back to the browser. `turned` says two-factor
 * went on or off: better-auth then replaced the session, so the page must redirect with the new
 * cookie (loaders of this request would still see the old, deleted one).
 */
export async function handleTwoFactorForm(
  request: Request,
  fields: Record<string, unknown>,
  opts: { mayDisable: boolean },
): Promise<{ result: TwoFactorFormResult; status: number; cookies: string[]; turned?: "on" | "off" }> {
  const done = (result: TwoFactorFormResult, status = 200, cookies: string[] = []) => ({ result, status, cookies });
  const refuse = (message: string, status: number, extra: { fieldErrors?: Record<string, string>; enrolment?: Enrolment } = {}) =>
    done({ ok: false, message, fieldErrors: {}, ...extra }, status);
  const parsed = formSchema.safeParse(fields);
  if (!parsed.success) return refuse(firstMessage(parsed.error), 400, { fieldErrors: fieldErrors(parsed.error) });
  const input = parsed.data;
  if (input.intent === "start") {
    const r = await startTwoFactorEnrolment(request, input.password);
    if (!r.ok) return r.reason === "rate-limited" ? refuse(TOO_MANY_ATTEMPTS, 429) : refuse("That password is not correct.", 400);
    const { ok: _ok, ...enrolment } = r;
    return done({ ok: true, enrolment });
  }
  if (input.intent === "verify") {
    const r = await confirmTwoFactorEnrolment(request, input.code);
    if (!r.ok) {
      // Still enrolling: show the same QR code and codes again with the error.
      const enrolment = await enrolmentView(input.totpUri, input.backupCodes.split(",").filter(Boolean));
      const message = r.reason === "rate-limited" ? TOO_MANY_ATTEMPTS : "That code is not valid. Try the current one.";
      return refuse(message, r.reason === "rate-limited" ? 429 : 400, { enrolment });
    }
    return { ...done({ ok: true, enabled: true, message: "Two-factor authentication is on." }, 200, r.cookies), turned: "on" };
  }
  if (!opts.mayDisable) return refuse(TWO_FACTOR_REQUIRED_FOR_ROLE, 403);
  const r = await disableTwoFactor(request, input.password);
  if (!r.ok) return r.reason === "rate-limited" ? refuse(TOO_MANY_ATTEMPTS, 429) : refuse("That password is not correct.", 400);
  return { ...done({ ok: true, enabled: false, message: "Two-factor authentication is off." }, 200, r.cookies), turned: "off" };
}
