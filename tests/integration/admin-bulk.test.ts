import { and, eq, inArray, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { auditLog, orderEvents, orderRefunds, orders, outboxMail, productVariants, products, stockLedger, user } from "../../server/db/schema";
import { changeOrderStatus } from "../../server/orders/admin";
import { bulkFulfil, packingSlipOrders } from "../../server/orders/bulk";
import { fulfilOrder } from "../../server/orders/fulfil";
import { orderSelectionFilter } from "../../server/orders/list-page";
import { bulkProducts } from "../../server/catalog/bulk";
import { bulkSelectionOf, bulkSelectionQuery } from "../../core/bulk-selection";
import { checkoutOf, paidOrderOf, useCatalogue } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

const admin = { id: "bulk-admin", email: "bulk@pocketretro.example" };

const selection = (query: string) => {
  const read = orderSelectionFilter(new URLSearchParams(query), null);
  if (!read.ok) throw new Error(read.message);
  return read.filter;
};

describe("bulk actions on the orders and products lists (issue 30)", () => {
  useTestDatabase();
  useCatalogue();
  const o: Record<string, { orderId: string; orderNumber: string }> = {};

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Bulk", email: admin.email, role: "owner" });
    o.a = await paidOrderOf(81, [{ colour: "White", quantity: 1 }]);
    o.b = await paidOrderOf(82, [{ colour: "Black", quantity: 1 }]);
    o.c = await paidOrderOf(83, [{ colour: "Orange", quantity: 1 }]);
    o.shipped = await paidOrderOf(84, [{ colour: "Purple", quantity: 1 }]);
    await fulfilOrder(o.shipped.orderId, { carrier: "ups", trackingNumber: null }, admin);
    o.unpaid = await checkoutOf(85, [{ colour: "White", quantity: 1 }]);
  });

  it("reads a selection as ticked ids or as every order the filter matches, and refuses anything else", () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    expect(bulkSelectionOf(new URLSearchParams(`ids=${ids.join(",")},${ids[0]}`))).toEqual({ ok: true, selection: { all: false, ids } });
    expect(bulkSelectionOf(new URLSearchParams("ids=nope"))).toEqual({ ok: false, message: "Unknown selection: reload the list and select again." });
    expect(bulkSelectionOf(new URLSearchParams(""))).toEqual({ ok: false, message: "Select at least one row." });
    expect(bulkSelectionQuery({ all: true }, "?q=ada&status=processing")).toBe("?all=1&q=ada&status=processing");
    expect(bulkSelectionQuery({ all: false, ids }, "?q=ada")).toBe(`?ids=${ids.join(",")}`);
  });

  it("bulk-fulfils with one carrier in one transaction: the orders the order page would refuse are skipped with its reason", async () => {
    const picked = [o.a, o.b, o.c, o.shipped, o.unpaid].map((x) => x.orderId);
    const result = await bulkFulfil(selection(`ids=${picked.join(",")}`), "dhl", admin);
    expect(result.fulfilled.map((r) => r.number).sort()).toEqual([o.a, o.b, o.c].map((x) => x.orderNumber).sort());
    expect(result.skipped.map((r) => [r.number, r.reason]).sort()).toEqual(
      [
        [o.shipped.orderNumber, "This order has already been fulfilled."],
        [o.unpaid.orderNumber, "Only a paid order that is being processed can be fulfilled."],
      ].sort(),
    );
    const rows = await db().select().from(orders).where(inArray(orders.id, picked));
    for (const x of [o.a, o.b, o.c]) expect(rows.find((r) => r.id === x.orderId)).toMatchObject({ status: "completed", carrier: "dhl", trackingNumber: null });
    expect(rows.find((r) => r.id === o.shipped.orderId)).toMatchObject({ carrier: "ups" });
    expect(rows.find((r) => r.id === o.unpaid.orderId)).toMatchObject({ status: "pending", fulfilledAt: null });

    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "bulk_fulfil"));
    expect(audits).toHaveLength(1);
    expect(audits[0].data).toEqual({ carrier: "dhl", fulfilled: expect.arrayContaining([o.a.orderId, o.b.orderId, o.c.orderId]), skipped: expect.arrayContaining([o.shipped.orderId, o.unpaid.orderId]) });
    const mails = await db().select().from(outboxMail).where(like(outboxMail.to, "buyer8%"));
    expect(mails.filter((m) => /shipped/i.test(m.subject)).map((m) => m.to).sort()).toEqual(["buyer81@example.com", "buyer82@example.com", "buyer83@example.com", "buyer84@example.com"]);

    // Again: nothing left to ship, so everything is skipped and nothing changes.
    const again = await bulkFulfil(selection(`ids=${picked.join(",")}`), "dhl", admin);
    expect(again.fulfilled).toEqual([]);
    expect(again.skipped).toHaveLength(5);
  });

  it.runIf(testDbKind === "postgres")(
    "a bulk fulfil racing a single fulfil, then a cancel, of the same order: one outcome each time, never shipped twice, stock and ledger agree (real PostgreSQL only: PGlite has one connection)",
    async () => {
      const fulfilledEvents = async (orderId: string) => (await db().select().from(orderEvents).where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "fulfilled")))).length;
      const shippedMails = async (to: string) => (await db().select().from(outboxMail).where(eq(outboxMail.to, to))).filter((m) => /shipped/i.test(m.subject)).length;
      const stockAndLedger = async (variantId: string) => {
        const [v] = await db().select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
        const [l] = await db().select({ sum: sql<number>`coalesce(sum(${stockLedger.delta}), 0)`.mapWith(Number) }).from(stockLedger).where(eq(stockLedger.variantId, variantId));
        return { stock: v.stock, ledger: l.sum };
      };
      const outcomes = { bulkFirst: 0, singleFirst: 0, shipped: 0, cancelled: 0 };
      // Both at once, each on its own connection of the pool; odd rounds start the other one first.
      const both = <A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>) => {
        let pa: Promise<A>, pb: Promise<B>;
        if (round % 2) {
          pb = b();
          pa = a();
        } else {
          pa = a();
          pb = b();
        }
        return Promise.allSettled([pa, pb] as const);
      };

      // Against a single fulfil from the order page: one of them ships it, the other is told it has shipped.
      for (let round = 0; round < 4; round++) {
        const x = await paidOrderOf(90 + round, [{ colour: "White", quantity: 1 }]);
        const [bulk, single] = await both(round, () => bulkFulfil(selection(`ids=${x.orderId}`), "dhl", admin), () => fulfilOrder(x.orderId, { carrier: "ups", trackingNumber: "RACE1" }, admin));
        if (bulk.status !== "fulfilled") throw bulk.reason;
        const bulkShipped = bulk.value.fulfilled.some((o) => o.id === x.orderId);
        expect(bulkShipped, `round ${round}: exactly one ships`).toBe(single.status === "rejected");
        if (single.status === "rejected") expect((single.reason as Error).message).toBe("This order has already been fulfilled.");
        else expect(bulk.value.skipped).toEqual([{ id: x.orderId, number: x.orderNumber, reason: "This order has already been fulfilled." }]);
        outcomes[bulkShipped ? "bulkFirst" : "singleFirst"]++;
        const [row] = await db().select().from(orders).where(eq(orders.id, x.orderId));
        expect(row).toMatchObject({ status: "completed", carrier: bulkShipped ? "dhl" : "ups", trackingNumber: bulkShipped ? null : "RACE1" });
        expect(await fulfilledEvents(x.orderId)).toBe(1);
        expect(await shippedMails(`buyer${90 + round}@example.com`)).toBe(1);
      }

      // Against a cancel (which refunds and restocks): shipped or cancelled, never both; the unit comes back once or not at all.
      for (let round = 0; round < 4; round++) {
        const y = await paidOrderOf(95 + round, [{ colour: "Black", quantity: 1 }]);
        const before = await stockAndLedger(y.variantId);
        const [bulk, cancel] = await both(round, () => bulkFulfil(selection(`ids=${y.orderId}`), "dhl", admin), () => changeOrderStatus(y.orderId, "cancelled", admin));
        if (bulk.status !== "fulfilled") throw bulk.reason;
        const shipped = bulk.value.fulfilled.some((o) => o.id === y.orderId);
        expect(shipped, `round ${round}: shipped or cancelled`).toBe(cancel.status === "rejected");
        if (cancel.status === "rejected") expect((cancel.reason as Error).message).toBe("A completed order has shipped and cannot be cancelled.");
        else expect(bulk.value.skipped.map((o) => o.id)).toEqual([y.orderId]);
        outcomes[shipped ? "shipped" : "cancelled"]++;
        const [row] = await db().select().from(orders).where(eq(orders.id, y.orderId));
        expect(row.status).toBe(shipped ? "completed" : "cancelled");
        expect(await fulfilledEvents(y.orderId)).toBe(shipped ? 1 : 0);
        const refunds = await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, y.orderId));
        expect(refunds.map((r) => r.amountCents)).toEqual(shipped ? [] : [row.totalCents]);
        const after = await stockAndLedger(y.variantId);
        expect(after.stock - before.stock).toBe(shipped ? 0 : 1);
        expect(after.ledger - before.ledger).toBe(after.stock - before.stock);
      }
      // Which side wins is up to the database; every round above held whichever it was.
      expect(outcomes.bulkFirst + outcomes.singleFirst).toBe(4);
      expect(outcomes.shipped + outcomes.cancelled).toBe(4);
    },
  );

  it("all matching the filter: the list's own search; packing slips only for paid orders", async () => {
    const all = selection("all=1&q=buyer8&page=3");
    expect(all.page).toBeUndefined();
    const slips = await packingSlipOrders(all);
    // The pending checkout is not a placed order: the list, and so the selection, leaves it out.
    expect(slips.map((s) => s.number).sort()).toEqual([o.a, o.b, o.c, o.shipped].map((x) => x.orderNumber).sort());
    await expect(packingSlipOrders(selection("all=1&q=nobody-at-all"))).rejects.toThrow("No order matches the selection any more.");
  });

  it("publishes, unpublishes and deletes products together: one audit entry each, a product without a colour stays a draft", async () => {
    const ids = (await db().select({ id: products.id }).from(products).orderBy(products.slug)).map((r) => r.id);
    const [bare] = await db().insert(products).values({ slug: "bare-draft", title: "Bare Draft", descriptionHtml: "<p>x</p>", priceCents: 100, status: "draft", content: {} as never }).returning({ id: products.id });

    const off = await bulkProducts("unpublish", ids, admin);
    expect(off.done).toHaveLength(ids.length);
    expect(new Set((await db().select({ s: products.status }).from(products).where(inArray(products.id, ids))).map((r) => r.s))).toEqual(new Set(["draft"]));

    const on = await bulkProducts("publish", [ids[0], ids[1], bare.id], admin);
    expect(on.done.map((r) => r.id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(on.skipped).toEqual([{ id: bare.id, title: "Bare Draft", reason: "Add at least one colour to publish the product" }]);
    const [bareNow] = await db().select({ s: products.status }).from(products).where(eq(products.id, bare.id));
    expect(bareNow.s).toBe("draft");

    const gone = await bulkProducts("delete", [bare.id, ids[2]], admin);
    expect(gone.done).toHaveLength(2);
    expect(await db().select().from(products).where(inArray(products.id, [bare.id, ids[2]]))).toEqual([]);
    expect(await db().select().from(productVariants).where(eq(productVariants.productId, ids[2]))).toEqual([]);

    const entries = await db().select().from(auditLog).where(like(auditLog.action, "bulk_%"));
    expect(entries.filter((e) => e.entity === "product").map((e) => [e.action, e.data])).toEqual(
      expect.arrayContaining([
        ["bulk_unpublish", { ids: expect.arrayContaining(ids), skipped: [] }],
        ["bulk_publish", { ids: expect.arrayContaining([ids[0], ids[1]]), skipped: [bare.id] }],
        ["bulk_delete", { ids: expect.arrayContaining([bare.id, ids[2]]), skipped: [] }],
      ]),
    );
  });
});
