import { Link, data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { listAbandonedCheckouts } from "@server/orders";
import { searchParamsOf } from "@server/http/form";
import { OrdersTabs } from "~/components/admin/orders-tabs";
import { Pager } from "~/components/admin/pager";
import { adminMeta } from "~/lib/admin";
import { useAdminDate } from "~/lib/use-admin-date";
import { formatMoney } from "@core/money";
import type { Route } from "./+types/abandoned-checkouts";

export const meta: Route.MetaFunction = () => adminMeta("Abandoned checkouts");

const pageSchema = z.coerce.number().int().min(1).max(1_000_000).catch(1);

/** Checkouts that never took money (server/orders/filters.ts): who, what, how much, when. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "orders:view");
  const list = await listAbandonedCheckouts({ page: pageSchema.parse(searchParamsOf(request).get("page") ?? 1) });
  return data(list);
}

export default function AbandonedCheckouts({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  const date = useAdminDate();
  return (
    <div className="mx-auto max-w-6xl">
      <OrdersTabs current="abandoned" abandoned={total} />
      <p className="mt-4 text-sm text-gray-700" data-testid="abandoned-count">
        {total.toLocaleString("en-US")} abandoned {total === 1 ? "checkout" : "checkouts"}
        <span className="text-gray-600"> · checkouts that never took a payment: not orders, and not counted as orders anywhere</span>
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-lg font-semibold">No abandoned checkouts</p>
      ) : (
        <ul aria-label="Abandoned checkouts" className="mt-3 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
          {rows.map((c) => (
            <li key={c.id} data-testid="abandoned-row" className="grid gap-x-4 gap-y-1 p-4 text-sm md:grid-cols-[10rem_1fr_1.4fr_auto]">
              <div>
                <time dateTime={c.createdAt} className="font-medium">
                  {date(c.createdAt)}
                </time>
                <Link to={`/admin/orders/${c.id}`} className="block text-xs text-brand-700 underline">
                  {c.number}
                </Link>
              </div>
              <div className="min-w-0">
                <span className="font-medium">{c.name}</span>
                <a href={`mailto:${c.email}`} className="block break-all text-xs text-brand-700 underline">
                  {c.email}
                </a>
              </div>
              <p className="text-gray-800">
                <span className="sr-only">Cart: </span>
                {c.products}
              </p>
              <div className="md:text-right">
                <p className="font-semibold tabular-nums">{formatMoney(c.totalCents, c.currency.toUpperCase())}</p>
                <p className="text-xs text-gray-700">{c.status === "pending" ? "Open: units still reserved" : (c.cancelReason ?? "Closed")}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={(p) => (p > 1 ? `?page=${p}` : "?")} label="Abandoned checkout pages" />
    </div>
  );
}
