import { describe, expect, it } from "vitest";
import { auditText } from "~/lib/audit-text";

describe("audit entries as text", () => {
  it("spells out every level of a stored change: from/to pairs, lists of rows and ids, nested filters", () => {
    expect(auditText({ rows: 3, changed: [{ sku: "R36S-BLK", from: 4, to: 12 }, { sku: "R36S-RED", from: 0, to: 5 }] })).toBe(
      "rows: 3; changed: R36S-BLK 4 → 12, R36S-RED 0 → 5",
    );
    expect(auditText({ status: { from: "paid", to: "fulfilled" } })).toBe("status: paid → fulfilled");
    expect(auditText({ ids: ["a1", "b2"], skipped: [] })).toBe("ids: a1, b2; skipped: none");
    expect(auditText({ filter: { status: "paid", q: "", range: { from: null, to: "2026-11-28" } } })).toBe(
      "filter: (status paid, q none, range none → 2026-11-28)",
    );
    expect(auditText({ fields: ["title", "price"], published: true })).toBe("fields: title, price; published: true");
  });

  it("no entry reads [object Object], however deep", () => {
    const deep = { a: [{ b: [{ c: { d: [1, { e: 2 }] } }] }] };
    expect(auditText(deep)).not.toContain("[object");
    expect(auditText(deep)).toBe("a: (b (c (d 1, (e 2))))");
  });

  it("empty and non-object data", () => {
    expect(auditText(null)).toBe("");
    expect(auditText(undefined)).toBe("");
    expect(auditText("text")).toBe("text");
  });
});
