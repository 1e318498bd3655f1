import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { deleteDiscount, listDiscounts, setDiscountActive } from "@server/discounts";
import { Icon } from "~/components/admin/icons";
import { FormError, FormSuccess } from "~/components/ui/form";
import { adminMeta } from "~/lib/admin";
import { useAdminDate } from "~/lib/use-admin-date";
import { formatMoney } from "@core/money";
import type { Route } from "./+types/discounts";
import { readForm, searchParamsOf } from "@server/http/form";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => adminMeta("Discounts");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "discounts");
  const q = (searchParamsOf(request).get("q") ?? "").slice(0, 100);
  return data({ q, discounts: await listDiscounts(q) });
}

const actionSchema = z.object({
  intent: z.enum(["deactivate", "activate", "delete"], { message: "Unknown action" }),
  id: z.uuid("Unknown discount"),
});

type ActionResult = { ok: boolean; message: string; fieldErrors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "discounts");
  const parsed = actionSchema.safeParse(Object.fromEntries(await readForm(request)));
  const answer = (status: number, ok: boolean, message: string) => data<ActionResult>({ ok, message }, { status });
  if (!parsed.success) return invalidForm(parsed.error);
  const { intent, id } = parsed.data;
  try {
    if (intent === "delete") {
      const outcome = await deleteDiscount(id, admin);
      return answer(200, true, outcome === "deleted" ? "Discount deleted" : "This code has been used, so it was deactivated instead of deleted: past orders keep their record.");
    }
    await setDiscountActive(id, intent === "activate", admin);
    return answer(200, true, intent === "activate" ? "Discount activated" : "Discount deactivated");
  } catch (err) {
    return domainErrorResponse(err, (e): ActionResult => ({ ok: false, message: e.publicMessage }));
  }
}

const STATUS_STYLE: Record<string, string> = {
  active: "bg-green-100 text-green-900 ring-green-600/30",
  scheduled: "bg-blue-50 text-blue-900 ring-blue-600/30",
  expired: "bg-gray-100 text-gray-700 ring-gray-500/30",
  "used up": "bg-amber-50 text-amber-900 ring-amber-600/30",
  deactivated: "bg-gray-100 text-gray-700 ring-gray-500/30",
};

function statusLabel(status: string) {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const primaryButton = buttonClass("primary", "small");
const rowButton = "rounded-lg px-2 py-1 text-sm font-medium hover:bg-gray-100 disabled:opacity-50";

export default function AdminDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  const { q, discounts } = loaderData;
  const date = useAdminDate();
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">Discount codes</h2>
        <Link to="/admin/discounts/new" className={primaryButton}>
          <Icon name="plus" className="h-4 w-4" /> Create Discount
        </Link>
      </div>

      <Form method="get" role="search" className="mt-4 flex max-w-md gap-2">
        <label htmlFor="discount-search" className="sr-only">
          Search discounts
        </label>
        <input
          id="discount-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder="Search by code or title"
          className="w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-gray-50">
          Search
        </button>
      </Form>

      <div className="mt-4 space-y-2">
        {actionData?.ok ? <FormSuccess message={actionData.message} /> : <FormError message={actionData?.message} />}
      </div>

      {discounts.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">{q ? `No discount codes match "${q}"` : "No discount codes yet"}</p>
        </div>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Discount codes, newest first</caption>
            <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="p-3">
                  Code
                </th>
                <th scope="col" className="hidden p-3 md:table-cell">
                  Discount
                </th>
                <th scope="col" className="p-3">
                  Status
                </th>
                <th scope="col" className="p-3">
                  Uses
                </th>
                <th scope="col" className="hidden p-3 sm:table-cell">
                  Revenue (USD)
                </th>
                <th scope="col" className="p-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {discounts.map((d) => (
                <tr key={d.id} className="border-t border-gray-100 align-middle">
                  <td className="p-3">
                    <span className="font-mono font-semibold text-gray-900">{d.code}</span>
                    <span className="block text-xs text-gray-600">{d.title}</span>
                  </td>
                  <td className="hidden p-3 md:table-cell">
                    {d.kind === "percentage" ? `${d.percentOff}% off` : d.kind === "fixed" ? "Fixed amount off" : "Free shipping"}
                    {d.status === "scheduled" && d.startsAt ? <span className="block text-xs text-gray-600">Starts {date(d.startsAt)}</span> : null}
                    {d.endsAt ? <span className="block text-xs text-gray-600">Ends {date(d.endsAt)}</span> : null}
                  </td>
                  <td className="p-3">
                    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STATUS_STYLE[d.status]}`}>
                      {statusLabel(d.status)}
                    </span>
                  </td>
                  <td className="whitespace-nowrap p-3 tabular-nums">
                    {d.uses}
                    {d.usageLimit !== null ? ` / ${d.usageLimit}` : ""}
                  </td>
                  <td className="hidden whitespace-nowrap p-3 tabular-nums sm:table-cell">
                    {formatMoney(d.revenueUsdCents, "USD")}
                    {d.convertedFrom.length ? <span className="block text-xs text-gray-600">incl. {d.convertedFrom.join(", ")} at the order's rate</span> : null}
                  </td>
                  <td className="p-3">
                    <div className="flex flex-col items-end gap-1 sm:flex-row sm:items-center sm:justify-end">
                      <Link to={`/admin/discounts/${d.id}`} className="inline-flex items-center rounded-lg p-2 text-gray-700 hover:bg-gray-100" aria-label={`Edit ${d.code}`}>
                        <Icon name="edit" />
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="id" value={d.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={d.status === "deactivated" ? "activate" : "deactivate"}
                          disabled={busy}
                          className={rowButton}
                          aria-label={`${d.status === "deactivated" ? "Activate" : "Deactivate"} ${d.code}`}
                        >
                          {d.status === "deactivated" ? "Activate" : "Deactivate"}
                        </button>
                      </Form>
                      <Form
                        method="post"
                        onSubmit={(e) => {
                          if (!window.confirm(`Delete ${d.code}? A code that has been used is deactivated instead.`)) e.preventDefault();
                        }}
                      >
                        <input type="hidden" name="id" value={d.id} />
                        <button type="submit" name="intent" value="delete" disabled={busy} className="inline-flex items-center rounded-lg p-2 text-red-700 hover:bg-red-50 disabled:opacity-50" aria-label={`Delete ${d.code}`}>
                          <Icon name="trash" />
                        </button>
                      </Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
