import { Form, Link, data } from "react-router";
import { z } from "zod";
import { dashboardStats, periodStart, type DailyPoint, type Trend } from "@server/admin/dashboard";
import { requireAdmin } from "@server/auth/guards";
import { listAdminOrders } from "@server/orders/admin";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { adminMeta, formatAdminDate } from "~/lib/admin";
import { formatMoney } from "~/lib/money";
import { useFilterForm } from "~/lib/use-filter-form";
import type { Route } from "./+types/dashboard";
import { searchParamsOf } from "@server/http/form";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

const PERIODS = [
  { value: "all", label: "All" },
  { value: "today", label: "Today" },
  { value: "week", label: "This Week" },
  { value: "month", label: "This Month" },
] as const;

const RECENT_ORDERS = 3;

const filterSchema = z.object({
  period: z.enum(["all", "today", "week", "month"]).catch("all"),
  q: z.string().trim().max(200).catch(""),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = searchParamsOf(request);
  const filter = filterSchema.parse({ period: params.get("period") ?? undefined, q: params.get("q") ?? "" });
  const [stats, recent] = await Promise.all([
    dashboardStats(),
    listAdminOrders({ q: filter.q || undefined, since: periodStart(filter.period), pageSize: RECENT_ORDERS }),
  ]);
  return data({ stats, recent: recent.rows, filter });
}

function TrendText({ trend }: { trend: Trend }) {
  if (trend.percent === null) {
    return <p className="mt-1 text-sm text-gray-600">{trend.current} new in the last 30 days</p>;
  }
  const up = trend.percent >= 0;
  return (
    <p className={`mt-1 text-sm font-medium ${up ? "text-green-800" : "text-red-800"}`}>
      {up ? "+" : ""}
      {trend.percent}% from last month
    </p>
  );
}

function StatCard({ label, trend }: { label: string; trend: Trend }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-medium text-gray-600">{label}</h2>
      <p className="mt-2 text-3xl font-bold tabular-nums">{trend.total.toLocaleString("en-US")}</p>
      <TrendText trend={trend} />
    </div>
  );
}

/** Paid revenue per day as bars; the table under it carries every number, for screen readers too. */
function OrdersChart({ daily }: { daily: DailyPoint[] }) {
  const width = 600;
  const height = 160;
  const maxRevenue = Math.max(...daily.map((d) => d.revenueCents), 1);
  const bar = width / daily.length;
  const totalOrders = daily.reduce((n, d) => n + d.orders, 0);
  const totalRevenue = daily.reduce((n, d) => n + d.revenueCents, 0);
  return (
    <section aria-labelledby="chart-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="chart-heading" className="text-lg font-semibold">
          Orders and revenue, last 30 days
        </h2>
        <p className="text-sm text-gray-700">
          {totalOrders.toLocaleString("en-US")} orders · {formatMoney(totalRevenue)} paid
        </p>
      </div>
      {totalOrders === 0 ? <p className="mt-4 text-sm text-gray-600">No orders in the last 30 days yet.</p> : null}
      {/* Stretched to the card's width, so it holds shapes only: text would be distorted. */}
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-4 h-40 w-full" aria-hidden="true" preserveAspectRatio="none">
        {daily.map((d, i) => {
          const h = Math.round((d.revenueCents / maxRevenue) * (height - 4));
          return (
            <rect key={d.day} x={i * bar + 1} y={height - h} width={bar - 2} height={h} className="fill-brand-600">
              <title>{`${formatAdminDate(d.day)}: ${d.orders} orders, ${formatMoney(d.revenueCents)}`}</title>
            </rect>
          );
        })}
        <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-gray-300" />
      </svg>
      <div className="mt-1 flex justify-between text-xs text-gray-600" aria-hidden="true">
        <span>{formatAdminDate(daily[0].day)}</span>
        <span>{formatAdminDate(daily[daily.length - 1].day)}</span>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-gray-700">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Orders and paid revenue per day</caption>
          <thead>
            <tr className="text-gray-600">
              <th scope="col" className="py-1">Day</th>
              <th scope="col" className="py-1 text-right">Orders</th>
              <th scope="col" className="py-1 text-right">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day} className="border-t border-gray-100">
                <td className="py-1">{formatAdminDate(d.day)}</td>
                <td className="py-1 text-right tabular-nums">{d.orders}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(d.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, recent, filter } = loaderData;
  const { form, applyAfter: apply } = useFilterForm();

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Orders" trend={stats.orders} />
        <StatCard label="Registered Users" trend={stats.customers} />
        <StatCard label="Blog Posts" trend={stats.posts} />
      </div>

      <section aria-labelledby="recent-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent Orders
          </h2>
          <Link to="/admin/orders" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            View All Orders
          </Link>
        </div>
        <Form ref={form} method="get" role="search" aria-label="Filter recent orders" className="mt-4 flex flex-wrap items-center gap-3">
          <fieldset className="flex gap-1 rounded-lg bg-gray-100 p-1">
            <legend className="sr-only">Period</legend>
            {PERIODS.map((p) => (
              <label key={p.value} className="cursor-pointer whitespace-nowrap rounded-md px-2 py-1.5 text-xs font-medium sm:px-3 sm:text-sm has-[:checked]:bg-white has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
                <input type="radio" name="period" value={p.value} defaultChecked={filter.period === p.value} onChange={() => apply(0)} className="sr-only" />
                {p.label}
              </label>
            ))}
          </fieldset>
          <label htmlFor="recent-search" className="sr-only">
            Search orders
          </label>
          <input
            id="recent-search"
            type="search"
            name="q"
            defaultValue={filter.q}
            onChange={() => apply(300)}
            placeholder="Customer name, email or order id"
            className="min-w-48 flex-1 rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
          <noscript>
            <button type="submit" className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold">
              Search
            </button>
          </noscript>
        </Form>
        {recent.length === 0 ? (
          <p className="mt-6 text-center text-gray-600">No orders found for the selected period</p>
        ) : (
          <ul aria-label="Recent orders" className="mt-4 divide-y divide-gray-100">
            {recent.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">
                    <Link to={`/admin/orders/${o.id}`} className="text-brand-700 underline">
                      {o.name} <span className="sr-only">(order {o.number})</span>
                    </Link>
                  </p>
                  <p className="truncate text-sm text-gray-600">
                    <span className="font-mono">{o.id.slice(0, 8)}</span> · {o.email} · {o.products}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-sm text-gray-600">
                    <time dateTime={o.createdAt}>{formatAdminDate(o.createdAt, true)}</time>
                  </span>
                  <span className="font-semibold tabular-nums">{formatMoney(o.totalCents)}</span>
                  <OrderStatusBadge status={o.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <OrdersChart daily={stats.daily} />
    </div>
  );
}
