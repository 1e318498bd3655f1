import { callAuth, clearMustChangePassword } from "@server/auth";

export type ChangePasswordResult = { ok: true; cookies: string[] } | { ok: false; reason: "wrong-password" | "rate-limited" };

/**
 * Changes the signed-in customer's password through better-auth and signs out every other
 * device; the returned cookies carry the fresh session for this one. A password the admin was
 * asked to change (generated at first start) no longer is.
 */
export async function changePassword(request: Request, userId: string, input: { currentPassword: string; newPassword: string }): Promise<ChangePasswordResult> {
  const r = await callAuth(request, "/change-password", { ...input, revokeOtherSessions: true });
  if (r.status === 429) return { ok: false, reason: "rate-limited" };
  if (r.status !== 200) return { ok: false, reason: "wrong-password" };
  await clearMustChangePassword(userId);
  return { ok: true, cookies: r.cookies };
}
