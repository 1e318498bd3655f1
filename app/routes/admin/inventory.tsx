import { itemLabel } from "@core/variant";
import { Form, Link, data, useNavigation } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { domainErrorResponse } from "@server/http/responses";
import { readForm, searchParamsOf } from "@server/http/form";
import { adjustStock, listInventory, recentMovements, type LedgerRow } from "@server/inventory";
import { FieldErrorsContext, SelectField, TextField } from "~/components/ui/field";
import { Pager } from "~/components/admin/pager";
import { primaryButton, secondaryButton } from "~/components/admin/settings";
import { FormError, FormSuccess } from "~/components/ui/form";
import { adminMeta } from "~/lib/admin";
import { useAdminDate } from "~/lib/use-admin-date";
import { ADJUST_REASON_HELP, adjustStockSchema, type InventoryRow } from "@core/inventory-form";
import { fieldErrors } from "@core/form";
import { ADJUST_REASONS, STOCK_REASON_LABELS } from "@core/stock";
import { useFilterForm } from "~/lib/use-filter-form";
import type { Route } from "./+types/inventory";

export const meta: Route.MetaFunction = () => adminMeta("Inventory");

const filterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  low: z.literal("1").optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

/** Every colour with on hand, reserved and available (server/inventory/admin.ts), and the latest movements. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "inventory");
  const params = searchParamsOf(request);
  const filter = filterSchema.parse({ q: params.get("q") || undefined, low: params.get("low") || undefined, page: params.get("page") || undefined });
  const [list, movements] = await Promise.all([listInventory({ q: filter.q, low: filter.low === "1", page: filter.page }), recentMovements(20)]);
  return data({ ...list, movements, filter });
}

type AdjustResult = { ok: boolean; message: string; variantId: string | null; fieldErrors: Record<string, string> };

/** One colour's adjustment with a reason; the ledger and audit entries commit with it. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "inventory");
  const form = await readForm(request);
  const variantId = typeof form.get("variantId") === "string" ? String(form.get("variantId")) : null;
  const parsed = adjustStockSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<AdjustResult>({ ok: false, message: "Please correct the fields marked below.", variantId, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  }
  try {
    const { before, after } = await adjustStock(parsed.data, admin);
    return data<AdjustResult>({
      ok: true,
      message: `${STOCK_REASON_LABELS[parsed.data.reason]}: on hand ${before} → ${after}.`,
      variantId: parsed.data.variantId,
      fieldErrors: {},
    });
  } catch (err) {
    return domainErrorResponse(err, (e): AdjustResult => ({ ok: false, message: e.publicMessage, variantId, fieldErrors: { quantity: e.publicMessage } }));
  }
}

/** Field paths are per colour so that every row's controls have their own ids. */
const rowPath = (variantId: string, field: string) => `adjust.${variantId}.${field}`;

function AdjustForm({ row, result }: { row: InventoryRow; result: AdjustResult | undefined }) {
  const mine = result && result.variantId === row.variantId ? result : undefined;
  const failed = mine && !mine.ok;
  const errors = Object.fromEntries(Object.entries(failed ? mine.fieldErrors : {}).map(([k, v]) => [rowPath(row.variantId, k), v]));
  const busy = useNavigation().state === "submitting";
  return (
    // Keyed by on hand: once an adjustment lands, the row's form closes and starts empty.
    <details key={`${row.variantId}-${row.onHand}`} open={failed || undefined} className="group">
      <summary className={`${secondaryButton} inline-block cursor-pointer list-none py-1.5 text-sm`}>
        Adjust<span className="sr-only"> stock of {row.title} {row.colour}</span>
      </summary>
      <FieldErrorsContext.Provider value={errors}>
        <Form method="post" noValidate className="mt-3 grid gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 sm:grid-cols-[10rem_7rem_minmax(0,1fr)_auto] sm:items-start">
          <input type="hidden" name="variantId" value={row.variantId} />
          <SelectField
            path={rowPath(row.variantId, "reason")}
            name="reason"
            label="Reason"
            options={ADJUST_REASONS.map((r) => ({ value: r, label: STOCK_REASON_LABELS[r] }))}
            defaultValue="received"
          />
          <TextField path={rowPath(row.variantId, "quantity")} name="quantity" label="Quantity" type="number" min={0} max={999999} step={1} inputMode="numeric" required />
          <TextField path={rowPath(row.variantId, "note")} name="note" label="Note (optional)" maxLength={200} />
          <button type="submit" className={`${primaryButton} sm:mt-6`} disabled={busy}>
            Save adjustment
          </button>
          <p className="text-xs text-gray-600 sm:col-span-4">{ADJUST_REASONS.map((r) => ADJUST_REASON_HELP[r]).join(" · ")}.</p>
        </Form>
      </FieldErrorsContext.Provider>
    </details>
  );
}

