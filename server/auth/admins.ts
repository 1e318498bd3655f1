import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { config, DEMO_ADMIN_PASSWORD } from "../config";
import { db } from "../db/client";
import { account, user } from "./schema";
import { log } from "../log";
import { PASSWORD_MAX } from "~/lib/auth-rules";
import { getAuth } from "./auth";

export const adminCredentialsSchema = z.object({
  email: z.string().trim().toLowerCase().email("Enter a valid email address."),
  password: z
    .string()
    .min(10, "An admin password needs at least 10 characters.")
    .max(PASSWORD_MAX, `An admin password has at most ${PASSWORD_MAX} characters.`),
});

export type AdminCredentials = z.infer<typeof adminCredentialsSchema>;

/**
 * Makes `email` an admin with this password and a verified email: creates the user, or promotes
 * and re-passwords an existing one. Uses better-auth's own hashing and adapter.
 */
export async function createAdmin(input: AdminCredentials): Promise<{ id: string; created: boolean }> {
  const { email, password } = adminCredentialsSchema.parse(input);
  const ctx = await getAuth().$context;
  const hash = await ctx.password.hash(password);
  const [existing] = await db().select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await db().transaction(async (tx) => {
      await tx.update(user).set({ role: "admin", emailVerified: true, banned: false, updatedAt: new Date() }).where(eq(user.id, existing.id));
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
  const created = await ctx.internalAdapter.createUser({ email, name: "Admin", emailVerified: true, role: "admin" }, { method: "admin" });
  await ctx.internalAdapter.linkAccount({ userId: created.id, accountId: created.id, providerId: "credential", password: hash });
  return { id: created.id, created: true };
}

async function adminExists(): Promise<boolean> {
  const [row] = await db().select({ id: user.id }).from(user).where(eq(user.role, "admin")).limit(1);
  return Boolean(row);
}

/** Whether the account still signs in with the demo password (then it is worth printing). */
async function usesDemoPassword(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ hash: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, email), eq(account.providerId, "credential")));
  if (!row?.hash) return false;
  const ctx = await getAuth().$context;
  return ctx.password.verify({ hash: row.hash, password: DEMO_ADMIN_PASSWORD });
}

/**
 * At start: the first admin. Deployed mode takes ADMIN_EMAIL/ADMIN_PASSWORD or creates nobody;
 * embedded mode falls back to the demo password and prints the credentials.
 */
export async function ensureFirstAdmin(): Promise<void> {
  const c = config();
  const email = c.ADMIN_EMAIL.toLowerCase();
  if (!(await adminExists())) {
    const password = c.ADMIN_PASSWORD ?? (c.embedded ? DEMO_ADMIN_PASSWORD : undefined);
    if (!password) {
      log.warn("No admin account exists and ADMIN_PASSWORD is not set: run `npm run admin:create -- --email you@example.com --password '...'` to create one.");
      return;
    }
    const parsed = adminCredentialsSchema.safeParse({ email, password });
    if (!parsed.success) {
      throw new Error(`ADMIN_EMAIL/ADMIN_PASSWORD: ${parsed.error.issues.map((i) => i.message).join(" ")}`);
    }
    try {
      await createAdmin(parsed.data);
      log.info({ email }, "first admin created");
    } catch (err) {
      // Several instances starting at once: one of them wins, which is all we need.
      if (!(await adminExists())) throw err;
    }
  }
  if (c.embedded && (await usesDemoPassword(email))) {
    console.log(`Demo admin: ${email} / ${DEMO_ADMIN_PASSWORD} (sign in at ${c.publicUrl}/admin-login)`);
  }
}
