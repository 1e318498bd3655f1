import { data, Form, Link, redirect, useNavigation } from "react-router";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { acceptInvitation, acceptInvitationSchema, findInvitation } from "@server/staff";
import { AuthCard } from "~/components/account/auth-card";
import { Button } from "~/components/ui/button";
import { PasswordField, TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form";
import { formFields, formMessage } from "@core/form";
import { seo } from "~/lib/seo";
import { INVITATION_INVALID } from "@core/staff-roles";
import type { Route } from "./+types/auth-staff-invitation";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Join the back office", description: "Accept an invitation to the shop's back office.", path: "/auth/staff-invitation", noindex: true });

/** The link of an invitation email: who is invited, as what, and the form to choose a name and password. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await findInvitation(token);
  return data({ token, invitation }, { status: invitation ? 200 : 404, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = acceptInvitationSchema.safeParse(formFields(await readForm(request), ["token", "name", "password"]));
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await acceptInvitation(parsed.data);
  } catch (err) {
    return domainErrorResponse(err);
  }
  return redirect("/admin-login?notice=invited", 303);
}

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invitation } = loaderData;
  const pending = useNavigation().state === "submitting";
  if (!invitation) {
    return (
      <AuthCard title="Join the back office">
        <FormError message={INVITATION_INVALID}>
          <Link to="/" className="mt-1 inline-block font-semibold underline">
            Go to the shop
          </Link>
        </FormError>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Join the back office"
      intro={`You are invited as ${invitation.roleName}: ${invitation.allows}.`}
    >
      <FormError message={formMessage(actionData, ["token"])} />
      <Form method="post" className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <TextField label="Email" name="email" type="email" value={invitation.email} readOnly autoComplete="username" />
        <TextField label="Your name" name="name" autoComplete="name" required maxLength={100} error={actionData?.fieldErrors.name} />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          minLength={10}
          hint="At least 10 characters."
          error={actionData?.fieldErrors.password}
        />
        <Button type="submit" disabled={pending} className="w-full">{pending ? "Creating your account..." : "Accept and create account"}</Button>
      </Form>
    </AuthCard>
  );
}