function Figure({ label, value, strong = false }: { label: string; value: number; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-gray-600">{label}</dt>
      <dd className={`tabular-nums ${strong ? "font-semibold" : ""}`}>{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

function InventoryItem({ row, result }: { row: InventoryRow; result: AdjustResult | undefined }) {
  return (
    <li data-testid="inventory-row" data-low={row.low || undefined} className={`grid gap-3 p-4 text-sm ${row.low ? "bg-amber-50" : ""}`}>
      <div className="grid gap-3 md:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,2fr)_auto] md:items-center">
        <div className="flex min-w-0 items-start gap-3">
          <span aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 rounded-full border border-gray-300" style={{ backgroundColor: row.hex }} />
          <div className="min-w-0">
            <Link to={`/admin/products/${row.productId}`} className="font-medium text-brand-700 underline">
              {row.title}
            </Link>
            <span className="block text-gray-700">{row.colour}</span>
          </div>
        </div>
        <p className="break-all">
          <span className="text-xs text-gray-600">SKU </span>
          {row.sku ?? <span className="text-gray-600">none</span>}
        </p>
        <dl className="grid grid-cols-4 gap-2">
          <Figure label="On hand" value={row.onHand} />
          <Figure label="Reserved" value={row.reserved} />
          <Figure label="Available" value={row.available} strong />
          <Figure label="Low at" value={row.threshold} />
        </dl>
        <p>
          {row.low ? <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">Low stock</span> : null}
        </p>
      </div>
      <AdjustForm row={row} result={result} />
    </li>
  );
}

function Movements({ rows }: { rows: LedgerRow[] }) {
  const date = useAdminDate();
  return (
    <section aria-labelledby="movements-heading" className="mt-8">
      <h2 id="movements-heading" className="text-lg font-semibold">
        Recent stock movements
      </h2>
      <p className="text-sm text-gray-600">Every change to stock on hand, newest first: sales, refunds, returns, adjustments, the product editor and imports.</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm">No stock has moved yet.</p>
      ) : (
        <ul aria-label="Recent stock movements" className="mt-3 divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
          {rows.map((m) => (
            <li key={m.id} data-testid="movement" className="grid gap-x-4 gap-y-1 p-3 text-sm md:grid-cols-[9rem_minmax(0,1.5fr)_8rem_6rem_minmax(0,1.5fr)]">
              <time dateTime={m.at} className="text-gray-700">
                {date(m.at)}
              </time>
              <span>
                {itemLabel(m.title, m.colour)}
              </span>
              <span>{STOCK_REASON_LABELS[m.reason]}</span>
              <span className="tabular-nums">
                <span className={m.delta > 0 ? "text-green-800" : "text-red-800"}>{m.delta > 0 ? `+${m.delta}` : `−${-m.delta}`}</span>
                <span className="text-gray-600"> → {m.balance}</span>
              </span>
              <span className="min-w-0 break-words text-gray-700">
                {m.who}
                {m.orderId && m.orderNumber ? (
                  <>
                    {" · "}
                    <Link to={`/admin/orders/${m.orderId}`} className="text-brand-700 underline">
                      {m.orderNumber}
                    </Link>
                  </>
                ) : null}
                {m.note ? ` · ${m.note}` : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Inventory({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filter, movements } = loaderData;
  const { form, applyAfter } = useFilterForm();
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (filter.low) params.set("low", "1");
    if (p > 1) params.set("page", String(p));
    return `?${params}`;
  };
  return (
    <div className="mx-auto max-w-6xl">
      <h2 className="sr-only">Stock by colour</h2>
      <Form ref={form} method="get" role="search" aria-label="Filter inventory" className="flex flex-wrap items-end gap-3">
        <TextField
          id="inventory-search"
          label="Search"
          type="search"
          name="q"
          defaultValue={filter.q ?? ""}
          placeholder="Product, colour or SKU"
          onChange={() => applyAfter(300)}
          className="min-w-48 flex-1"
        />
        <label className="flex items-center gap-2 py-2 text-sm">
          <input type="checkbox" name="low" value="1" defaultChecked={filter.low === "1"} onChange={() => applyAfter(0)} className="h-4 w-4 accent-brand-700" />
          Low stock only
        </label>
        <noscript>
          <button type="submit" className={secondaryButton}>
            Apply
          </button>
        </noscript>
        <div className="flex flex-wrap gap-2">
          {/* A download, not a page: the browser saves the file (and without JavaScript too). */}
          <a href={`/admin/inventory/export${href(1)}`} download className={secondaryButton}>
            Export CSV
          </a>
          <Link to="/admin/inventory/import" className={secondaryButton}>
            Import stock
          </Link>
        </div>
      </Form>
      <div className="mt-4" aria-live="polite">
        {actionData?.ok ? <FormSuccess message={actionData.message} /> : <FormError message={actionData?.message} />}
      </div>
      <p className="mt-4 text-sm text-gray-700" data-testid="inventory-count">
        {total.toLocaleString("en-US")} {total === 1 ? "colour" : "colours"}
        <span className="text-gray-600"> · reserved: held by checkouts not yet paid; available: on hand less reserved; low: available at or below the product&apos;s threshold</span>
      </p>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-lg font-semibold">No colours found</p>
      ) : (
        <ul aria-label="Stock by colour" className="mt-3 divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white">
          {rows.map((r) => (
            <InventoryItem key={r.variantId} row={r} result={actionData} />
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} href={href} label="Inventory pages" />
      <Movements rows={movements} />
    </div>
  );
}
