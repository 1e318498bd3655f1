import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db, type Tx } from "../db/client";
import { account, session, user, verification } from "./schema";

/*
 * Writes to better-auth's tables made outside better-auth's own endpoints: the accounts and staff
 * areas call these (inside their transactions) instead of writing the tables themselves.
 */

/**
 * A customer account made for a paid order: email verified (the link only reaches that inbox), no
 * password yet, and a set-password token in better-auth's own reset-password form
 * (api/routes/password.ts: identifier `reset-password:<token>`, value the user id), so /auth/reset and
 * better-auth's /reset-password accept it and create the credential with the password chosen.
 */
export async function createPasswordlessUser(tx: Tx, u: { id: string; name: string; email: string; setPasswordToken: string; tokenDays: number }) {
  await tx.insert(user).values({ id: u.id, name: u.name, email: u.email, emailVerified: true });
  await tx.insert(verification).values({
    id: crypto.randomUUID(),
    identifier: `reset-password:${u.setPasswordToken}`,
    value: u.id,
    expiresAt: sql`now() + ${u.tokenDays} * interval '1 day'`,
  });
}

/** A member of staff who accepted an invitation: verified user with the role, and a password credential (`hash` from better-auth). */
export async function createStaffUser(tx: Tx, u: { id: string; name: string; email: string; role: string; passwordHash: string }) {
  await tx.insert(user).values({ id: u.id, name: u.name, email: u.email, emailVerified: true, role: u.role });
  await tx.insert(account).values({ id: crypto.randomUUID(), userId: u.id, accountId: u.id, providerId: "credential", password: u.passwordHash });
}

/** Deletes a user (sessions, credentials, two-factor secrets go by cascade) and their pending verification tokens. */
export async function deleteUser(tx: Tx, userId: string, email: string) {
  await tx.delete(verification).where(eq(verification.value, userId));
  await tx.delete(verification).where(eq(verification.identifier, email));
  await tx.delete(user).where(eq(user.id, userId));
}

export async function setUserRole(tx: Tx, userId: string, role: string) {
  await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, userId));
}

/**
 * Bars a user from signing in (`banned`, which better-auth refuses at sign-in and getSessionUser on
 * every request) and ends every session of theirs; answers how many ended.
 */
export async function banUser(tx: Tx, userId: string, reason: string): Promise<number> {
  await tx.update(user).set({ banned: true, banReason: reason, updatedAt: new Date() }).where(eq(user.id, userId));
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.length;
}

export async function unbanUser(tx: Tx, userId: string) {
  await tx.update(user).set({ banned: false, banReason: null, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** The password was changed: the "choose a new password" requirement is met. */
export async function clearMustChangePassword(userId: string) {
  await db().update(user).set({ mustChangePassword: false }).where(eq(user.id, userId));
}
