import { and, count, gte, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "../db/client";
import { blogPosts } from "../blog/schema";
import { orders } from "../orders/schema";
import { user } from "../auth/schema";

const DAY_MS = 86_400_000;
/** The trend window: the last 30 days against the 30 before them ("from last month"). */
export const TREND_DAYS = 30;
export const CHART_DAYS = 30;

export type Trend = {
  total: number;
  /** Created in the last 30 days and in the 30 days before. */
  current: number;
  previous: number;
  /** Whole-percent change; null when there is nothing to compare with (previous window empty). */
  percent: number | null;
};

export type DailyPoint = { day: string; orders: number; revenueCents: number };

export type DashboardStats = { orders: Trend; customers: Trend; posts: Trend; daily: DailyPoint[] };

export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/**
 * One row: the total, and how many were created in the current and the previous window. A checkout
 * that never reached payment (`pending`) is not an order yet, so it is not counted.
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

/** Orders and paid revenue per UTC day for the last 30 days, days without orders included. */
async function dailyOrders(now: Date): Promise<DailyPoint[]> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const first = new Date(today.getTime() - (CHART_DAYS - 1) * DAY_MS);
  const rows = await db()
    .select({
      day: sql<string>`to_char(date_trunc('day', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      orders: count(),
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} in ('processing', 'completed')), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(and(ne(orders.status, "pending"), gte(orders.createdAt, first), lt(orders.createdAt, new Date(today.getTime() + DAY_MS))))
    .groupBy(sql`1`);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDay.get(day);
    return { day, orders: r?.orders ?? 0, revenueCents: r?.revenueCents ?? 0 };
  });
}

export async function dashboardStats(now = new Date()): Promise<DashboardStats> {
  const [ordersTrend, customers, posts, daily] = await Promise.all([
    trendOf(orders, orders.createdAt, ne(orders.status, "pending"), now),
    trendOf(user, user.createdAt, or(isNull(user.role), ne(user.role, "admin")), now),
    trendOf(blogPosts, blogPosts.createdAt, undefined, now),
    dailyOrders(now),
  ]);
  return { orders: ordersTrend, customers, posts, daily };
}

export type RecentPeriod = "all" | "today" | "week" | "month";

/** Start of the Recent Orders period: since midnight (UTC, the back office's zone), last 7 or 30 days. */
export function periodStart(period: RecentPeriod, now = new Date()): Date | undefined {
  switch (period) {
    case "today":
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    case "week":
      return new Date(now.getTime() - 7 * DAY_MS);
    case "month":
      return new Date(now.getTime() - 30 * DAY_MS);
    default:
      return undefined;
  }
}
