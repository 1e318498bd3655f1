import { count, sql, type SQL } from "drizzle-orm";
import { DEFAULT_TIME_ZONE, todayInZone, zonedDayStart } from "@core/admin-time";
import { percentChange } from "@core/sales-range";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "../db/client";
import { blogPosts } from "../blog/schema";
import { orders } from "../orders/schema";
import { placedOrder } from "@server/orders";
import { user } from "../auth/schema";
import { isCustomerUser } from "@server/auth";

const DAY_MS = 86_400_000;
/** The trend window: the last 30 days against the 30 before them ("from last month"). */
export const TREND_DAYS = 30;

export type Trend = {
  total: number;
  /** Created in the last 30 days and in the 30 days before. */
  current: number;
  previous: number;
  /** Whole-percent change; null when there is nothing to compare with (previous window empty). */
  percent: number | null;
};

export type DashboardStats = { orders: Trend; customers: Trend; posts: Trend };

/**
 * One row: the total, and how many were created in the current and the previous window. Orders are
 * counted by the orders list's own rule (placedOrder): an abandoned checkout is not an order, so the
 * dashboard's Total Orders equals the unfiltered list's count.
 */
async function trendOf(table: PgTable, createdAt: PgColumn, where: SQL | undefined, now: Date): Promise<Trend> {
  const from = new Date(now.getTime() - TREND_DAYS * DAY_MS);
  const before = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS);
  const [row] = await db()
    .select({
      total: count(),
      current: sql<number>`count(*) filter (where ${createdAt} >= ${from.toISOString()})`.mapWith(Number),
      previous: sql<number>`count(*) filter (where ${createdAt} >= ${before.toISOString()} and ${createdAt} < ${from.toISOString()})`.mapWith(Number),
    })
    .from(table)
    .where(where);
  return { ...row, percent: percentChange(row.current, row.previous) };
}

export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const [ordersTrend, customers, posts] = await Promise.all([
    trendOf(orders, orders.createdAt, placedOrder(), now),
    trendOf(user, user.createdAt, isCustomerUser(), now),
    trendOf(blogPosts, blogPosts.createdAt, undefined, now),
  ]);
  return { orders: ordersTrend, customers, posts };
}

export type RecentPeriod = "all" | "today" | "week" | "month";

/** Start of the Recent Orders period: since midnight in the admin's zone, last 7 or 30 days. */
export function periodStart(period: RecentPeriod, now = new Date(), tz = DEFAULT_TIME_ZONE): Date | undefined {
  switch (period) {
    case "today":
      return zonedDayStart(todayInZone(now, tz), tz);
    case "week":
      return new Date(now.getTime() - 7 * DAY_MS);
    case "month":
      return new Date(now.getTime() - 30 * DAY_MS);
    default:
      return undefined;
  }
}
