import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit, type Actor } from "@server/audit";
import { getAuth, permissionsOf } from "@server/auth";
import { linkMail } from "@server/auth";
import { adminCredentialsSchema, createStaffUser } from "@server/auth";
import { user } from "../auth/schema";
import { config, DEMO_ADMIN_PASSWORD } from "../config";
import { db, transaction } from "../db/client";
import { DomainError, FieldSaveError, NotFoundError } from "../errors";
import { deliverQueued, queueMail } from "@server/mail";
import { INVITATION_INVALID, INVITATION_TTL_HOURS, describePermissions, type StaffRole } from "@core/staff-roles";
import { actorRole, checkMayGrant, findRole, lockRole, RoleNotFound } from "./roles";
import { staffInvitations, staffRoles } from "./schema";


export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, "Email is required.").email("Enter a valid email address."),
  role: z.string({ message: "Choose a role." }).min(1, "Choose a role.").max(100, "Choose a role."),
});

export const acceptInvitationSchema = z.object({
  token: z.string().min(1, INVITATION_INVALID).max(200, INVITATION_INVALID),
  name: z.string().trim().min(1, "Name is required.").max(100, "A name has at most 100 characters."),
  password: adminCredentialsSchema.shape.password.refine(
    (v) => v !== DEMO_ADMIN_PASSWORD,
    "This password is published in the shop's documentation. Choose another one.",
  ),
});

/** An invitation the form can explain next to its email field (an address that already has an account). */
export class InvitationRefused extends FieldSaveError {
  constructor(message: string) {
    super({ email: message }, message, "email");
  }
}

/** The link is unknown, used, revoked or expired: one answer for all, so a link tells nothing more. */
export class InvitationInvalid extends DomainError {
  readonly status = 400;
  constructor() {
    super(INVITATION_INVALID);
  }
}

class InvitationNotFound extends NotFoundError {
  constructor() {
    super("invitation");
  }
}

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

const usable = () => and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt), gt(staffInvitations.expiresAt, sql`now()`));

/**
 * Invites `email` to the back office with the role `role` (its id), which the actor may give
 * (checkMayGrant): an invitation row (only the token's hash is kept), the audit entry and the email
 * (queued in the outbox) in one transaction; the email is sent after commit. A newer invitation to
 * the same address replaces an older pending one. An address that already has an account (staff or
 * customer) is refused: staff sign in with their own account.
 */
export async function inviteStaff(actor: Actor, input: z.infer<typeof inviteSchema>): Promise<{ id: string; role: StaffRole }> {
  const { email, role: roleId } = inviteSchema.parse(input);
  const token = crypto.randomBytes(32).toString("base64url");
  const url = `${config().publicUrl}/auth/staff-invitation?token=${token}`;
  // The email names the role; it is written before the transaction (building it reads the shop's settings).
  const named = await findRole(roleId);
  const mail = await linkMail(
    email,
    "You are invited to the back office",
    `${actor.email} invited you to the shop's back office as ${named.name} (${describePermissions(named.permissions)}). ` +
      `Choose your name and password to accept. The link works once, for ${INVITATION_TTL_HOURS} hours.`,
    "Accept the invitation",
    url,
    "If you were not expecting this, you can ignore this message.",
  );
  const { id, role, queued } = await transaction(async (tx) => {
    const role = await lockRole(tx, roleId, "share");
    checkMayGrant(await actorRole(tx, actor), role);
    const [existing] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`);
    if (existing) throw new InvitationRefused("An account with this email already exists. Invite another address.");
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)));
    const [row] = await tx
      .insert(staffInvitations)
      .values({
        email,
        role: role.id,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        expiresAt: sql`now() + ${INVITATION_TTL_HOURS} * interval '1 hour'`,
      })
      .returning({ id: staffInvitations.id });
    await recordAudit(tx, { actor, action: "invite", entity: "staff_invitation", entityId: row.id, data: { email, role: role.name } });
    return { id: row.id, role, queued: await queueMail(tx, mail) };
  });
  await deliverQueued([queued]);
  return { id, role };
}

/** A usable invitation by its token (for the acceptance page), with its role's name and what it allows, or null. */
export async function findInvitation(token: string): Promise<{ email: string; roleName: string; allows: string } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db()
    .select({ email: staffInvitations.email, roleId: staffRoles.id, roleName: staffRoles.name, permissions: staffRoles.permissions })
    .from(staffInvitations)
    .innerJoin(staffRoles, eq(staffRoles.id, staffInvitations.role))
    .where(and(eq(staffInvitations.tokenHash, hashToken(token)), usable()));
  return row ? { email: row.email, roleName: row.roleName, allows: describePermissions(permissionsOf(row.roleId, row.permissions)) } : null;
}

/**
 * Accepts an invitation: the invitation is used up (a conditional update, so two submissions of one
 * link make one account), the user is created with the invited role, a verified email and the
 * chosen password, and the acceptance is audited, all in one transaction. The new member then signs
 * in at /admin-login (where ADMIN_REQUIRE_2FA sends them to enrol a second factor).
 */
export async function acceptInvitation(input: z.infer<typeof acceptInvitationSchema>): Promise<{ email: string; role: StaffRole }> {
  const { token, name, password } = acceptInvitationSchema.parse(input);
  const hash = await (await getAuth().$context).password.hash(password);
  return transaction(async (tx) => {
    const [invitation] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(staffInvitations.tokenHash, hashToken(token)), usable()))
      .returning({ id: staffInvitations.id, email: staffInvitations.email, role: staffInvitations.role });
    if (!invitation) throw new InvitationInvalid();
    const [existing] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${invitation.email}`);
    if (existing) throw new InvitationInvalid();
    const role = await lockRole(tx, invitation.role, "share").catch((err: unknown) => {
      throw err instanceof RoleNotFound ? new InvitationInvalid() : err;
    });
    const id = crypto.randomUUID();
    await createStaffUser(tx, { id, name, email: invitation.email, role: role.id, passwordHash: hash });
    await recordAudit(tx, {
      actor: { id, email: invitation.email },
      action: "accept_invitation",
      entity: "staff",
      entityId: id,
      data: { role: role.name, invitationId: invitation.id },
    });
    return { email: invitation.email, role };
  });
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(actor: Actor, id: string): Promise<void> {
  await transaction(async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
      .returning({ email: staffInvitations.email, role: staffInvitations.role });
    if (!row) throw new InvitationNotFound();
    await recordAudit(tx, { actor, action: "revoke", entity: "staff_invitation", entityId: id, data: row });
  });
}

export type PendingInvitation = { id: string; email: string; roleName: string; expiresAt: string; invitedBy: string | null };

/** Invitations still waiting for their invitee (not accepted, revoked or expired), newest first. */
export async function listPendingInvitations(): Promise<PendingInvitation[]> {
  const rows = await db()
    .select({ id: staffInvitations.id, email: staffInvitations.email, roleName: staffRoles.name, expiresAt: staffInvitations.expiresAt, invitedBy: user.email })
    .from(staffInvitations)
    .innerJoin(staffRoles, eq(staffRoles.id, staffInvitations.role))
    .leftJoin(user, eq(user.id, staffInvitations.invitedBy))
    .where(usable())
    .orderBy(sql`${staffInvitations.createdAt} desc`);
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }));
}
