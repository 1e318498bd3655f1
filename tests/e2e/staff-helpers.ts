import { ADMIN, expect } from "./fixtures";
import { linkIn, waitForMail } from "./mailbox";

/** Staff accounts for tests that need a role other than the owner, made the way the shop makes them. */

/** A preset role's id, or the id of a role made with createRole. */
export type StaffRoleName = "owner" | "staff" | "writer" | (string & {});

/** The Cookie header a browser would send back after this answer. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const formHeaders = (baseURL: string, ip: string, cookie?: string) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: baseURL,
  "Sec-Fetch-Site": "same-origin",
  "X-Forwarded-For": ip,
  ...(cookie ? { cookie } : {}),
});

/** Signs in at /admin-login over HTTP and returns the session's Cookie header. */
export async function adminSessionCookie(baseURL: string, ip: string, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const res = await fetch(new URL("/admin-login", baseURL), {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(baseURL, ip),
    body: new URLSearchParams({ username: email, password }).toString(),
  });
  expect(res.status, `admin sign-in of ${email}`).toBe(303);
  return cookieFrom(res);
}

/** The invitation link the owner's invitation email carries. */
export async function invitationLink(baseURL: string, email: string): Promise<string> {
  return linkIn(await waitForMail(email, "You are invited to the back office"), `${baseURL}/auth/staff-invitation?token=`);
}

/**
 * The owner creates a role on the Roles screen (POST /admin/staff/roles) and answers its id, read from
 * the Staff page's role menu (the form answers with a message, not the id).
 */
export async function createRole(baseURL: string, ip: string, name: string, permissions: string[]): Promise<string> {
  const owner = await adminSessionCookie(baseURL, ip);
  const body = new URLSearchParams([["intent", "create"], ["name", name], ...permissions.map((p) => ["permissions", p])]);
  const created = await fetch(new URL("/admin/staff/roles", baseURL), { method: "POST", headers: formHeaders(baseURL, ip, owner), body: body.toString() });
  expect(created.status, `role ${name}`).toBe(200);
  const page = await (await fetch(new URL("/admin/staff", baseURL), { headers: formHeaders(baseURL, ip, owner) })).text();
  const id = [...page.matchAll(/<option value="([^"]+)"[^>]*>([^<]+)<\/option>/g)].find((m) => m[2] === name)?.[1];
  expect(id, `id of role ${name}`).toBeTruthy();
  return id!;
}

/** The owner invites `email` as `role` (POST /admin/staff); the invitee accepts with `password` from the emailed link. */
export async function createStaffMember(baseURL: string, ip: string, role: StaffRoleName, email: string, password: string): Promise<void> {
  const owner = await adminSessionCookie(baseURL, ip);
  const invited = await fetch(new URL("/admin/staff", baseURL), {
    method: "POST",
    headers: formHeaders(baseURL, ip, owner),
    body: new URLSearchParams({ intent: "invite", email, role }).toString(),
  });
  expect(invited.status, "invitation").toBe(200);
  const link = new URL(await invitationLink(baseURL, email));
  const accepted = await fetch(new URL(link.pathname + link.search, baseURL), {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(baseURL, ip),
    body: new URLSearchParams({ token: link.searchParams.get("token")!, name: `${role} member`, password }).toString(),
  });
  expect(accepted.status, "acceptance").toBe(303);
}
