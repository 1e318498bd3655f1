import { Form, Link, data } from "react-router";
import { z } from "zod";
import { dashboardStats, periodStart, type Trend } from "@server/admin";
import { salesReport } from "@server/admin";
import { requireAdmin } from "@server/auth";
import { countAbandonedCheckouts, listAdminOrders } from "@server/orders";
import { LowStockList, SalesChart, SalesFigures, SalesRangePicker, TopList } from "~/components/admin/sales";
import { adminMeta } from "~/lib/admin";
import { timeZoneFromCookie, todayInZone } from "@core/admin-time";
import { useAdminDate } from "~/lib/use-admin-date";
import { salesRangeOf, salesRangeParams, type SalesRange } from "@core/sales-range";
import { useFilterForm } from "~/lib/use-filter-form";
import { OrderListItem } from "~/components/admin/order-list-item";
import type { Route } from "./+types/dashboard";
import { searchParamsOf } from "@server/http/form";
import { buttonClass } from "~/components/ui/button";

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
  await requireAdmin(request, "orders:view");
  const params = searchParamsOf(request);
  const filter = filterSchema.parse({ period: params.get("period") ?? undefined, q: params.get("q") ?? "" });
  const timeZone = timeZoneFromCookie(request.headers.get("Cookie"));
  const now = new Date();
  const { range, error } = salesRangeOf(params, todayInZone(now, timeZone));
  const [sales, stats, recent, abandoned] = await Promise.all([
    salesReport(range, timeZone),
    dashboardStats(now),
    listAdminOrders({ q: filter.q || undefined, since: periodStart(filter.period, now, timeZone), pageSize: RECENT_ORDERS }),
    countAbandonedCheckouts(),
  ]);
  // An unreadable custom range is the admin's mistake: said beside the dates, with a 400.
  return data({ sales, range, rangeError: error, timeZone, stats, recent: recent.rows, abandoned, filter }, { status: error ? 400 : 200 });
}

/** "Last 7 days: Nov 16 – Nov 22, 2026", "Today: Nov 22, 2026". */
function rangeTitle(range: SalesRange): string {
  const f = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
  const name = range.preset === "today" ? "Today" : range.preset === "custom" ? "Custom range" : `Last ${range.days} days`;
  return range.days === 1 ? `${name}: ${f(range.from)}` : `${name}: ${f(range.from)} – ${f(range.to)}`;
}

/** Which figures were converted into dollars, and the zone the days are counted in. */
function SalesNote({ converted, timeZone }: { converted: string[]; timeZone: string }) {
  return (
    <p className="text-xs text-gray-600" data-testid="sales-note">
      Figures in USD.{" "}
      {converted.length > 0
        ? `Orders in ${converted.join(" and ")} are converted at the exchange rate stored with each order.`
        : "No order in this range was charged in another currency."}{" "}
      Days run midnight to midnight in {timeZone}. Sales are paid orders by the day they were placed; refunds by the day they were made.
    </p>
  );
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

function StatCard({ label, trend, children }: { label: string; trend: Trend; children?: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-medium text-gray-600">{label}</h2>
      <p className="mt-2 text-3xl font-bold tabular-nums">{trend.total.toLocaleString("en-US")}</p>
      <TrendText trend={trend} />
      {children}
    </div>
  );
}

/** The recent orders' filter, kept by the sales range's links and form. */
function recentParams(filter: { period: string; q: string }): Record<string, string> {
  return { ...(filter.period !== "all" ? { period: filter.period } : {}), ...(filter.q ? { q: filter.q } : {}) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { sales, range, rangeError, timeZone, stats, recent, abandoned, filter } = loaderData;
  const { form, applyAfter: apply } = useFilterForm();
  const date = useAdminDate();

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <section aria-labelledby="sales-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="sales-heading" className="text-xl font-semibold">
            Sales
          </h2>
          <p className="text-sm text-gray-700" data-testid="sales-range">
            {rangeTitle(range)}
          </p>
        </div>
        <SalesRangePicker range={range} error={rangeError} keep={recentParams(filter)} />
        <SalesFigures report={sales} range={range} />
        <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <SalesNote converted={sales.converted} timeZone={timeZone} />
          <SalesChart key={`${range.from}-${range.to}`} daily={sales.daily} />
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <TopList title="Top products" label="Product" rows={sales.topProducts} />
          <TopList title="Top colours" label="Colour" rows={sales.topColours} />
          <LowStockList rows={sales.lowStock} />
        </div>
      </section>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Total Orders" trend={stats.orders}>
          {/* The same count as the orders list, by the same rule (server/orders/filters.ts). */}
          <p className="mt-2 text-xs text-gray-600" data-testid="orders-counted">
            Paid, refunded, cancelled after payment or failed payment, as in the orders list. Not counted:{" "}
            <Link to="/admin/orders/abandoned" className="text-brand-700 underline">
              {abandoned.toLocaleString("en-US")} abandoned {abandoned === 1 ? "checkout" : "checkouts"}
            </Link>
          </p>
        </StatCard>
        <StatCard label="Registered Users" trend={stats.customers} />
        <StatCard label="Blog Posts" trend={stats.posts} />
      </div>

      <section aria-labelledby="recent-heading" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent Orders
          </h2>
          <Link to="/admin/orders" className={buttonClass("primary", "small")}>
            View All Orders
          </Link>
        </div>
        <Form ref={form} method="get" role="search" aria-label="Filter recent orders" preventScrollReset className="mt-4 flex flex-wrap items-center gap-3">
          {Object.entries(salesRangeParams(range)).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
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
              <OrderListItem
                key={o.id}
                order={o}
                link={
                  <>
                    {o.name} <span className="sr-only">(order {o.number})</span>
                  </>
                }
                details={
                  <>
                    <span className="font-mono">{o.id.slice(0, 8)}</span> · {o.email} · {o.products}
                  </>
                }
                aside={<time dateTime={o.createdAt}>{date(o.createdAt)}</time>}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
