import { useRef, useState } from "react";
import { Form, Link, data, redirect, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { inviteSchema, inviteStaff, listPendingInvitations, revokeInvitation } from "@server/staff";
import { changeStaffRole, deactivateStaff, listRoles, listStaff, reactivateStaff, type RoleSummary, type StaffMember } from "@server/staff";
import { transferOwnership } from "@server/staff";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Button } from "~/components/ui/button";
import { FieldErrorsContext, PasswordField, SelectField, TextField } from "~/components/ui/field";
import { FormError, FormSuccess } from "~/components/ui/form";
import { adminMeta } from "~/lib/admin";
import { useAdminDate } from "~/lib/use-admin-date";
import { INVITATION_TTL_HOURS, describePermissions, mayGrant } from "@core/staff-roles";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

/**
 * Staff accounts (the Staff permission): invite by email, change role, deactivate, reactivate; every
 * action audited. The role menus offer the roles this member may give (mayGrant; the server checks
 * again), and only an owner sees the ownership transfer.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireAdmin(request, "staff");
  const [members, invitations, roles] = await Promise.all([listStaff(), listPendingInvitations(), listRoles()]);
  const mine = { id: me.role, permissions: me.permissions };
  return data({
    members,
    invitations,
    roles: roles.map((r) => ({ id: r.id, name: r.name, permissions: r.permissions, grantable: mayGrant(mine, r) })),
    selfId: me.id,
    owner: me.role === "owner",
  });
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), ...inviteSchema.shape }),
  z.object({ intent: z.literal("role"), id: z.string().min(1).max(100), role: inviteSchema.shape.role }),
  z.object({ intent: z.enum(["deactivate", "reactivate"]), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("revoke"), id: z.uuid("Unknown invitation") }),
  z.object({
    intent: z.literal("transfer"),
    id: z.string({ message: "Choose who takes over." }).min(1, "Choose who takes over.").max(100),
    password: z.string({ message: "Enter your password to confirm." }).min(1, "Enter your password to confirm.").max(200),
  }),
], { error: () => "Unknown action" });

type ActionResult = { ok: boolean; message: string; fieldErrors: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const owner = await requireAdmin(request, "staff");
  const answer = (status: number, ok: boolean, message: string, fieldErrors: Record<string, string> = {}) =>
    data<ActionResult>({ ok, message, fieldErrors }, { status });
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return invalidForm(parsed.error);
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "invite":
        await inviteStaff(owner, input);
        return answer(200, true, `Invitation sent to ${input.email}. The link works for ${INVITATION_TTL_HOURS} hours.`);
      case "role": {
        const role = await changeStaffRole(owner, input.id, input.role);
        return answer(200, true, `Role changed to ${role.name}.`);
      }
      case "deactivate":
        await deactivateStaff(owner, input.id);
        return answer(200, true, "Account deactivated. Their sessions have ended.");
      case "reactivate":
        await reactivateStaff(owner, input.id);
        return answer(200, true, "Account reactivated. They can sign in again.");
      case "revoke":
        await revokeInvitation(owner, input.id);
        return answer(200, true, "Invitation revoked.");
      case "transfer": {
        // The former owner is staff from here on: this page is no longer theirs.
        await transferOwnership(owner, input.id, input.password);
        return redirect("/admin/dashboard", 303);
      }
    }
  } catch (err) {
    return domainErrorResponse(err, (e): ActionResult => ({ ok: false, message: e.publicMessage, fieldErrors: e.fieldErrors }));
  }
}

type RoleOption = Pick<RoleSummary, "id" | "name" | "permissions"> & { grantable: boolean };

const roleOptions = (roles: RoleOption[]) => roles.filter((r) => r.grantable).map((r) => ({ value: r.id, label: r.name }));

function InviteForm({ roles, fieldErrors, busy }: { roles: RoleOption[]; fieldErrors: Record<string, string>; busy: boolean }) {
  const options = roleOptions(roles);
  return (
    <section aria-labelledby="invite-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite a member of staff
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        They get an email with a link to choose their name and password. The link works once, for {INVITATION_TTL_HOURS} hours.
      </p>
      <FieldErrorsContext.Provider value={fieldErrors}>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <input type="hidden" name="intent" value="invite" />
          <TextField label="Email" name="email" type="email" autoComplete="off" required maxLength={254} />
          <SelectField label="Role" name="role" defaultValue={options.some((o) => o.value === "staff") ? "staff" : options[0]?.value} options={options} />
          <Button type="submit" size="small" disabled={busy} className="sm:mt-6">
            Send invitation
          </Button>
        </Form>
      </FieldErrorsContext.Provider>
      <dl className="mt-4 grid gap-1 text-sm text-gray-700">
        {roles.map((r) => (
          <div key={r.id} className="flex gap-2">
            <dt className="shrink-0 font-semibold">{r.name}:</dt>
            <dd>{describePermissions(r.permissions)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Deactivate asks first (it ends their sessions at once); without JavaScript the form posts directly. */
