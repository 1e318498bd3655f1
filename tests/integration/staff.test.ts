import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createAdmin } from "../../server/auth/admins";
import { requireAdmin } from "../../server/auth/guards";
import { getSessionUser } from "../../server/auth/session";
import { signInAdmin } from "../../server/auth/sign-in";
import { auditLog, session, staffInvitations, user } from "../../server/db/schema";
import { db } from "../../server/db/client";
import { acceptInvitation, findInvitation, inviteStaff, revokeInvitation } from "../../server/staff/invitations";
import { changeStaffRole, deactivateStaff, listStaff, reactivateStaff } from "../../server/staff/members";
import { cookieHeaderFrom, createCustomer, lastMailTo, shopRequest } from "./auth-helpers";
import { deleteAccount } from "../../server/accounts/delete-account";
import { transferOwnership } from "../../server/staff/ownership";
import { useTestDatabase } from "./test-db";

async function thrown(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a refusal");
}

async function owner(email = "owner@example.com") {
  const { id } = await createAdmin({ email, password: "owner-password-1" });
  return { id, email };
}

/** Invites `email` and returns the token from the emailed link, as the invitee would read it. */
async function invite(actor: { id: string; email: string }, email: string, role: "owner" | "staff" | "writer") {
  await inviteStaff(actor, { email, role });
  const mail = await lastMailTo(email.toLowerCase(), "You are invited to the back office");
  const link = /https?:\/\/\S+\/auth\/staff-invitation\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no invitation link in the email");
  return new URL(link).searchParams.get("token")!;
}

async function signIn(email: string, password: string) {
  const r = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.120" }), { email, password });
  if (r.kind !== "signed-in") throw new Error(`sign-in: ${r.kind}`);
  return cookieHeaderFrom(r.cookies);
}

