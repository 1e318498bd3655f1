import { describe, expect, it } from "vitest";
import { dashboardStats, periodStart } from "../../server/admin/dashboard";
import { salesReport } from "../../server/admin/sales";
import { db } from "../../server/db/client";
import { blogPosts } from "../../server/blog/schema";
import { productVariants, products } from "../../server/catalog/schema";
import { stockReservations } from "../../server/inventory/schema";
import { orderItems, orderRefunds, orders } from "../../server/orders/schema";
import { user } from "../../server/auth/schema";
import type { OrderStatus } from "../../core/order-status";
import { percentChange, salesRangeOf } from "../../core/sales-range";
import { useTestDatabase } from "./test-db";

const NOW = new Date("2026-11-22T15:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

let n = 0;
async function order(createdAt: Date, status: OrderStatus, totalCents: number, money: { currency: string; rateMicros: number } = { currency: "usd", rateMicros: 1_000_000 }) {
  n += 1;
  const [row] = await db().insert(orders).values({
    number: `PR-DASH-${n}`,
    email: `buyer${n}@example.com`,
    name: `Buyer ${n}`,
    shipLine1: "1 Test Street",
    shipCity: "London",
    shipPostalCode: "N1 1AA",
    shipCountry: "GB",
    status,
    subtotalCents: totalCents,
    totalCents,
    ...money,
    paymentProvider: "test",
    // Orders that took a payment carry its time; a pending checkout or a failed payment does not.
    paidAt: status === "pending" || status === "payment_failed" ? null : createdAt,
    createdAt,
  }).returning({ id: orders.id });
  return row.id;
}

describe("dashboard statistics", () => {
  useTestDatabase();

  it("counts placed orders, customers and posts with a 30-day trend", async () => {
    // Last 30 days: 4 placed orders (+ one checkout never paid, which is not an order yet).
    await order(daysAgo(0), "processing", 4999);
    // £52.98 charged at 0.79 GBP per USD counts as $67.06 (5298 / 0.79 = 6706.3): the rate stored with the order.
    await order(daysAgo(0), "processing", 5298, { currency: "gbp", rateMicros: 790_000 });
    await order(daysAgo(0), "completed", 7998);
    await order(daysAgo(2), "cancelled", 5999);
    await order(daysAgo(1), "pending", 4999);
    // The 30 days before: 2 orders.
    await order(daysAgo(35), "completed", 4999);
    await order(daysAgo(50), "payment_failed", 4999);
    // Older than both windows: counted in the total only.
    await order(daysAgo(90), "completed", 4999);

    const people = [
      { id: "u1", createdAt: daysAgo(3), role: "user" },
      { id: "u2", createdAt: daysAgo(40), role: "user" },
      { id: "u3", createdAt: daysAgo(45), role: null },
      { id: "a1", createdAt: daysAgo(1), role: "owner" },
    ];
    await db()
      .insert(user)
      .values(people.map((p) => ({ id: p.id, name: p.id, email: `${p.id}@example.com`, role: p.role, createdAt: p.createdAt })));
    await db().insert(blogPosts).values({ slug: "one", title: "One", createdAt: daysAgo(5) });

    const stats = await dashboardStats(NOW);
    expect(stats.orders).toEqual({ total: 7, current: 4, previous: 2, percent: 100 });
    // Admins are staff, not registered customers; a user without a role is a customer.
    expect(stats.customers).toEqual({ total: 3, current: 1, previous: 2, percent: -50 });
    expect(stats.posts).toEqual({ total: 1, current: 1, previous: 0, percent: null });

  });
});

describe("sales for a range of the admin's days", () => {
  useTestDatabase();
  // 10:00 in New York on Sunday 22 November: the admin's 7 days are 16-22 November, compared with 9-15.
  const tz = "America/New_York";
  const at = (iso: string) => new Date(iso);

  async function item(orderId: string, title: string, colour: string, unitPriceCents: number, quantity: number, refundedQuantity = 0) {
    await db().insert(orderItems).values({ orderId, title, variantName: colour, unitPriceCents, quantity, refundedQuantity });
  }
  async function refund(orderId: string, amountCents: number, createdAt: Date, status: "succeeded" | "pending" | "failed" = "succeeded") {
    await db().insert(orderRefunds).values({ orderId, amountCents, reason: "test", status, actor: "system", createdAt });
  }

  it("adds sales, orders and refunds in US dollars at each order's rate, per day of the admin's zone, against the previous period", async () => {
    // In range: $49.99 this morning; £52.98 at 0.79 GBP per USD ($67.06) at 22:00 on the 16th in New York
    // (already the 17th in UTC); €50.00 at 0.92 EUR per USD ($54.35), paid, then cancelled and refunded.
    const usdToday = await order(at("2026-11-22T14:00:00Z"), "processing", 4999);
    await item(usdToday, "R36S Retro Handheld", "White", 4999, 1);
    const gbp = await order(at("2026-11-17T03:00:00Z"), "completed", 5298, { currency: "gbp", rateMicros: 790_000 });
    await item(gbp, "R36S Retro Handheld", "Purple", 5298, 1);
    const eur = await order(at("2026-11-18T12:00:00Z"), "cancelled", 5000, { currency: "eur", rateMicros: 920_000 });
    await item(eur, "35XXPro", "Teal", 5000, 1, 1);
    await refund(eur, 5000, at("2026-11-19T12:00:00Z"));
    // Not sales: a checkout never paid and a failed payment.
    const unpaid = await order(at("2026-11-21T12:00:00Z"), "pending", 4999);
    await order(at("2026-11-21T12:00:00Z"), "payment_failed", 4999);
    // 23:00 on the 15th in New York (the 16th in UTC): the previous period, with its own refund of $7.00;
    // a $10.00 refund of it made in the range counts in the range; a failed one nowhere.
    const previous = await order(at("2026-11-16T04:00:00Z"), "completed", 7998);
    await item(previous, "R36PRO", "Blue", 7998, 1);
    await refund(previous, 700, at("2026-11-16T04:30:00Z"));
    await refund(previous, 1000, at("2026-11-20T12:00:00Z"), "pending");
    await refund(previous, 500, at("2026-11-20T12:00:00Z"), "failed");

    // Low stock: available = stock less active reservations, at or below the product's own threshold (6 here), published products only.
    const [shown] = await db().insert(products).values({ slug: "low", title: "Low Console", descriptionHtml: "<p>x</p>", priceCents: 100, status: "published", lowStockThreshold: 6 }).returning({ id: products.id });
    const [draft] = await db().insert(products).values({ slug: "draft", title: "Draft Console", descriptionHtml: "<p>x</p>", priceCents: 100, status: "draft" }).returning({ id: products.id });
    const variants = await db()
      .insert(productVariants)
      .values([
        { productId: shown.id, name: "Red", hex: "#aa0000", stock: 10, position: 0 },
        { productId: shown.id, name: "Green", hex: "#00aa00", stock: 3, position: 1 },
        { productId: shown.id, name: "Blue", hex: "#0000aa", stock: 6, position: 2 },
        { productId: draft.id, name: "Grey", hex: "#777777", stock: 0, position: 0 },
      ])
      .returning({ id: productVariants.id });
    await db().insert(stockReservations).values([
      { variantId: variants[0].id, orderId: unpaid, quantity: 6, expiresAt: new Date(Date.now() + 3_600_000) },
      // Lapsed: holds nothing.
      { variantId: variants[2].id, orderId: unpaid, quantity: 6, expiresAt: new Date(Date.now() - 1000) },
    ]);

    const { range } = salesRangeOf(new URLSearchParams("range=7d"), "2026-11-22");
    const report = await salesReport(range, tz);
    expect(report.current).toEqual({ salesCents: 4999 + 6706 + 5435, orders: 3, refundsCents: 5435 + 1000 });
    expect(report.previous).toEqual({ salesCents: 7998, orders: 1, refundsCents: 700 });
    expect(report.converted).toEqual(["EUR", "GBP"]);
    expect(report.daily.map((d) => d.day)).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"]);
    expect(report.daily[0]).toEqual({ day: "2026-11-16", salesCents: 6706, orders: 1, refundsCents: 0 });
    expect(report.daily[3]).toEqual({ day: "2026-11-19", salesCents: 0, orders: 0, refundsCents: 5435 });
    expect(report.daily[6]).toEqual({ day: "2026-11-22", salesCents: 4999, orders: 1, refundsCents: 0 });
    // Units sold; amounts net of discounts and of refunds given against the lines (issue 25). These
    // orders were written without charges or refund lines, so their lines keep their list amounts.
    expect(report.topProducts).toEqual([
      { name: "R36S Retro Handheld", units: 2, salesCents: 4999 + 6706 },
      { name: "35XXPro", units: 1, salesCents: 5435 },
    ]);
    expect(report.topColours).toEqual([
      { name: "Purple", units: 1, salesCents: 6706 },
      { name: "Teal", units: 1, salesCents: 5435 },
      { name: "White", units: 1, salesCents: 4999 },
    ]);
    expect(report.lowStock).toEqual([
      { productId: shown.id, product: "Low Console", colour: "Green", available: 3, threshold: 6 },
      { productId: shown.id, product: "Low Console", colour: "Red", available: 4, threshold: 6 },
      { productId: shown.id, product: "Low Console", colour: "Blue", available: 6, threshold: 6 },
    ]);

    // The same orders counted in UTC days: the order placed at 04:00 UTC on the 16th moves into the range.
    const utc = await salesReport(range, "UTC");
    expect(utc.current.orders).toBe(4);
    expect(utc.previous).toEqual({ salesCents: 0, orders: 0, refundsCents: 0 });
  });
});

describe("dashboard rules", () => {
  it("computes the trend percentage only when there is something to compare with", () => {
    expect(percentChange(9, 8)).toBe(13);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(5, 0)).toBeNull();
  });

  it("starts Today at the admin's midnight, This Week 7 days back, This Month 30 days back", () => {
    expect(periodStart("today", NOW)?.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(periodStart("today", NOW, "America/New_York")?.toISOString()).toBe("2026-11-22T05:00:00.000Z");
    expect(periodStart("week", NOW)?.toISOString()).toBe("2026-11-15T15:00:00.000Z");
    expect(periodStart("month", NOW)?.toISOString()).toBe("2026-10-23T15:00:00.000Z");
    expect(periodStart("all", NOW)).toBeUndefined();
  });
});
