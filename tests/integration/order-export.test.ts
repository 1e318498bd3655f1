import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { orderItems, orders, user } from "../../server/db/schema";
import { csvCell, parseCsv } from "../../server/http/csv";
import { centsToDecimal } from "../../core/money";
import { orderCsvChunks } from "../../server/orders/export";
import { refundOrder } from "../../server/orders/refunds";
import { startBus } from "../../server/realtime/bus";
import { checkoutOf, paidOrderOf, useCatalogue } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const admin = { id: "export-admin", email: "export.admin@pocketretro.example" };

async function csvOf(f: Parameters<typeof orderCsvChunks>[0], timeZone = "UTC", batch?: number): Promise<string[][]> {
  let text = "";
  for await (const chunk of orderCsvChunks(f, timeZone, batch)) text += chunk;
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.endsWith("\r\n")).toBe(true);
  return parseCsv(text)!;
}

describe("the orders CSV export", () => {
  useTestDatabase();
  useCatalogue();
  const o: Record<string, { orderId: string; orderNumber: string }> = {};

  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Export Admin", email: admin.email, role: "owner" });
    await startBus();
    o.plain = await paidOrderOf(90, [{ colour: "White", quantity: 1 }]);
    o.hostile = await paidOrderOf(91, [{ colour: "Black", quantity: 2 }]);
    await db().update(orders).set({ name: '=HYPERLINK("http://evil.example","Smith, John")' }).where(eq(orders.id, o.hostile.orderId));
    const [line] = await db().select().from(orderItems).where(eq(orderItems.orderId, o.hostile.orderId));
    await refundOrder(o.hostile.orderId, { lines: [{ itemId: line.id, quantity: 1, restock: true }], actionKey: crypto.randomUUID(), extraCents: 0, reason: "Dented" }, admin);
    o.abandoned = await checkoutOf(92, [{ colour: "White", quantity: 1 }]);
    o.two = await paidOrderOf(93, [
      { colour: "Purple", quantity: 2 },
      { colour: "Orange", quantity: 1 },
    ]);
    // Tax as checkout stores it: the lines' amounts, included in the total or added to it.
    await db()
      .update(orders)
      .set({ createdAt: new Date("2026-03-02T04:30:00Z"), taxLines: [{ name: "Sales tax", rateBps: 625, amountCents: 312, included: false }, { name: "City tax", rateBps: 100, amountCents: 50, included: false }] })
      .where(eq(orders.id, o.plain.orderId));
  });

  it("writes one row per order line, the order's identity on each and its amounts on its first line only", async () => {
    const [header, ...rows] = await csvOf({});
    expect(header).toEqual([
      ...["number", "date (UTC)", "customer", "email", "status", "payment", "fulfilment", "currency"],
      ...["product", "colour", "quantity", "unit_price", "line_total", "refunded_units"],
      ...["subtotal", "discount", "shipping", "tax", "total", "refunded"],
    ]);
    // Newest first; an order's lines by product and colour.
    expect(rows.map((r) => [r[0], r[9]])).toEqual([
      [o.two.orderNumber, "Orange"],
      [o.two.orderNumber, "Purple"],
      [o.hostile.orderNumber, "Black"],
      [o.plain.orderNumber, "White"],
    ]);
    expect(rows[3]).toEqual([
      ...[o.plain.orderNumber, "2026-03-02 04:30", "Buyer Number90", "buyer90@example.com", "Processing", "Paid", "Unfulfilled", "USD"],
      ...["R36S Retro Handheld", "White", "1", "49.99", "49.99", "0"],
      ...["49.99", "0.00", "12.99", "3.62", "62.98", "0.00"],
    ]);
    // Two lines: who and what on both, the order's amounts once, so a column's sum counts the order once.
    const identity = [o.two.orderNumber, expect.any(String), "Buyer Number93", "buyer93@example.com", "Processing", "Paid", "Unfulfilled", "USD"];
    expect(rows[0]).toEqual([...identity, "R36S Retro Handheld", "Orange", "1", "49.99", "49.99", "0", "149.97", "0.00", "0.00", "0.00", "149.97", "0.00"]);
    expect(rows[1]).toEqual([...identity, "R36S Retro Handheld", "Purple", "2", "49.99", "99.98", "0", "", "", "", "", "", ""]);
    // A formula stays text: apostrophe first; the comma and quotes survive the quoting.
    expect(rows[2].slice(2, 8)).toEqual(['\'=HYPERLINK("http://evil.example","Smith, John")', "buyer91@example.com", "Processing", "Partially refunded", "Unfulfilled", "USD"]);
    expect(rows[2].slice(8)).toEqual(["R36S Retro Handheld", "Black", "2", "49.99", "99.98", "1", "99.98", "0.00", "0.00", "0.00", "99.98", "49.99"]);
  });

  it("honours the list's filters and the admin's zone", async () => {
    const [, ...refunded] = await csvOf({ payment: "partially_refunded" });
    expect(refunded.map((r) => r[0])).toEqual([o.hostile.orderNumber]);
    const [, ...purple] = await csvOf({ q: "buyer93" });
    expect(purple.map((r) => r[0])).toEqual([o.two.orderNumber, o.two.orderNumber]);
    const [header, ...march] = await csvOf({ since: new Date("2026-03-01T05:00:00Z"), until: new Date("2026-03-02T05:00:00Z") }, "America/New_York");
    expect(header[1]).toBe("date (America/New_York)");
    expect(march).toEqual([expect.arrayContaining([o.plain.orderNumber, "2026-03-01 23:30"])]);
    expect(await csvOf({ q: "nobody-at-all" })).toHaveLength(1);
  });

  it("reads in batches by keyset: every order exactly once with all its lines, ties on the same instant included", async () => {
    const at = new Date("2026-01-15T12:00:00.123456Z");
    const values = Array.from({ length: 7 }, (_, i) => ({
      number: `PR-BATCH-${i}`,
      email: `batch${i}@example.com`,
      name: `Batch ${i}`,
      shipLine1: "1 Batch Road",
      shipCity: "London",
      shipPostalCode: "N1 1AA",
      shipCountry: "GB",
      status: "completed" as const,
      subtotalCents: 100 + i,
      totalCents: 100 + i,
      paymentProvider: "test",
      paidAt: at,
      createdAt: at,
    }));
    const inserted = await db().insert(orders).values(values).returning({ id: orders.id, number: orders.number });
    // Order i has i % 3 lines (none, one or two): 6 lines, and one row for each of the three orders without any.
    const lines = inserted.flatMap((row, i) =>
      Array.from({ length: i % 3 }, (_, k) => ({ orderId: row.id, title: "Batch Console", variantName: `Colour ${k}`, unitPriceCents: 100 + i, quantity: 1 })),
    );
    await db().insert(orderItems).values(lines);
    const [, ...one] = await csvOf({ q: "batch" });
    const [, ...twos] = await csvOf({ q: "batch" }, "UTC", 2);
    expect(one).toHaveLength(lines.length + 3);
    const rowsPerOrder = (rows: string[][]) => Object.fromEntries(values.map((v) => [v.number, rows.filter((r) => r[0] === v.number).length]));
    expect(rowsPerOrder(twos)).toEqual(Object.fromEntries(values.map((v, i) => [v.number, Math.max(1, i % 3)])));
    expect(twos).toEqual(one);
  });

  it("encodes cells safely and money by integer arithmetic", () => {
    for (const formula of ["=1+1", "+44 20 7946 0000", "-2", "@SUM(A1)", "\tx", "\rx"]) expect(csvCell(formula).replace(/^"/, "")[0]).toBe("'");
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
    expect(centsToDecimal(4999)).toBe("49.99");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(123456789)).toBe("1234567.89");
    expect(centsToDecimal(-250)).toBe("-2.50");
  });
});
