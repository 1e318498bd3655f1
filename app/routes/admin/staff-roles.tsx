import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { createRole, deleteRole, listRoles, updateRole, type RoleSummary } from "@server/staff";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { useConfirmedSubmit } from "~/components/admin/order-workspace/use-confirmed-submit";
import { Button } from "~/components/ui/button";
import { ChoiceGroup, FieldErrorsContext, TextField } from "~/components/ui/field";
import { FormError, FormSuccess } from "~/components/ui/form";
import { adminMeta } from "~/lib/admin";
import { OWNER_ROLE, PERMISSIONS, PERMISSION_INFO, ROLE_NAME_MAX, roleInputSchema } from "@core/staff-roles";
import type { Route } from "./+types/staff-roles";

export const meta: Route.MetaFunction = () => adminMeta("Roles");

/**
 * Roles (the Staff permission): each role is a name and a set of permissions. The owner (or a role
 * with the Staff permission, within its own permissions: server/staff/roles.ts) creates, edits and
 * deletes roles; Owner is fixed, the presets stay, a role in use is not deleted. Every change audited.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "staff");
  return data({ roles: await listRoles() });
}

const idSchema = z.string().min(1, "Unknown role").max(100, "Unknown role");

type ActionResult = { ok: boolean; message: string; fieldErrors: Record<string, string>; form?: string };

export async function action({ request }: Route.ActionArgs) {
  const me = await requireAdmin(request, "staff");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = idSchema.safeParse(form.get("id") ?? undefined);
  const answer = (status: number, ok: boolean, message: string, fieldErrors: Record<string, string> = {}) =>
    data<ActionResult>({ ok, message, fieldErrors, form: id.success ? id.data : "new" }, { status });
  try {
    if (intent === "delete") {
      if (!id.success) return invalidForm(id.error);
      await deleteRole(me, id.data);
      return answer(200, true, "Role deleted.");
    }
    if (intent !== "create" && intent !== "update") return answer(400, false, "Unknown action");
    const parsed = roleInputSchema.safeParse({ name: form.get("name") ?? undefined, permissions: form.getAll("permissions") });
    if (!parsed.success) return invalidForm(parsed.error, { form: intent === "update" && id.success ? id.data : "new" });
    if (intent === "create") {
      await createRole(me, parsed.data);
      return answer(200, true, `Role ${parsed.data.name} created. Give it to someone on the Staff page.`);
    }
    if (!id.success) return invalidForm(id.error);
    await updateRole(me, id.data, parsed.data);
    return answer(200, true, `Role ${parsed.data.name} saved. Its members have the new permissions from their next page.`);
  } catch (err) {
    return domainErrorResponse(err, (e): ActionResult => ({ ok: false, message: e.publicMessage, fieldErrors: e.fieldErrors, form: id.success ? id.data : "new" }));
  }
}

const CHOICES = PERMISSIONS.map((p) => ({
  value: p,
  label: (
    <span>
      <span className="font-medium">{PERMISSION_INFO[p].label}</span>
      <span className="block text-xs text-gray-600">{PERMISSION_INFO[p].description}</span>
    </span>
  ),
}));

/** The name and the permissions' checkboxes, for a new role (`role` absent) or one being edited. */
function RoleForm({ role, fieldErrors, busy }: { role?: RoleSummary; fieldErrors: Record<string, string>; busy: boolean }) {
  const key = role?.id ?? "new";
  return (
    <FieldErrorsContext.Provider value={fieldErrors}>
      <Form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value={role ? "update" : "create"} />
        {role ? <input type="hidden" name="id" value={role.id} /> : null}
        <TextField label="Role name" name="name" id={`role-name-${key}`} defaultValue={role?.name} required maxLength={ROLE_NAME_MAX} autoComplete="off" className="max-w-sm" />
        <ChoiceGroup
          legend="Permissions"
          name="permissions"
          id={`role-permissions-${key}`}
          type="checkbox"
          cards
          choices={CHOICES}
          defaultValue={role?.permissions ?? []}
          hint="Fulfilling and refunding happen on the order pages: tick View orders with them."
          className="grid gap-2"
        />
        <Button type="submit" size="small" disabled={busy}>
          {role ? `Save ${role.name}` : "Create role"}
        </Button>
      </Form>
    </FieldErrorsContext.Provider>
  );
}

