import { callAuth } from "../auth/call";

export type ChangePasswordResult = { ok: true; cookies: string[] } | { ok: false; reason: "wrong-password" | "rate-limited" };

/**
 * Changes the signed-in customer's password through better-auth and signs out every other
 * device; the returned cookies carry the fresh session for this one.
 */
export async function changePassword(request: Request, input: { currentPassword: string; newPassword: string }): Promise<ChangePasswordResult> {
  const r = await callAuth(request, "/change-password", { ...input, revokeOtherSessions: true });
  if (r.status === 429) return { ok: false, reason: "rate-limited" };
  if (r.status !== 200) return { ok: false, reason: "wrong-password" };
  return { ok: true, cookies: r.cookies };
}
