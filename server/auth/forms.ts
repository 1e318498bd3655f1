import { z } from "zod";
import { INVALID_ADMIN_LOGIN, PASSWORD_MAX, PASSWORD_MIN } from "~/lib/auth-rules";
import { DEMO_ADMIN_PASSWORD } from "../config";

export { INVALID_ADMIN_LOGIN, TOO_MANY_ATTEMPTS } from "~/lib/auth-rules";

/** Input rules of the account forms; the pages mirror them with HTML attributes. */


const email = z.string().trim().toLowerCase().min(1, "Email is required.").email("Enter a valid email address.");
const newPassword = z
  .string()
  .min(1, "Password is required.")
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`)
  .refine((v) => v !== DEMO_ADMIN_PASSWORD, "This password is published in the shop's documentation. Choose another one.");
const currentPassword = z.string().min(1, "Password is required.").max(PASSWORD_MAX, "Password is too long.");

export const adminLoginSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, "Username is required."),
  password: z.string().min(1, "Password is required.").max(PASSWORD_MAX, INVALID_ADMIN_LOGIN),
});

export const signInSchema = z.object({ email, password: currentPassword });
export const signUpSchema = z.object({ email, password: newPassword });
export const emailOnlySchema = z.object({ email });
export const resetPasswordSchema = z.object({ token: z.string().min(1, "This reset link is not valid."), password: newPassword });
export const changePasswordSchema = z.object({ currentPassword, newPassword });

/** First message per field, for showing next to each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/** A form's fields as plain strings (absent fields become ""). */
export function formFields<K extends string>(form: FormData, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) {
    const v = form.get(k);
    out[k] = typeof v === "string" ? v : "";
  }
  return out;
}
