import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { config, DEMO_ADMIN_PASSWORD } from "../config";
import { db } from "../db/client";
import { account, user } from "./schema";
import { log } from "../log";
import { PASSWORD_MAX } from "@core/auth-rules";
import { getAuth } from "./auth";
import { hasDemoPassword } from "./demo-password";
import { isStaffUser } from "./roles";

export const adminCredentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address."),
  password: z
    .string()
    .min(10, "An admin password needs at least 10 characters.")
    .max(PASSWORD_MAX, `An admin password has at most ${PASSWORD_MAX} characters.`),
});

export type AdminCredentials = z.infer<typeof adminCredentialsSchema>;

/**
 * Makes `email` an owner (every back-office area) with this password and a verified email: creates the user, or promotes
 * and re-passwords an existing one. Uses better-auth's own hashing and adapter. `mustChange`: the
 * back office asks for a new password at first sign-in (a password printed on the console).
 */
export async function createAdmin(input: AdminCredentials, { mustChange = false } = {}): Promise<{ id: string; created: boolean }> {
  const { email, password } = adminCredentialsSchema.parse(input);
  const ctx = await getAuth().$context;
  const hash = await ctx.password.hash(password);
  const [existing] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await db().transaction(async (tx) => {
      await tx
        .update(user)
        .set({ role: "owner", emailVerified: true, banned: false, mustChangePassword: mustChange, updatedAt: new Date() })
        .where(eq(user.id, existing.id));
      const updated = await tx
        .update(account)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(account.userId, existing.id), eq(account.providerId, "credential")))
        .returning({ id: account.id });
      if (updated.length === 0) {
        await tx.insert(account).values({ id: crypto.randomUUID(), userId: existing.id, accountId: existing.id, providerId: "credential", password: hash });
      }
    });
    return { id: existing.id, created: false };
  }
  const created = await ctx.internalAdapter.createUser({ email, name: "Admin", emailVerified: true, role: "owner" }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({ userId: created.id, accountId: created.id, providerId: "credential", password: hash });
  if (mustChange) await db().update(user).set({ mustChangePassword: true }).where(eq(user.id, created.id));
  return { id: created.id, created: true };
}

async function adminExists(): Promise<boolean> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.role, "owner")).limit(1);
  return Boolean(row);
}

/** The admins (id and email) that still sign in with the published demo password. */
async function adminsWithDemoPassword(): Promise<{ id: string; email: string }[]> {
  const admins = await db().select({ id: user.id, email: user.email }).from(user).where(isStaffUser());
  const found: { id: string; email: string }[] = [];
  for (const a of admins) if (await hasDemoPassword(a.id)) found.push(a);
  return found;
}

/**
 * Where the demo password is not allowed (production, or PostgreSQL), an admin still using it
 * stops the start: with ADMIN_PASSWORD set, ADMIN_EMAIL's account gets that password instead;
 * any other case is a start-up error naming what to do.
 */
async function refuseDemoPassword(): Promise<void> {
  const c = config();
  for (const a of await adminsWithDemoPassword()) {
    if (a.email === c.ADMIN_EMAIL.toLowerCase() && c.ADMIN_PASSWORD) {
      await createAdmin({ email: a.email, password: c.ADMIN_PASSWORD });
      log.warn({ email: a.email }, "the admin's demo password was replaced by ADMIN_PASSWORD");
      continue;
    }
    throw new Error(
      `The admin account ${a.email} still has the published demo password, refused in production. ` +
        `Start with ADMIN_EMAIL=${a.email} and ADMIN_PASSWORD set to a new password (it replaces the demo one), ` +
        "or run `npm run admin:create -- --email ... --password ...`.",
    );
  }
}

/**
 * The first admin's password when none exists: ADMIN_PASSWORD; else, on the embedded database, the
 * demo password outside production (`npm run dev`) or a random one generated now in production
 * (`npm start`); else (PostgreSQL) none. The demo password is printed at every start while in
 * use, a generated one once only; both must be changed at first sign-in (requireAdmin).
 */
function firstAdminPassword(): { password: string; printed?: "demo" | "generated" } | undefined {
  const c = config();
  if (c.ADMIN_PASSWORD) return { password: c.ADMIN_PASSWORD };
  if (c.demoAdminAllowed) return { password: DEMO_ADMIN_PASSWORD, printed: "demo" };
  if (c.embedded) return { password: crypto.randomBytes(18).toString("base64url"), printed: "generated" };
  return undefined;
}

/**
 * At start: the first admin (firstAdminPassword). Where the demo password is not allowed, refuses
 * to start while an admin still has it.
 */
export async function ensureFirstAdmin(): Promise<void> {
  const c = config();
  const email = c.ADMIN_EMAIL.toLowerCase();
  if (!(await adminExists())) {
    const first = firstAdminPassword();
    if (!first) {
      log.warn("No admin account exists and ADMIN_PASSWORD is not set: start with ADMIN_EMAIL and ADMIN_PASSWORD set, or run `npm run admin:create -- --email you@example.com --password '...'` to create one.");
      return;
    }
    const parsed = adminCredentialsSchema.safeParse({ email, password: first.password });
    if (!parsed.success) {
      throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${parsed.error.issues.map((i) => i.message).join(" ")}`);
    }
    try {
      await createAdmin(parsed.data, { mustChange: first.printed === "generated" });
      log.info({ email }, "first admin created");
      if (first.printed === "generated") {
        // Printed once, never logged as a field nor stored: only its hash is kept.
        console.log(
          `Admin created: ${email} / ${first.password}\n` +
            `Sign in at ${c.publicUrl}/admin-login (you will be asked for a new password). This password is not shown again.`,
        );
      }
    } catch (err) {
      // Several instances starting at once: one of them wins, which is all we need.
      if (!(await adminExists())) throw err;
    }
  }
  if (!c.demoAdminAllowed) return refuseDemoPassword();
  const [first] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  if (first && (await hasDemoPassword(first.id))) {
    console.log(`Demo admin: ${email} / ${DEMO_ADMIN_PASSWORD} (sign in at ${c.publicUrl}/admin-login; you will be asked for a new password)`);
  }
}