describe("staff accounts", () => {
  useTestDatabase();

  it("invite -> accept once -> the writer signs in, is refused orders and let into the blog; all audited", async () => {
    const boss = await owner();
    const token = await invite(boss, "Writer@Example.com", "writer");
    // Only the token's hash is stored.
    const [row] = await db().select().from(staffInvitations);
    expect(row).toMatchObject({ email: "writer@example.com", role: "writer", acceptedAt: null });
    expect(row.tokenHash).not.toContain(token);
    expect(await findInvitation(token)).toEqual({ email: "writer@example.com", roleName: "Writer", allows: "Blog and content" });

    await acceptInvitation({ token, name: "Wren Writer", password: "writer-password-1" });
    expect(await findInvitation(token)).toBeNull();
    expect(await thrown(acceptInvitation({ token, name: "Again", password: "writer-password-2" }))).toMatchObject({ status: 400 });
    const [writer] = await db().select().from(user).where(eq(user.email, "writer@example.com"));
    expect(writer).toMatchObject({ name: "Wren Writer", role: "writer", emailVerified: true });

    const cookie = await signIn("writer@example.com", "writer-password-1");
    const refused = (await thrown(requireAdmin(shopRequest("/admin/orders", { cookie }), "orders:view"))) as Response;
    expect(refused.status).toBe(403);
    expect(await requireAdmin(shopRequest("/admin/posts", { cookie }), "content")).toMatchObject({ role: "writer" });

    const audit = await db().select({ action: auditLog.action, entity: auditLog.entity, actor: auditLog.actorEmail }).from(auditLog);
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: "invite", entity: "staff_invitation", actor: "owner@example.com" },
        { action: "accept_invitation", entity: "staff", actor: "writer@example.com" },
      ]),
    );
  });

  it("two acceptances of one link at once make one account", async () => {
    const token = await invite(await owner(), "race@example.com", "staff");
    const results = await Promise.allSettled([1, 2, 3].map((n) => acceptInvitation({ token, name: `Racer ${n}`, password: "racer-password-1" })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db().select().from(user).where(eq(user.email, "race@example.com"))).toHaveLength(1);
  });

  it("refuses expired, revoked and replaced links, existing accounts and weak passwords", async () => {
    const boss = await owner();
    const expired = await invite(boss, "late@example.com", "staff");
    await db().update(staffInvitations).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(staffInvitations.email, "late@example.com"));
    expect(await thrown(acceptInvitation({ token: expired, name: "Late", password: "late-password-1" }))).toMatchObject({ status: 400 });

    const first = await invite(boss, "twice@example.com", "staff");
    const second = await invite(boss, "twice@example.com", "writer");
    expect(await findInvitation(first)).toBeNull();
    expect(await findInvitation(second)).toMatchObject({ roleName: "Writer" });
    const [pending] = await db().select().from(staffInvitations).where(and(eq(staffInvitations.email, "twice@example.com"), sql`revoked_at is null`));
    await revokeInvitation(boss, pending.id);
    expect(await findInvitation(second)).toBeNull();

    await createCustomer("shopper@example.com");
    expect(await thrown(inviteStaff(boss, { email: "shopper@example.com", role: "staff" }))).toMatchObject({
      status: 409,
      fieldErrors: { email: "An account with this email already exists. Invite another address." },
    });

    const token = await invite(boss, "weak@example.com", "staff");
    expect(await thrown(acceptInvitation({ token, name: "Weak", password: "short" }))).toBeInstanceOf(Error);
    expect(await findInvitation(token)).not.toBeNull();
  });

  it("deactivating ends the member's sessions at once; reactivating lets them sign in again", async () => {
    const boss = await owner();
    const token = await invite(boss, "clerk@example.com", "staff");
    await acceptInvitation({ token, name: "Clerk", password: "clerk-password-1" });
    const cookie = await signIn("clerk@example.com", "clerk-password-1");
    const [clerk] = await db().select().from(user).where(eq(user.email, "clerk@example.com"));
    expect(await getSessionUser(shopRequest("/admin/orders", { cookie }))).toMatchObject({ role: "staff" });

    await deactivateStaff(boss, clerk.id);
    expect(await db().select().from(session).where(eq(session.userId, clerk.id))).toHaveLength(0);
    // A fresh request (no per-request memo) with the same cookie is a stranger now.
    expect(await getSessionUser(shopRequest("/admin/orders", { cookie }))).toBeNull();
    const again = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip: "192.0.2.121" }), { email: "clerk@example.com", password: "clerk-password-1" });
    expect(again.kind).toBe("invalid");
    expect((await listStaff()).find((m) => m.id === clerk.id)).toMatchObject({ active: false });

    await reactivateStaff(boss, clerk.id);
    expect(await signIn("clerk@example.com", "clerk-password-1")).toBeTruthy();
    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, clerk.id))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["deactivate", "reactivate"]));
  });

  it("changes roles with from/to audited; nobody changes themselves and the last active owner stays", async () => {
    const boss = await owner();
    const token = await invite(boss, "second@example.com", "staff");
    await acceptInvitation({ token, name: "Second", password: "second-password-1" });
    const [second] = await db().select().from(user).where(eq(user.email, "second@example.com"));

    await changeStaffRole(boss, second.id, "writer");
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, "role_change"), eq(auditLog.entityId, second.id)));
    expect(entry.data).toEqual({ email: "second@example.com", from: "Staff", to: "Writer" });

    expect(await thrown(deactivateStaff(boss, boss.id))).toMatchObject({ status: 409 });
    expect(await thrown(changeStaffRole(boss, boss.id, "staff"))).toMatchObject({ status: 409 });

    // Two owners; one demotes the other; the remaining one cannot be demoted or deactivated by anyone:
    // not by themselves (409), and by nobody else, since only an owner manages an owner (403).
    await changeStaffRole(boss, second.id, "owner");
    const secondActor = { id: second.id, email: second.email };
    await changeStaffRole(secondActor, boss.id, "staff");
    expect(await thrown(changeStaffRole(boss, second.id, "writer"))).toMatchObject({ status: 403 });
    expect(await thrown(deactivateStaff(boss, second.id))).toMatchObject({ status: 403 });
    expect(await thrown(changeStaffRole(secondActor, second.id, "writer"))).toMatchObject({ status: 409 });
    await changeStaffRole(secondActor, boss.id, "owner");
    expect(await thrown(changeStaffRole(boss, "no-such-user", "writer"))).toMatchObject({ status: 404 });
  });

  /** A shop whose one owner is owner@example.com (this file's database is shared by its tests). */
  async function soleOwner() {
    await db().update(user).set({ role: "staff" }).where(eq(user.role, "owner"));
    return owner();
  }

  const activeOwners = async () =>
    (await db().select({ email: user.email }).from(user).where(and(eq(user.role, "owner"), sql`${user.banned} is not true`))).map((r) => r.email);

  it("the last active owner cannot delete their own account; a member of staff's own deletion is audited", async () => {
    const boss = await soleOwner();
    const refused = await thrown(deleteAccount(boss.id, "owner-password-1"));
    expect({ owners: await activeOwners(), refusal: (refused as { status?: number }).status }).toEqual({ owners: ["owner@example.com"], refusal: 409 });

    const token = await invite(boss, "leaver@example.com", "staff");
    await acceptInvitation({ token, name: "Leaver", password: "leaver-password-1" });
    const [leaver] = await db().select().from(user).where(eq(user.email, "leaver@example.com"));
    await deleteAccount(leaver.id, "leaver-password-1");
    const entries = await db().select().from(auditLog).where(and(eq(auditLog.action, "delete_own_account"), eq(auditLog.entityId, leaver.id)));
    expect(entries.map((e) => ({ actor: e.actorEmail, data: e.data }))).toEqual([{ actor: "leaver@example.com", data: { email: "leaver@example.com", role: "Staff" } }]);
  });

  it("two owners deleting their own accounts at once: one goes, one stays", async () => {
    const boss = await soleOwner();
    const token = await invite(boss, "co-owner@example.com", "owner");
    await acceptInvitation({ token, name: "Co Owner", password: "co-owner-password-1" });
    const [co] = await db().select().from(user).where(eq(user.email, "co-owner@example.com"));
    const results = await Promise.allSettled([deleteAccount(boss.id, "owner-password-1"), deleteAccount(co.id, "co-owner-password-1")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await activeOwners()).toHaveLength(1);
  });

  it("the owner transfers ownership to an active member, confirmed by password and audited; then steps down to staff", async () => {
    const boss = await soleOwner();
    const token = await invite(boss, "heir@example.com", "writer");
    await acceptInvitation({ token, name: "Heir", password: "heir-password-1" });
    const [heir] = await db().select().from(user).where(eq(user.email, "heir@example.com"));

    expect(await thrown(transferOwnership(boss, heir.id, "not-my-password"))).toMatchObject({ status: 400 });
    expect(await thrown(transferOwnership(boss, boss.id, "owner-password-1"))).toMatchObject({ status: 409 });
    await deactivateStaff(boss, heir.id);
    expect(await thrown(transferOwnership(boss, heir.id, "owner-password-1"))).toMatchObject({ status: 409 });
    await reactivateStaff(boss, heir.id);
    expect(await activeOwners()).toEqual(["owner@example.com"]);

    await transferOwnership(boss, heir.id, "owner-password-1");
    expect(await activeOwners()).toEqual(["heir@example.com"]);
    const [former] = await db().select({ role: user.role }).from(user).where(eq(user.id, boss.id));
    expect(former.role).toBe("staff");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "ownership_transfer"));
    expect(entry).toMatchObject({ actorEmail: "owner@example.com", entityId: heir.id, data: { from: "owner@example.com", to: "heir@example.com", toPreviousRole: "Writer", fromNowRole: "Staff" } });
    // The former owner holds no owner's power any more: a second transfer is refused.
    expect(await thrown(transferOwnership(boss, heir.id, "owner-password-1"))).toMatchObject({ status: 409 });
  });
});
