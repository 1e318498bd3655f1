import { Form, Link, data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { listCustomers } from "@server/customers";
import { searchParamsOf } from "@server/http/form";
import { Pager } from "~/components/admin/pager";
import { buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { adminMeta } from "~/lib/admin";
import { useAdminDate } from "~/lib/use-admin-date";
import { formatMoney } from "@core/money";
import { useFilterForm } from "~/lib/use-filter-form";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => adminMeta("Customers");

const filterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

/** Everyone who paid or registered (server/customers/admin.ts); search by any part of name or email. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "customers");
  const params = searchParamsOf(request);
  const filter = filterSchema.parse({ q: params.get("q") || undefined, page: params.get("page") || undefined });
  return data({ ...(await listCustomers(filter)), filter });
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filter } = loaderData;
  const { form, applyAfter } = useFilterForm();
  const date = useAdminDate();
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (p > 1) params.set("page", String(p));
    return `?${params}`;
  };
  return (
    <div className="mx-auto max-w-6xl">
      <Form ref={form} method="get" role="search" aria-label="Search customers" className="flex flex-wrap items-end gap-3">
        <TextField
          id="customer-search"
          label="Search"
          type="search"
          name="q"
          defaultValue={filter.q ?? ""}
          placeholder="Any part of a name or email"
          onChange={() => applyAfter(300)}
          className="min-w-48 flex-1"
        />
        <noscript>
          <button type="submit" className={buttonClass("secondary", "small")}>
            Search
          </button>
        </noscript>
        {/* A download, not a page: the browser saves the file (and without JavaScript too). */}
        <a href={`/admin/customers/export${href(1)}`} download className={buttonClass("secondary", "small")}>
          Export CSV
        </a>
      </Form>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite" data-testid="customer-count">
        {total.toLocaleString("en-US")} {total === 1 ? "customer" : "customers"}
        {filter.q ? " match" : ""}
        <span className="text-gray-600">
          {" "}
          · everyone who paid for an order or registered; spent is what their paid orders came to, refunds taken off, in US dollars: orders in pounds or
          euros are converted at the exchange rate stored with each order
        </span>
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-lg font-semibold">No customers found</p>
      ) : (
        <ul aria-label="Customers" className="mt-3 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
          {rows.map((c) => (
            <li key={c.key} data-testid="customer-row" className="grid gap-x-4 gap-y-1 p-4 text-sm md:grid-cols-[1.6fr_repeat(3,1fr)_auto] md:items-center">
              <div className="min-w-0">
                <Link to={`/admin/customers/${c.key}`} className="font-medium text-brand-700 underline">
                  {c.name}
                </Link>
                <span className="block break-all text-xs text-gray-600">{c.email}</span>
              </div>
              <p>
                {c.orderCount} {c.orderCount === 1 ? "order" : "orders"}
              </p>
              <p className="tabular-nums">
                {formatMoney(c.totalSpentCents, "USD")} spent
              </p>
              <p>
                <span className="text-gray-600">Last order: </span>
                {c.lastOrderAt ? <time dateTime={c.lastOrderAt}>{date(c.lastOrderAt, false)}</time> : "none"}
              </p>
              <p className="flex flex-wrap gap-1 text-xs">
                {c.registered ? <span className="rounded-full bg-gray-100 px-2 py-0.5 font-medium text-gray-800">Account</span> : <span className="rounded-full bg-gray-100 px-2 py-0.5 font-medium text-gray-800">Guest</span>}
                {c.newsletter ? <span className="rounded-full bg-green-50 px-2 py-0.5 font-medium text-green-800">Newsletter</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={href} label="Customer pages" />
    </div>
  );
}
