import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, PERMISSIONS, PRESET_ROLES, allows, mayGrant, staffHome } from "../../core/staff-roles";
import { orderActionPermission, statusChangePermission } from "../../core/order-workspace";

describe("permissions (core/staff-roles.ts, ADR 021)", () => {
  it("every order page intent that moves money back needs Refund orders; shipping needs Fulfil orders", () => {
    const needs = (intent: string, step?: string) => orderActionPermission({ intent, step });
    expect({
      note: needs("note"),
      resend: needs("resend"),
      fulfil: needs("fulfil"),
      address: needs("address"),
      approve: needs("return", "approve"),
      decline: needs("return", "decline"),
      receive: needs("return", "receive"),
      returnRefund: needs("return", "refund"),
      refund: needs("refund"),
      cancel: needs("cancel"),
      unknown: needs("route-matrix-probe"),
    }).toEqual({
      note: "orders:view",
      resend: "orders:view",
      fulfil: "orders:fulfil",
      address: "orders:fulfil",
      approve: "orders:fulfil",
      decline: "orders:fulfil",
      receive: "orders:fulfil",
      returnRefund: "orders:refund",
      refund: "orders:refund",
      cancel: "orders:refund",
      unknown: null,
    });
    expect([statusChangePermission("processing"), statusChangePermission("completed"), statusChangePermission("cancelled")]).toEqual(["orders:fulfil", "orders:fulfil", "orders:refund"]);
  });

  it("a member lands on the first section they may open; a list of permissions means any of them", () => {
    expect(staffHome(PRESET_ROLES.owner.permissions)).toBe("/admin/dashboard");
    expect(staffHome(PRESET_ROLES.writer.permissions)).toBe("/admin/posts");
    expect(staffHome(["inventory"])).toBe("/admin/inventory");
    expect(staffHome([])).toBe("/admin/profile");
    expect(allows(["content"], ["content", "products"])).toBe(true);
    expect(allows(["orders:view"], "orders:refund")).toBe(false);
    expect(allows([], "any")).toBe(true);
    // Every permission opens at least one section or action of the menu's, except the order intents'.
    const opened = new Set(ADMIN_SECTIONS.map((s) => s.needs));
    expect(PERMISSIONS.filter((p) => !opened.has(p))).toEqual(["orders:fulfil", "orders:refund"]);
  });

  it("nobody gives a role beyond their own permissions, and only an owner gives Owner", () => {
    const owner = { id: "owner", permissions: [...PERMISSIONS] };
    const manager = { id: "manager", permissions: [...PERMISSIONS] };
    const clerk = { id: "clerk", permissions: ["orders:view" as const, "staff" as const] };
    expect(mayGrant(owner, { id: "owner", permissions: [...PERMISSIONS] })).toBe(true);
    expect(mayGrant(manager, { id: "owner", permissions: [...PERMISSIONS] })).toBe(false);
    expect(mayGrant(manager, { id: "staff", permissions: [...PRESET_ROLES.staff.permissions] })).toBe(true);
    expect(mayGrant(clerk, { id: "staff", permissions: [...PRESET_ROLES.staff.permissions] })).toBe(false);
    expect(mayGrant(clerk, { id: "viewer", permissions: ["orders:view"] })).toBe(true);
  });
});
