import { describe, expect, it } from "vitest";
import { dashboardStats, percentChange, periodStart } from "../../server/admin/dashboard";
import { db } from "../../server/db/client";
import { blogPosts } from "../../server/blog/schema";
import { orders } from "../../server/orders/schema";
import { user } from "../../server/auth/schema";
import type { OrderStatus } from "~/lib/order-status";
import { useTestDatabase } from "./test-db";

const NOW = new Date("2026-11-22T15:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

let n = 0;
async function order(createdAt: Date, status: OrderStatus, totalCents: number) {
  n += 1;
  await db().insert(orders).values({
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
    paymentProvider: "test",
    createdAt,
  });
}

describe("dashboard statistics", () => {
  useTestDatabase();

  it("counts placed orders, customers and posts with a 30-day trend, and charts paid revenue per day", async () => {
    // Last 30 days: 3 placed orders (+ one checkout never paid, which is not an order yet).
    await order(daysAgo(0), "processing", 4999);
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
      { id: "a1", createdAt: daysAgo(1), role: "admin" },
    ];
    await db()
      .insert(user)
      .values(people.map((p) => ({ id: p.id, name: p.id, email: `${p.id}@example.com`, role: p.role, createdAt: p.createdAt })));
    await db().insert(blogPosts).values({ slug: "one", title: "One", createdAt: daysAgo(5) });

    const stats = await dashboardStats(NOW);
    expect(stats.orders).toEqual({ total: 6, current: 3, previous: 2, percent: 50 });
    // Admins are staff, not registered customers; a user without a role is a customer.
    expect(stats.customers).toEqual({ total: 3, current: 1, previous: 2, percent: -50 });
    expect(stats.posts).toEqual({ total: 1, current: 1, previous: 0, percent: null });

    expect(stats.daily).toHaveLength(30);
    expect(stats.daily.at(-1)).toEqual({ day: "2026-11-22", orders: 2, revenueCents: 4999 + 7998 });
    // A cancelled order is an order of its day but brings no revenue.
    expect(stats.daily.at(-3)).toEqual({ day: "2026-11-20", orders: 1, revenueCents: 0 });
    expect(stats.daily[0].day).toBe("2026-10-24");
    expect(stats.daily.reduce((s, d) => s + d.orders, 0)).toBe(3);
  });
});

describe("dashboard rules", () => {
  it("computes the trend percentage only when there is something to compare with", () => {
    expect(percentChange(9, 8)).toBe(13);
    expect(percentChange(0, 4)).toBe(-100);
    expect(percentChange(5, 0)).toBeNull();
  });

  it("starts Today at midnight UTC, This Week 7 days back, This Month 30 days back", () => {
    expect(periodStart("today", NOW)?.toISOString()).toBe("2026-11-22T00:00:00.000Z");
    expect(periodStart("week", NOW)?.toISOString()).toBe("2026-11-15T15:00:00.000Z");
    expect(periodStart("month", NOW)?.toISOString()).toBe("2026-10-23T15:00:00.000Z");
    expect(periodStart("all", NOW)).toBeUndefined();
  });
});
