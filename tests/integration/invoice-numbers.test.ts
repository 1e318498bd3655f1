import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { orderItems, orders, user } from "../../server/db/schema";
import { getCreditNote } from "../../server/orders/documents";
import { refundOrder } from "../../server/orders/refunds";
import { getAdminOrder } from "../../server/orders/admin";
import { startBus } from "../../server/realtime/bus";
import { checkoutOf, paidEventFor, paidOrderOf, postTestWebhook, useCatalogue } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

/** Issue 25, item 4: invoice numbers gap-free and unique per year under concurrency; credit notes. */

const admin = { id: "invoice-admin", email: "invoices@pocketretro.example" };
const year = new Date().getUTCFullYear();

describe(`invoice and credit-note numbers (${testDbKind})`, () => {
  useTestDatabase();
  useCatalogue();
  beforeAll(async () => {
    await db().insert(user).values({ id: admin.id, name: "Invoices", email: admin.email, role: "owner" });
    await startBus();
  });

  it("20 orders paid at once get 20 invoice numbers, consecutive from 1, none twice", async () => {
    const started = [];
    for (let n = 0; n < 20; n++) started.push(await checkoutOf(700 + n, [{ colour: n % 2 ? "White" : "Black", quantity: 1 }]));
    const responses = await Promise.all(started.map((s) => paidEventFor(s.sessionId)).map((e) => postTestWebhook(e.body, e.signature)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await db().select({ number: orders.invoiceNumber }).from(orders).where(inArray(orders.id, started.map((s) => s.orderId)));
    const numbers = rows.map((r) => r.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${year}-${String(i + 1).padStart(6, "0")}`));
  });

  it("a refund gets a credit note of its own sequence: its lines, tax and total, and the invoice it corrects", async () => {
    const order = await paidOrderOf(750, [{ colour: "Purple", quantity: 2 }]);
    const [item] = await db().select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    const first = await refundOrder(order.orderId, { lines: [{ itemId: item.id, quantity: 1, restock: true }], extraCents: 0, reason: "Scratched", actionKey: crypto.randomUUID() }, admin);
    const second = await refundOrder(order.orderId, { lines: [], extraCents: 500, reason: "Goodwill", actionKey: crypto.randomUUID() }, admin);
    const detail = (await getAdminOrder(order.orderId))!;
    expect(detail.invoiceNumber).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    const numbers = detail.refunds.map((r) => r.creditNoteNumber);
    expect(numbers).toEqual([`CN-${year}-000001`, `CN-${year}-000002`]);
    const note = (await getCreditNote(order.orderId, first.refundId))!;
    expect(note).toMatchObject({
      number: `CN-${year}-000001`,
      invoiceNumber: detail.invoiceNumber,
      currency: "USD",
      lines: [{ title: "R36S Retro Handheld", variantName: "Purple", quantity: 1, amountCents: 4999, taxCents: 0 }],
      shippingCents: 0,
      otherCents: 0,
      totalCents: 4999,
    });
    expect((await getCreditNote(order.orderId, second.refundId))!).toMatchObject({ lines: [], otherCents: 500, totalCents: 500 });
    // Another order's refund id names no credit note here.
    const other = await checkoutOf(751, [{ colour: "White", quantity: 1 }]);
    expect(await getCreditNote(other.orderId, first.refundId)).toBeNull();
  });
});
