import { redirect } from "../http/responses";
import { config } from "../config";
import { adminHeaders } from "@server/http/admin-headers";
import { passwordChangeRequired } from "./demo-password";
import { getSessionUser, type SessionUser } from "./session";
import { canOpen, isStaffRole, ROLE_LABELS, type AdminArea, type StaffRole } from "@core/staff-roles";

export type { SessionUser };
export type { AdminArea };

/** A signed-in member of staff, as requireAdmin returns them. */
export type StaffUser = SessionUser & { role: StaffRole };

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

/** Areas whose powers (refunds, under orders; the shop's settings) a password alone must not open. */
const SECOND_FACTOR_AREAS: readonly AdminArea[] = ["orders", "settings"];

/**
 * Whether a staff role must have TOTP turned on before the back office opens: every role with
 * ADMIN_REQUIRE_2FA=true; otherwise, in deployed mode (PostgreSQL), the roles that can refund or
 * change settings. On the embedded database it stays optional.
 */
export function twoFactorRequired(role: StaffRole): boolean {
  const c = config();
  return c.ADMIN_REQUIRE_2FA || (!c.embedded && canOpen(role, SECOND_FACTOR_AREAS));
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
 * The signed-in member of staff allowed into `area`, for every admin loader, action and API (name
 * the area of the page; a list means any of them; "any" only for the back office's frame).
 * Anonymous: redirect to /admin-login. Signed-in customer: 403. A role that does not open the area
 * (a writer on /admin/orders): 403 saying so. A member still on the published demo password (the
 * embedded database in development) or on the one generated at first start (`npm start`) is sent
 * to choose a new one first. A member whose role requires two-factor authentication (twoFactorRequired)
 * and who has not turned it on is sent to /admin/profile to enrol, from every admin URL but that one.
 */
export async function requireAdmin(request: Request, area: AdminArea | readonly AdminArea[] | "any"): Promise<StaffUser> {
  const user = await getSessionUser(request);
  if (!user) {
    throw redirect(`/admin-login?redirectTo=${encodeURIComponent(pathOf(request))}`, { status: 303, headers: adminHeaders });
  }
  if (!isStaffRole(user.role)) {
    throw new Response("Forbidden", { status: 403, headers: { ...adminHeaders, "Content-Type": "text/plain" } });
  }
  const staff = { ...user, role: user.role };
  const required = await passwordChangeRequired(user.id);
  if (required) {
    throw redirect(`/account/password?required=${required}`, { status: 303, headers: adminHeaders });
  }
  if (!user.twoFactorEnabled && twoFactorRequired(staff.role) && !isEnrolmentPage(request)) {
    throw redirect(ADMIN_PROFILE_PATH, { status: 303, headers: adminHeaders });
  }
  if (!canOpen(staff.role, area)) {
    throw Response.json(
      { ok: false, message: `The ${ROLE_LABELS[staff.role]} role does not give access to this part of the back office.` },
      { status: 403, headers: adminHeaders },
    );
  }
  return staff;
}