/** Delete asks first (without JavaScript it posts directly); a role in use is refused by the server with the count of who has it. */
function DeleteRole({ role, busy }: { role: RoleSummary; busy: boolean }) {
  const confirm = useConfirmedSubmit();
  return (
    <Form method="post" onSubmit={confirm.ask}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={role.id} />
      <Button type="submit" size="small" variant="danger" disabled={busy} aria-label={`Delete the ${role.name} role`}>
        Delete
      </Button>
      <ConfirmDialog
        open={confirm.pending !== null}
        onOpenChange={(open) => !open && confirm.close()}
        title={`Delete the ${role.name} role?`}
        description="Nobody has this role and no invitation names it. It is removed for good."
        confirmLabel="Delete role"
        cancelLabel="Keep role"
        destructive
        onConfirm={confirm.confirm}
      />
    </Form>
  );
}

function RoleCard({ role, fieldErrors, open, busy }: { role: RoleSummary; fieldErrors: Record<string, string>; open: boolean; busy: boolean }) {
  const uses = [`${role.members} ${role.members === 1 ? "member" : "members"}`, role.invitations > 0 ? `${role.invitations} pending ${role.invitations === 1 ? "invitation" : "invitations"}` : ""].filter(Boolean).join(" · ");
  const headingId = `role-${role.id}`;
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold">
            {role.name} {role.preset ? <span className="text-xs font-normal text-gray-600">(preset)</span> : null}
          </h3>
          <p className="text-xs text-gray-600">{uses}</p>
        </div>
        {role.preset || role.id === OWNER_ROLE ? null : <DeleteRole role={role} busy={busy} />}
      </div>
      <ul aria-label={`Permissions of ${role.name}`} className="mt-3 flex flex-wrap gap-1.5">
        {role.permissions.map((p) => (
          <li key={p} className="rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-800">
            {PERMISSION_INFO[p].label}
          </li>
        ))}
      </ul>
      {role.id === OWNER_ROLE ? (
        <p className="mt-3 text-sm text-gray-700">Every permission, always. The Owner role cannot be edited or deleted, and the shop keeps one active owner.</p>
      ) : (
        <details className="mt-3" open={open}>
          <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">Edit {role.name}</summary>
          <RoleForm role={role} fieldErrors={fieldErrors} busy={busy} />
        </details>
      )}
    </li>
  );
}

export default function AdminStaffRoles({ loaderData, actionData }: Route.ComponentProps) {
  const { roles } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failedForm = actionData && !actionData.ok && "form" in actionData ? actionData.form : undefined;
  const errorsFor = (key: string) => (failedForm === key ? (actionData?.fieldErrors ?? {}) : {});
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Roles</h2>
        <Link to="/admin/staff" className="text-sm font-medium text-brand-700 underline">
          Back to staff accounts
        </Link>
      </div>
      <p className="text-sm text-gray-700">
        A role is a set of permissions. Give roles to people on the Staff page; a change to a role reaches its members on their next page. You can only give
        permissions your own role has.
      </p>
      <div className="space-y-2" aria-live="polite">
        {actionData?.ok ? <FormSuccess message={actionData.message} /> : <FormError message={actionData?.message} />}
      </div>

      <ul aria-label="Roles" className="space-y-4">
        {roles.map((r) => (
          <RoleCard key={r.id} role={r} fieldErrors={errorsFor(r.id)} open={failedForm === r.id} busy={busy} />
        ))}
      </ul>

      <section aria-labelledby="new-role-heading" className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="new-role-heading" className="text-lg font-semibold">
          Create a role
        </h2>
        {/* A new form (empty again) once the role it created is listed. */}
        <RoleForm key={roles.length} fieldErrors={errorsFor("new")} busy={busy} />
      </section>
    </div>
  );
}
