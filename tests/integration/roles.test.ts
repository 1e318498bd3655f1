import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "../../server/auth/admins";
import { signInAdmin } from "../../server/auth/sign-in";
import { db } from "../../server/db/client";
import { auditLog, orderItems, orderRefunds, orders, returnRequests, staffInvitations, staffRoles, user } from "../../server/db/schema";
import { fulfilOrder } from "../../server/orders/fulfil";
import { advanceReturn, requestReturn } from "../../server/orders/returns";
import { changeStaffRole, deactivateStaff } from "../../server/staff/members";
import { inviteStaff } from "../../server/staff/invitations";
import { createRole, deleteRole, listRoles, updateRole } from "../../server/staff/roles";
import { PERMISSIONS, PRESET_ROLES, roleInputSchema } from "../../core/staff-roles";
import { action as orderAction } from "../../app/routes/admin/order-detail";
import { action as ordersAction } from "../../app/routes/admin/orders";
import { action as rolesAction } from "../../app/routes/admin/staff-roles";
import { cookieHeaderFrom, markTwoFactorEnrolled, shopRequest } from "./auth-helpers";
import { answer } from "./route-calls";
import { paidOrderOf, useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

/** A member of staff with the role `roleId`, signed in at /admin-login: their actor and session cookie. */
async function member(email: string, roleId: string, ip: string) {
  const { id } = await createAdmin({ email, password: "member-password-1" });
  await db().update(user).set({ role: roleId }).where(eq(user.id, id));
  const result = await signInAdmin(shopRequest("/admin-login", { method: "POST", ip }), { email, password: "member-password-1" });
  if (result.kind !== "signed-in") throw new Error(`sign-in of ${email}: ${result.kind}`);
  // Deployed mode (the PostgreSQL run) asks refunders, owners and staff managers for a second factor first.
  await markTwoFactorEnrolled(email);
  return { actor: { id, email }, cookie: cookieHeaderFrom(result.cookies) };
}

/** A form post to an admin route with a session, as the browser sends it. */
function adminPost(path: string, cookie: string, fields: Record<string, string>) {
  const base = shopRequest(path, { method: "POST", cookie });
  const headers = new Headers(base.headers);
  headers.set("content-type", "application/x-www-form-urlencoded");
  return new Request(base.url, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

type RouteAction = (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;

/** The status a route action answered with, thrown (a guard's 403) or returned. */
async function statusOf(fn: unknown, request: Request, params: Record<string, string> = {}): Promise<{ status: number; body?: unknown }> {
  try {
    const a = answer(await (fn as RouteAction)({ request, params, context: {} }));
    return { status: a.status, body: a.body };
  } catch (e) {
    if (e instanceof Response) return { status: e.status, body: await e.json().catch(() => undefined) };
    throw e;
  }
}

describe("roles as permission sets (issue 30)", () => {
  useTestDatabase();
  useCatalogue();
  let boss: { actor: { id: string; email: string }; cookie: string };

  beforeAll(async () => {
    boss = await member("owner@roles.example", "owner", "192.0.2.101");
  });

  it("the migration seeds the three presets exactly as core/staff-roles.ts describes them", async () => {
    const rows = await db().select().from(staffRoles);
    const presets = Object.fromEntries(rows.filter((r) => r.id in PRESET_ROLES).map((r) => [r.id, { name: r.name, permissions: r.permissions }]));
    expect(presets).toEqual({
      owner: { name: "Owner", permissions: [...PERMISSIONS] },
      staff: { name: "Staff", permissions: [...PRESET_ROLES.staff.permissions] },
      writer: { name: "Writer", permissions: ["content"] },
    });
  });

  it("a role with Fulfil but not Refund is refused (403) on every refund path and can fulfil", async () => {
    const { id: fulfilment } = await createRole(boss.actor, { name: "Fulfilment", permissions: ["orders:view", "orders:fulfil"] });
    const packer = await member("packer@roles.example", fulfilment, "192.0.2.102");

    // An order with a received return (the return's refund step), and one to cancel and to refund.
    const returned = await paidOrderOf(301, [{ colour: "Purple", quantity: 1 }]);
    const [customer] = await db().insert(user).values({ id: "roles-customer", name: "Rae", email: "buyer301@example.com", emailVerified: true }).returning();
    await db().update(orders).set({ userId: customer.id }).where(eq(orders.id, returned.orderId));
    await fulfilOrder(returned.orderId, { carrier: "dpd", trackingNumber: "R301" }, boss.actor);
    const [returnedItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, returned.orderId));
    const returnId = await requestReturn({ userId: customer.id }, returned.orderId, { lines: [{ itemId: returnedItem.id, quantity: 1 }], reason: "Too small" });
    await advanceReturn(returnId, "approve", boss.actor);
    await advanceReturn(returnId, "receive", boss.actor);
    const open = await paidOrderOf(302, [{ colour: "White", quantity: 1 }]);
    const [openItem] = await db().select().from(orderItems).where(eq(orderItems.orderId, open.orderId));

    const asPacker = (orderId: string, fields: Record<string, string>) => statusOf(orderAction, adminPost(`/admin/orders/${orderId}`, packer.cookie, fields), { id: orderId });
    const refusals = {
      refund: await asPacker(open.orderId, { intent: "refund", [`qty[${openItem.id}]`]: "1", reason: "Damaged", key: crypto.randomUUID() }),
      returnRefund: await asPacker(returned.orderId, { intent: "return", returnId, step: "refund" }),
      cancel: await asPacker(open.orderId, { intent: "cancel" }),
      listCancel: await statusOf(ordersAction, adminPost("/admin/orders", packer.cookie, { intent: "status", id: open.orderId, status: "cancelled" })),
    };
    for (const [path, r] of Object.entries(refusals)) {
      expect(r.status, path).toBe(403);
      expect(r.body, path).toMatchObject({ message: 'Your role (Fulfilment) does not include the "Refund orders" permission this needs. Ask the shop\'s owner.' });
    }
    expect(await db().select().from(orderRefunds)).toEqual([]);
    expect((await db().select().from(orders).where(eq(orders.id, open.orderId)))[0].status).toBe("processing");
    expect((await db().select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0].status).toBe("received");

    // What the role does include: fulfilling, on the order page and in bulk.
    expect((await asPacker(open.orderId, { intent: "fulfil", carrier: "ups", trackingNumber: "1Z301" })).status).toBe(200);
    expect((await db().select().from(orders).where(eq(orders.id, open.orderId)))[0]).toMatchObject({ status: "completed", carrier: "ups" });
    const third = await paidOrderOf(303, [{ colour: "Black", quantity: 1 }]);
    const bulk = await statusOf(ordersAction, adminPost(`/admin/orders?ids=${third.orderId}`, packer.cookie, { intent: "bulk-fulfil", carrier: "dhl" }));
    expect(bulk).toMatchObject({ status: 200, body: { ok: true, fulfilled: [expect.objectContaining({ id: third.orderId })] } });

    // The same refund from the Staff preset goes through: the refusal above is the permission's, not the request's.
    const staff = await member("staff@roles.example", "staff", "192.0.2.103");
    const refunded = await statusOf(orderAction, adminPost(`/admin/orders/${returned.orderId}`, staff.cookie, { intent: "return", returnId, step: "refund" }), { id: returned.orderId });
    expect(refunded.status).toBe(200);
    expect((await db().select().from(returnRequests).where(eq(returnRequests.id, returnId)))[0].status).toBe("refunded");
  });

  it("refuses escalation: nobody grants or manages beyond their own permissions, only an owner makes an owner", async () => {
    const { id: manager } = await createRole(boss.actor, { name: "Manager", permissions: ["orders:view", "customers", "staff"] });
    const { id: clerk } = await createRole(boss.actor, { name: "Clerk", permissions: ["orders:view"] });
    const mgr = await member("manager@roles.example", manager, "192.0.2.104");
    const other = await member("other@roles.example", clerk, "192.0.2.105");
    const writer = await member("writer@roles.example", "writer", "192.0.2.106");

    // Creating or editing a role beyond one's own permissions, or raising one's own.
    expect(await thrown403(createRole(mgr.actor, { name: "Refunder", permissions: ["orders:view", "orders:refund"] }))).toMatch(/"Refund orders"/);
    expect(await thrown403(updateRole(mgr.actor, manager, { name: "Manager", permissions: ["orders:view", "customers", "staff", "settings"] }))).toMatch(/"Settings"/);
    expect(await thrown403(updateRole(mgr.actor, "staff", { name: "Staff", permissions: ["orders:view"] }))).toMatch(/edit the Staff role/);
    expect((await thrownDomain(changeStaffRole(mgr.actor, mgr.actor.id, "owner"))).status).toBe(409);
    // Giving a role beyond one's own, or the Owner role; managing a member whose role is above one's own.
    expect(await thrown403(changeStaffRole(mgr.actor, other.actor.id, "staff"))).toMatch(/give the Staff role/);
    expect(await thrown403(changeStaffRole(mgr.actor, other.actor.id, "owner"))).toMatch(/Only an owner/);
    expect(await thrown403(inviteStaff(mgr.actor, { email: "new@roles.example", role: "owner" }))).toMatch(/Only an owner/);
    expect(await thrown403(deactivateStaff(mgr.actor, writer.actor.id))).toMatch(/role is Writer/);
    expect(await thrown403(changeStaffRole(mgr.actor, boss.actor.id, clerk))).toMatch(/Only an owner/);
    // Without the Staff permission nothing of this is theirs at all.
    expect(await thrown403(createRole(other.actor, { name: "Mine", permissions: ["orders:view"] }))).toMatch(/Staff permission/);
    // What is within their rights goes through.
    await changeStaffRole(mgr.actor, other.actor.id, manager);
    await changeStaffRole(mgr.actor, other.actor.id, clerk);
    expect((await db().select({ role: user.role }).from(user).where(eq(user.id, other.actor.id)))[0].role).toBe(clerk);
    expect((await db().select({ role: user.role }).from(user).where(eq(user.id, mgr.actor.id)))[0].role).toBe(manager);
  });

  it("the Roles screen's action: 400 for a bad name or an unknown permission, 200 for a good role, 403 without the Staff permission", async () => {
    const post = (cookie: string, fields: [string, string][]) => {
      const body = new URLSearchParams(fields);
      const base = adminPost("/admin/staff/roles", cookie, {});
      return statusOf(rolesAction, new Request(base.url, { method: "POST", headers: base.headers, body: body.toString() }));
    };
    const unknown = await post(boss.cookie, [["intent", "create"], ["name", "Ops"], ["permissions", "orders:view"], ["permissions", "orders:delete"]]);
    expect(unknown).toMatchObject({ status: 400, body: { ok: false, message: "Unknown permission." } });
    expect(await post(boss.cookie, [["intent", "create"], ["name", ""], ["permissions", "content"]])).toMatchObject({ status: 400, body: { fieldErrors: { name: "Name is required." } } });
    expect(await post(boss.cookie, [["intent", "update"], ["id", "owner"], ["name", "Boss"], ["permissions", "content"]])).toMatchObject({ status: 409 });
    expect(await post(boss.cookie, [["intent", "create"], ["name", "Packers"], ["permissions", "orders:view"], ["permissions", "orders:fulfil"]])).toMatchObject({ status: 200, body: { ok: true } });
    expect((await listRoles()).find((r) => r.name === "Packers")?.permissions).toEqual(["orders:view", "orders:fulfil"]);
    const staff = await member("staff-roles-screen@roles.example", "staff", "192.0.2.108");
    expect((await post(staff.cookie, [["intent", "create"], ["name", "Mine"], ["permissions", "orders:view"]])).status).toBe(403);
  });

  it("validates roles (names, unknown permissions), keeps names unique, protects Owner and the presets, refuses deleting a role in use; audits each change", async () => {
    const bad = (input: unknown) => roleInputSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(bad({ name: " ", permissions: ["content"] })).toEqual(["Name is required."]);
    expect(bad({ name: "x".repeat(41), permissions: ["content"] })).toEqual(["A role name has at most 40 characters."]);
    expect(bad({ name: "Ops", permissions: ["orders:delete"] })).toEqual(["Unknown permission."]);
    expect(bad({ name: "Ops", permissions: [] })).toEqual(["Tick at least one permission."]);
    expect(bad({ name: "Ops", permissions: ["orders:refund"] })).toEqual(["Fulfil orders and Refund orders need View orders too."]);
    expect(roleInputSchema.parse({ name: "  Ops ", permissions: ["content", "orders:view", "content"] })).toEqual({ name: "Ops", permissions: ["orders:view", "content"] });

    const { id } = await createRole(boss.actor, { name: "Editors", permissions: ["content"] });
    expect(await thrownDomain(createRole(boss.actor, { name: "EDITORS", permissions: ["content"] }))).toMatchObject({ status: 409, fieldErrors: { name: "A role with this name already exists." } });
    await updateRole(boss.actor, id, { name: "Editors and reviewers", permissions: ["content", "reviews"] });
    expect(await thrownDomain(updateRole(boss.actor, "owner", { name: "Owner", permissions: ["content"] }))).toMatchObject({ status: 409 });
    expect(await thrownDomain(deleteRole(boss.actor, "writer"))).toMatchObject({ status: 409 });
    expect(await thrownDomain(deleteRole(boss.actor, "no-such-role"))).toMatchObject({ status: 404 });

    const editor = await member("editor@roles.example", id, "192.0.2.107");
    await inviteStaff(boss.actor, { email: "invitee@roles.example", role: id });
    expect(await thrownDomain(deleteRole(boss.actor, id))).toMatchObject({
      status: 409,
      publicMessage: "The Editors and reviewers role is in use (1 member of staff and 1 pending invitation). Give them another role first.",
    });
    await changeStaffRole(boss.actor, editor.actor.id, "writer");
    await db().update(staffInvitations).set({ revokedAt: new Date() }).where(eq(staffInvitations.role, id));
    await deleteRole(boss.actor, id);
    expect((await listRoles()).map((r) => r.id)).not.toContain(id);

    const entries = await db().select({ action: auditLog.action, data: auditLog.data }).from(auditLog).where(and(eq(auditLog.entity, "staff_role"), eq(auditLog.entityId, id)));
    expect(entries.map((e) => e.action).sort()).toEqual(["role_create", "role_delete", "role_update"]);
    expect(entries.find((e) => e.action === "role_update")?.data).toEqual({ from: "Editors", to: "Editors and reviewers", added: ["reviews"], removed: [] });
  });
});

async function thrownDomain(p: Promise<unknown>): Promise<{ status: number; publicMessage: string; fieldErrors: Record<string, string> }> {
  try {
    await p;
  } catch (e) {
    return e as { status: number; publicMessage: string; fieldErrors: Record<string, string> };
  }
  throw new Error("expected a refusal");
}

/** The refusal's message, after checking it is a 403. */
async function thrown403(p: Promise<unknown>): Promise<string> {
  const e = await thrownDomain(p);
  expect(e.status, e.publicMessage).toBe(403);
  return e.publicMessage;
}