function ActiveToggle({ member, busy }: { member: StaffMember; busy: boolean }) {
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const [asking, setAsking] = useState(false);
  const intent = member.active ? "deactivate" : "reactivate";
  return (
    <Form
      method="post"
      ref={form}
      onSubmit={(e) => {
        if (member.active && !asking) {
          e.preventDefault();
          setAsking(true);
        }
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={member.id} />
      <Button type="submit" size="small" variant={member.active ? "danger" : "secondary"} disabled={busy} aria-label={`${member.active ? "Deactivate" : "Reactivate"} ${member.email}`}>
        {member.active ? "Deactivate" : "Reactivate"}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Deactivate ${member.email}?`}
        description="They are signed out everywhere at once and can no longer sign in. You can reactivate the account later."
        confirmLabel="Deactivate account"
        cancelLabel="Keep account"
        destructive
        onConfirm={() => {
          setAsking(false);
          void submit(form.current);
        }}
      />
    </Form>
  );
}

function MemberRow({ member, self, roles, busy }: { member: StaffMember; self: boolean; roles: RoleOption[]; busy: boolean }) {
  const options = roleOptions(roles);
  const manageable = options.some((o) => o.value === member.role);
  const date = useAdminDate();
  return (
    <li className="grid gap-3 p-4 md:grid-cols-[1fr_auto] md:items-center">
      <div className="min-w-0">
        <p className="font-semibold">
          {member.name} {self ? <span className="text-sm font-normal text-gray-600">(you)</span> : null}
        </p>
        <p className="break-all text-sm text-gray-700">{member.email}</p>
        <p className="mt-1 text-xs text-gray-600">
          {member.active ? "Active" : "Deactivated"} · two-factor {member.twoFactorEnabled ? "on" : "off"} · since {date(member.createdAt, false)}
        </p>
      </div>
      {self || !manageable ? (
        <p className="text-sm font-medium text-gray-800">{member.roleName}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="id" value={member.id} />
            <SelectField label={`Role of ${member.email}`} srOnlyLabel name="role" id={`role-${member.id}`} defaultValue={member.role} options={options} />
            <Button type="submit" size="small" variant="secondary" disabled={busy} aria-label={`Change role of ${member.email}`}>
              Change role
            </Button>
          </Form>
          <ActiveToggle member={member} busy={busy} />
        </div>
      )}
    </li>
  );
}

/** Hands the shop to another active member; the owner becomes staff. Confirmed by password. */
function TransferOwnership({ members, selfId, fieldErrors, busy }: { members: StaffMember[]; selfId: string; fieldErrors: Record<string, string>; busy: boolean }) {
  const candidates = members.filter((m) => m.active && m.id !== selfId);
  return (
    <section aria-labelledby="transfer-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="transfer-heading" className="text-lg font-semibold">
        Transfer ownership
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        The member you choose becomes an owner and you become staff. The shop always keeps an active owner: the last one cannot be
        removed, deactivated or deleted.
      </p>
      {candidates.length === 0 ? (
        <p className="mt-3 text-sm text-gray-700">Invite a member of staff first: ownership goes to an active member.</p>
      ) : (
        <FieldErrorsContext.Provider value={fieldErrors}>
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <input type="hidden" name="intent" value="transfer" />
            <SelectField label="New owner" name="id" id="transfer-to" options={candidates.map((m) => ({ value: m.id, label: m.email }))} />
            <PasswordField label="Your password" name="password" autoComplete="current-password" required />
            <Button type="submit" size="small" variant="danger" disabled={busy} className="sm:mt-6">
              Transfer ownership
            </Button>
          </Form>
        </FieldErrorsContext.Provider>
      )}
    </section>
  );
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, roles, selfId, owner } = loaderData;
  const busy = useNavigation().state !== "idle";
  const date = useAdminDate();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="space-y-2" aria-live="polite">
        {actionData?.ok ? <FormSuccess message={actionData.message} /> : <FormError message={actionData?.message} />}
      </div>
      <p className="text-sm text-gray-700">
        What each role may do is set on the{" "}
        <Link to="/admin/staff/roles" className="font-medium text-brand-700 underline">
          Roles
        </Link>{" "}
        page.
      </p>
      <InviteForm roles={roles} fieldErrors={actionData?.ok ? {} : (actionData?.fieldErrors ?? {})} busy={busy} />

      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-lg font-semibold">
          Staff accounts
        </h2>
        <ul className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white shadow-sm">
          {members.map((m) => (
            <MemberRow key={m.id} member={m} self={m.id === selfId} roles={roles} busy={busy} />
          ))}
        </ul>
      </section>

      {owner ? <TransferOwnership members={members} selfId={selfId} fieldErrors={actionData?.ok ? {} : (actionData?.fieldErrors ?? {})} busy={busy} /> : null}

      <section aria-labelledby="invitations-heading">
        <h2 id="invitations-heading" className="text-lg font-semibold">
          Pending invitations
        </h2>
        {invitations.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No pending invitations.</p>
        ) : (
          <ul className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white shadow-sm">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="min-w-0">
                  <p className="break-all font-semibold">{i.email}</p>
                  <p className="text-xs text-gray-600">
                    {i.roleName} · expires {date(i.expiresAt, true)}
                    {i.invitedBy ? ` · invited by ${i.invitedBy}` : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="id" value={i.id} />
                  <Button type="submit" size="small" variant="secondary" disabled={busy} aria-label={`Revoke the invitation of ${i.email}`}>
                    Revoke
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
