import { z } from "zod";
import { DEMO_ADMIN_PASSWORD, INVALID_ADMIN_LOGIN, PASSWORD_MAX, PASSWORD_MIN } from "@core/auth-rules";

/**
 * The account forms' schemas, each used by its action and by its form in the browser (the pages
 * also carry the HTML attributes, so the browser's own checks come first).
 */

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
