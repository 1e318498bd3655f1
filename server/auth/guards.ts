import { redirect } from "../http/responses";
import { config } from "../config";
import { adminHeaders } from "@server/http/admin-headers";
import { passwordChangeRequired } from "./demo-password";
import { getSessionUser, type SessionUser } from "./session";
import { allows, PERMISSION_INFO, type Permission } from "@core/staff-roles";

export type { SessionUser };

/** A signed-in member of staff, as requireAdmin returns them. */
export type StaffUser = SessionUser & { roleName: string };

export { adminHeaders } from "@server/http/admin-headers";
export { safeRedirectPath } from "../http/redirect";

/** Where a request was going, as a same-site path for ?redirectTo= (no `.data` or `_routes`). */
function pathOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const path = url.pathname.replace(/\.data$/, "") || "/";
  return `${path}${url.search}`;
}

/** The back-office page where staff enrol TOTP and see whether their role requires it. */
export const ADMIN_PROFILE_PATH = "/admin/profile";

/** Powers a password alone must not open: refunds, the shop's settings, and staff accounts (which give out the others). */
const SECOND_FACTOR_PERMISSIONS: readonly Permission[] = ["orders:refund", "settings", "staff"];

/**
 * Whether a member of staff must have TOTP turned on before the back office opens: every member
 * with ADMIN_REQUIRE_2FA=true; otherwise, in deployed mode (PostgreSQL), a member whose role can
 * refund, change settings or manage staff. On the embedded database it stays optional.
 */
export function twoFactorRequired(permissions: readonly Permission[]): boolean {
  const c = config();
  return c.ADMIN_REQUIRE_2FA || (!c.embedded && allows(permissions, SECOND_FACTOR_PERMISSIONS));
}

/** The refusal's words: which permission the request needed, and the role that lacks it. */
function refusalMessage(roleName: string, needs: Permission | readonly Permission[]): string {
  const names = (typeof needs === "string" ? [needs] : needs).map((p) => `"${PERMISSION_INFO[p].label}"`).join(" or ");
  return `Your role (${roleName}) does not include the ${names} permission this needs. Ask the shop's owner.`;
}

/**
 * The enrolment page and the admin frame around it (whose loader runs on the same URL) stay open to
 * a member who must still enrol: redirecting them there too would loop.
 */
function isEnrolmentPage(request: Request): boolean {
  return pathOf(request).split("?")[0] === ADMIN_PROFILE_PATH;
}

/** The signed-in user; a signed-out visitor is sent to /auth and brought back after signing in. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/auth?redirectTo=${encodeURIComponent(pathOf(request))}`, 303);
  return user;
}

/**
 * The signed-in member of staff holding the permission `needs`, for every admin loader, action and
 * API (name the permission of what the request does; a list means any of them; "any" only for the
 * back office's frame and each member's own profile). Anonymous: redirect to /admin-login. Signed-in
 * customer: 403. A role without the permission (a writer on /admin/orders): 403 naming it. A member still on the published demo password (the
 * embedded database in development) or on the one generated at first start (`npm start`) is sent
 * to choose a new one first. A member whose role requires two-factor authentication (twoFactorRequired)
 * and who has not turned it on is sent to /admin/profile to enrol, from every admin URL but that one.
 */
export async function requireAdmin(request: Request, needs: Permission | readonly Permission[] | "any"): Promise<StaffUser> {
  const user = await getSessionUser(request);
  if (!user) {
    throw redirect(`/admin-login?redirectTo=${encodeURIComponent(pathOf(request))}`, { status: 303, headers: adminHeaders });
  }
  if (user.roleName === null) {
    throw new Response("Forbidden", { status: 403, headers: { ...adminHeaders, "Content-Type": "text/plain" } });
  }
  const staff = { ...user, roleName: user.roleName };
  const required = await passwordChangeRequired(user.id);
  if (required) {
    throw redirect(`/account/password?required=${required}`, { status: 303, headers: adminHeaders });
  }
  if (!user.twoFactorEnabled && twoFactorRequired(staff.permissions) && !isEnrolmentPage(request)) {
    throw redirect(ADMIN_PROFILE_PATH, { status: 303, headers: adminHeaders });
  }
  requirePermission(staff, needs);
  return staff;
}

/**
 * For an action whose intents need different permissions (the order page: a note, a fulfilment, a
 * refund): after requireAdmin let the member in, refuses with the same 403 unless they hold `needs`.
 */
export function requirePermission(staff: StaffUser, needs: Permission | readonly Permission[] | "any"): void {
  if (needs !== "any" && !allows(staff.permissions, needs)) {
    throw Response.json({ ok: false, message: refusalMessage(staff.roleName, needs) }, { status: 403, headers: adminHeaders });
  }
}
