import { useRef, useState } from "react";
import { Form, Link } from "react-router";
import { formatMoney } from "@core/money";
import { SALES_PRESETS, percentChange, previousPeriodLabel, type LowStockRow, type SalesDay, type SalesRange, type SalesReport, type TopRow } from "@core/sales-range";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";

const dayLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const dayLabelWithYear = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
/** "Nov 16" for a calendar day of the admin's zone (already a day: formatted as UTC so it does not move). */
const shortDay = (day: string, withYear = false) => (withYear ? dayLabelWithYear : dayLabel).format(new Date(`${day}T00:00:00Z`));

// Here, not in core/money.ts, which every storefront page loads: only this chart uses it.
const compactUsd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 });
/** US cents in a chart axis's few characters: "$0", "$250", "$1.5K". */
const formatUsdCompact = (cents: number) => compactUsd.format(cents / 100);

const card = "rounded-xl border border-gray-200 bg-white p-5 shadow-sm";

/**
 * The range picker: preset links and a custom from/to form, plain GET requests (no JavaScript
 * needed), each keeping the rest of the dashboard's query (`keep`: the recent orders' filter).
 */
export function SalesRangePicker({ range, error, keep }: { range: SalesRange; error?: string; keep: Record<string, string> }) {
  const hrefOf = (value: string) => `?${new URLSearchParams({ ...keep, range: value })}`;
  // Both dates share the one message under the form (a reversed range is neither date's fault alone).
  const dayAria = { "aria-invalid": error ? true : undefined, "aria-describedby": error ? "sales-range-error" : undefined } as const;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <nav aria-label="Sales range">
        <ul className="flex gap-1 rounded-lg bg-gray-100 p-1">
          {SALES_PRESETS.map((p) => (
            <li key={p.value}>
              <Link
                to={hrefOf(p.value)}
                preventScrollReset
                aria-current={range.preset === p.value ? "page" : undefined}
                className="block whitespace-nowrap rounded-md px-2 py-1.5 text-xs font-medium text-gray-800 sm:px-3 sm:text-sm aria-[current=page]:bg-white aria-[current=page]:shadow-sm"
              >
                {p.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" preventScrollReset aria-label="Custom sales range" className="flex flex-wrap items-end gap-2">
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="range" value="custom" />
        <TextField type="date" id="sales-from" label="From" name="from" defaultValue={range.from} {...dayAria} />
        <TextField type="date" id="sales-to" label="To" name="to" defaultValue={range.to} {...dayAria} />
        <Button type="submit" variant="secondary" size="small">
          Apply
        </Button>
      </Form>
      {error ? (
        <p id="sales-range-error" role="alert" className="w-full text-sm text-red-800">
          {error} Showing the last 30 days.
        </p>
      ) : null}
    </div>
  );
}

/** "+12% vs the previous 7 days" under a figure; for refunds (`upIsBad`) a rise reads red. */
function Comparison({ current, previous, range, money, upIsBad = false }: { current: number; previous: number; range: SalesRange; money: boolean; upIsBad?: boolean }) {
  const percent = percentChange(current, previous);
  const was = money ? formatMoney(previous, "USD") : previous.toLocaleString("en-US");
  if (percent === null) {
    return <p className="mt-1 text-sm text-gray-600">None in {previousPeriodLabel(range)}</p>;
  }
  const good = upIsBad ? percent <= 0 : percent >= 0;
  return (
    <p className="mt-1 text-sm">
      <span className={`font-medium ${percent === 0 ? "text-gray-700" : good ? "text-green-800" : "text-red-800"}`}>
        {percent > 0 ? "+" : ""}
        {percent}%
      </span>{" "}
      <span className="text-gray-600">
        vs {previousPeriodLabel(range)} ({was})
      </span>
    </p>
  );
}

function Figure({ label, value, children }: { label: string; value: string; children: React.ReactNode }) {
  return (
    <div className={card} data-testid="sales-figure">
      <h3 className="text-sm font-medium text-gray-600">{label}</h3>
      <p className="mt-2 text-2xl font-bold tabular-nums sm:text-3xl">{value}</p>
      {children}
    </div>
  );
}

const average = (t: { salesCents: number; orders: number }) => (t.orders === 0 ? 0 : Math.round(t.salesCents / t.orders));

export function SalesFigures({ report, range }: { report: SalesReport; range: SalesRange }) {
  const { current, previous } = report;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Figure label="Total sales" value={formatMoney(current.salesCents, "USD")}>
        <Comparison current={current.salesCents} previous={previous.salesCents} range={range} money />
      </Figure>
      <Figure label="Orders" value={current.orders.toLocaleString("en-US")}>
        <Comparison current={current.orders} previous={previous.orders} range={range} money={false} />
      </Figure>
      <Figure label="Average order value" value={current.orders === 0 ? "–" : formatMoney(average(current), "USD")}>
        <Comparison current={average(current)} previous={average(previous)} range={range} money />
      </Figure>
      <Figure label="Refunds" value={formatMoney(current.refundsCents, "USD")}>
        <Comparison current={current.refundsCents} previous={previous.refundsCents} range={range} money upIsBad />
      </Figure>
    </div>
  );
}

/** A round axis top above `max` (1, 2, 2.5 or 5 times a power of ten per quarter), at least $4 ($1 a gridline). */
export function axisTop(maxCents: number): number {
  const quarter = Math.max(maxCents, 400) / 4;
  const power = 10 ** Math.floor(Math.log10(quarter));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= quarter)!;
  return step * 4;
}

const SERIES = [
  { key: "salesCents", label: "Sales", bar: "bg-brand-600" },
  { key: "refundsCents", label: "Refunds", bar: "bg-orange-600" },
] as const;

function describeDay(d: SalesDay): string {
  return `${shortDay(d.day, true)}: sales ${formatMoney(d.salesCents, "USD")}, ${d.orders} ${d.orders === 1 ? "order" : "orders"}, refunds ${formatMoney(d.refundsCents, "USD")}`;
}

/**
 * Sales and refunds per day as paired bars on one dollar axis. Each day is a button: hovering or
 * focusing it shows its figures (CSS only, so it works before JavaScript); with JavaScript the
 * arrow keys, Home and End move between days (one tab stop for the whole chart). The table under
 * "Show the numbers" carries every figure too.
 */
export function SalesChart({ daily }: { daily: SalesDay[] }) {
  const [active, setActive] = useState(daily.length - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const top = axisTop(Math.max(...daily.map((d) => Math.max(d.salesCents, d.refundsCents))));
  const ticks = [0, 1, 2, 3, 4].map((i) => (top * i) / 4);
  const move = (i: number) => {
    const next = Math.min(daily.length - 1, Math.max(0, i));
    setActive(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    const to = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: daily.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    move(to);
  };
  const xLabels = daily.length === 1 ? [daily[0]] : [daily[0], daily[Math.floor((daily.length - 1) / 2)], daily[daily.length - 1]];

  return (
    <figure className="mt-4" aria-labelledby="sales-chart-caption">
      <figcaption id="sales-chart-caption" className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold">Sales and refunds per day</span>
        <ul aria-label="Legend" className="flex gap-4 text-gray-700">
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${s.bar}`} />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
      <div className="mt-4 flex">
        {/* The dollar axis: the same figures as the gridlines, read by screen readers from the buttons instead. */}
        <div className="relative h-48 w-12 shrink-0 text-right text-xs text-gray-600" aria-hidden="true">
          {ticks.map((t) => (
            <span key={t} className="absolute right-2 translate-y-1/2 tabular-nums" style={{ bottom: `${(t / top) * 100}%` }}>
              {formatUsdCompact(t)}
            </span>
          ))}
        </div>
        <div className="relative h-48 min-w-0 flex-1 border-b border-l border-gray-400">
          {ticks.slice(1).map((t) => (
            <div key={t} aria-hidden="true" className="absolute inset-x-0 border-t border-gray-200" style={{ bottom: `${(t / top) * 100}%` }} />
          ))}
          <div role="group" aria-label="Days: use the arrow keys to move between days" className="absolute inset-0 flex items-stretch">
            {daily.map((d, i) => {
              const side = daily.length < 3 ? "left-1/2 -translate-x-1/2" : i < daily.length / 3 ? "left-0" : i >= (daily.length * 2) / 3 ? "right-0" : "left-1/2 -translate-x-1/2";
              return (
                <button
                  key={d.day}
                  ref={(el) => {
                    buttons.current[i] = el;
                  }}
                  type="button"
                  tabIndex={i === active ? 0 : -1}
                  aria-label={describeDay(d)}
                  data-testid="chart-day"
                  onFocus={() => setActive(i)}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  className="group relative flex min-w-0 flex-1 items-end justify-center gap-px px-px hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-800"
                >
                  {SERIES.map((s) => (
                    <span key={s.key} aria-hidden="true" className={`block w-full max-w-4 ${s.bar}`} style={{ height: `${(d[s.key] / top) * 100}%` }} />
                  ))}
                  <span
                    aria-hidden="true"
                    className={`pointer-events-none absolute top-1 z-10 hidden whitespace-nowrap rounded-md bg-gray-900 px-2 py-1 text-left text-xs text-white shadow group-hover:block group-focus-visible:block ${side}`}
                  >
                    <span className="block font-semibold">{shortDay(d.day, true)}</span>
                    <span className="block">Sales {formatMoney(d.salesCents, "USD")} · {d.orders} {d.orders === 1 ? "order" : "orders"}</span>
                    <span className="block">Refunds {formatMoney(d.refundsCents, "USD")}</span>
                  </span>
                </button>
              );
            })}
          </div>
        </div>
      </div>
      <div className="ml-12 mt-1 flex justify-between text-xs text-gray-600" aria-hidden="true">
        {xLabels.map((d) => (
          <span key={d.day}>{shortDay(d.day)}</span>
        ))}
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-gray-700">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Sales, orders and refunds per day</caption>
          <thead>
            <tr className="text-gray-600">
              <th scope="col" className="py-1">Day</th>
              <th scope="col" className="py-1 text-right">Sales</th>
              <th scope="col" className="py-1 text-right">Orders</th>
              <th scope="col" className="py-1 text-right">Refunds</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((d) => (
              <tr key={d.day} className="border-t border-gray-100">
                <td className="py-1">{shortDay(d.day, true)}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(d.salesCents, "USD")}</td>
                <td className="py-1 text-right tabular-nums">{d.orders}</td>
                <td className="py-1 text-right tabular-nums">{formatMoney(d.refundsCents, "USD")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** A column heading; `numeric` ones are right-aligned with their figures. */
type Column = { label: string; numeric?: boolean };
const cell = (numeric?: boolean) => (numeric ? "py-1.5 text-right tabular-nums" : "py-1.5");

/** A dashboard card holding a short table (top sellers, low stock), or a sentence when it is empty. */
function TableCard({ id, title, columns, empty, children }: { id: string; title: string; columns: Column[]; empty: string | null; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {empty !== null ? (
        <p className="mt-3 text-sm text-gray-600">{empty}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr className="text-gray-600">
              {columns.map((c) => (
                <th key={c.label} scope="col" className={cell(c.numeric)}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="[&>tr]:border-t [&>tr]:border-gray-100">{children}</tbody>
        </table>
      )}
    </section>
  );
}

/** Best sellers of the range: name, units and sales (gross, as Total sales). */
export function TopList({ title, label, rows }: { title: string; label: string; rows: TopRow[] }) {
  return (
    <TableCard id={`top-${label.toLowerCase()}`} title={title} columns={[{ label }, { label: "Units", numeric: true }, { label: "Sales", numeric: true }]} empty={rows.length === 0 ? "No sales in this range." : null}>
      {rows.map((r, i) => (
        <tr key={`${i}-${r.name}`}>
          <td className={cell()}>{r.name}</td>
          <td className={cell(true)}>{r.units}</td>
          <td className={cell(true)}>{formatMoney(r.salesCents, "USD")}</td>
        </tr>
      ))}
    </TableCard>
  );
}

/** Colours with few units left to sell, linked to their product. */
export function LowStockList({ rows }: { rows: LowStockRow[] }) {
  return (
    <TableCard
      id="low-stock-heading"
      title="Low stock"
      columns={[{ label: "Product" }, { label: "Colour" }, { label: "Available", numeric: true }]}
      empty={rows.length === 0 ? "Every colour has more units than its low-stock threshold." : null}
    >
      {rows.map((r) => (
        <tr key={`${r.productId}-${r.colour}`}>
          <td className={cell()}>
            <Link to={`/admin/products/${r.productId}`} className="text-brand-700 underline">
              {r.product}
            </Link>
          </td>
          <td className={cell()}>{r.colour}</td>
          <td className={`${cell(true)} ${r.available === 0 ? "font-semibold text-red-800" : ""}`}>
            {r.available === 0 ? "Sold out" : r.available} <span className="sr-only">(threshold {r.threshold})</span>
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
