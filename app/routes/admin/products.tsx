import { useEffect, useState } from "react";
import { PRODUCT_TYPE_LABELS } from "@core/collections";
import { Link, data, useFetcher } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { bulkProducts, deleteProduct, listAdminProducts } from "@server/catalog";
import type { Actor } from "@server/audit";
import { bulkSelectionOf } from "@core/bulk-selection";
import { AdminErrorBoundary } from "~/components/admin/error-panel";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Icon } from "~/components/admin/icons";
import { PublishStatusBadge } from "~/components/admin/publish-status-badge";
import { useToast } from "~/components/ui/toast";
import { adminMeta, formatAdminDate } from "~/lib/admin";
import { formatMoney } from "@core/money";
import type { Route } from "./+types/products";
import { readForm, searchParamsOf } from "@server/http/form";
import { BULK_PRODUCT_ACTIONS, hasProductListFilter, productListFilterOf } from "@core/product-list-filter";
import { listQuery } from "@core/list-query";
import { Pager } from "~/components/admin/pager";
import { ProductFilters } from "~/components/admin/products/product-filters";
import { BulkProductActions } from "~/components/admin/products/bulk-actions";
import { RowCheckbox } from "~/components/admin/bulk-bar";
import { useSelection } from "~/lib/use-selection";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = () => adminMeta("Products");

/** Every filter is in the URL, read like the orders list's. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "products");
  const filter = productListFilterOf(searchParamsOf(request));
  return data({ ...(await listAdminProducts(filter)), filter });
}

const deleteSchema = z.object({ intent: z.literal("delete"), id: z.uuid("Unknown product") });

const bulkSchema = z.object({ intent: z.literal("bulk"), action: z.enum(BULK_PRODUCT_ACTIONS, { message: "Choose publish, unpublish or delete." }), ids: z.string() });

/** One product's delete (a row's button), or a bulk action on the ticked products. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "products");
  const form = Object.fromEntries(await readForm(request));
  if (form.intent === "bulk") return bulkAction(form, admin);
  const parsed = deleteSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await deleteProduct(parsed.data.id, admin);
  } catch (err) {
    return domainErrorResponse(err);
  }
  return data({ ok: true as const });
}

async function bulkAction(form: Record<string, unknown>, admin: Actor) {
  const parsed = bulkSchema.safeParse(form);
  if (!parsed.success) return invalidForm(parsed.error);
  const selected = bulkSelectionOf(new URLSearchParams({ ids: parsed.data.ids }));
  if (!selected.ok || selected.selection.all) return data({ ok: false as const, message: selected.ok ? "Select the products on the page." : selected.message }, { status: 400 });
  const result = await bulkProducts(parsed.data.action, selected.selection.ids, admin);
  return data({ ok: true as const, bulk: parsed.data.action, ...result });
}

const primaryButton = buttonClass("primary", "small");

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { rows: products, total, page, pageCount, filter } = loaderData;
  const filtered = hasProductListFilter(filter);
  const selection = useSelection(
    listQuery(filter, page),
    products.map((p) => p.id),
    total,
  );
  const toast = useToast();
  const fetcher = useFetcher<typeof action>();
  const [toDelete, setToDelete] = useState<{ id: string; title: string } | null>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) toast({ title: "Success", description: "Product deleted successfully" });
    else toast({ title: "Error", description: fetcher.data.message, variant: "destructive" });
  }, [fetcher.state, fetcher.data, toast]);

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">All products</h2>
        <Link to="/admin/products/new" className={primaryButton}>
          <Icon name="plus" className="h-4 w-4" /> Add Product
        </Link>
      </div>

      <div className="mt-4 flex flex-wrap items-end gap-3">
        <ProductFilters filter={filter} />
        {filtered ? (
          <Link to="/admin/products" className={buttonClass("secondary", "small")}>
            Clear filters
          </Link>
        ) : null}
      </div>
      <p className="mt-4 text-sm text-gray-700" aria-live="polite" data-testid="product-count">
        {total.toLocaleString("en-US")} {total === 1 ? "product" : "products"}
        {filtered ? (total === 1 ? " matches" : " match") : ""}
      </p>

      {products.length > 0 ? <BulkProductActions selection={selection} total={total} /> : null}

      {products.length === 0 && filtered ? (
        <p className="mt-4 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-gray-700">No product matches these filters.</p>
      ) : products.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
          <p className="text-lg font-semibold">No products yet</p>
          <Link to="/admin/products/new" className={`${primaryButton} mt-4`}>
            Add Your First Product
          </Link>
        </div>
      ) : (
        <div className="relative mt-6 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">Products, newest first</caption>
            <thead className="bg-gray-50 text-xs uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="hidden p-3 sm:table-cell">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col" className="p-3">
                  Title
                </th>
                <th scope="col" className="hidden p-3 sm:table-cell">
                  Price
                </th>
                <th scope="col" className="p-3 text-right">
                  Stock
                </th>
                <th scope="col" className="hidden p-3 text-right md:table-cell">
                  Variants
                </th>
                <th scope="col" className="hidden p-3 sm:table-cell">
                  Status
                </th>
                <th scope="col" className="hidden p-3 md:table-cell">
                  Created
                </th>
                <th scope="col" className="p-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id} className="border-t border-gray-100 align-middle">
                  <td className="hidden w-16 p-3 sm:table-cell">
                    {p.image ? (
                      <img src={p.image.src} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded-lg border border-gray-200 bg-gray-50 object-contain" />
                    ) : (
                      <div aria-hidden="true" className="h-12 w-12 rounded-lg border border-dashed border-gray-300 bg-gray-50" />
                    )}
                  </td>
                  <td className="p-3">
                    <div className="flex items-start gap-3">
                      <RowCheckbox selection={selection} id={p.id} label={`Select ${p.title}`} />
                      <div>
                        <span className="font-semibold text-gray-900">{p.title}</span>
                        <span className="block text-xs text-gray-600">
                          {PRODUCT_TYPE_LABELS[p.type]}
                          {p.featuredPosition !== null ? ` · Featured on the home page (${p.featuredPosition})` : ""}
                        </span>
                        {/* On phones the price and status columns are hidden: they follow the title instead. */}
                        <span className="mt-1 flex items-center gap-2 sm:hidden">
                          <span className="tabular-nums">{formatMoney(p.priceCents, "USD")}</span>
                          <PublishStatusBadge status={p.status} />
                        </span>
                      </div>
                    </div>
                  </td>
                  <td className="hidden whitespace-nowrap p-3 tabular-nums sm:table-cell">{formatMoney(p.priceCents, "USD")}</td>
                  <td className="whitespace-nowrap p-3 text-right tabular-nums" data-testid="product-stock">
                    {p.stock === 0 ? <span className="font-semibold text-red-800">Sold out</span> : p.stock}
                    {p.low ? <span className="block text-xs font-medium text-amber-800">Low stock</span> : null}
                  </td>
                  <td className="hidden p-3 text-right tabular-nums md:table-cell">{p.variants}</td>
                  <td className="hidden p-3 sm:table-cell">
                    <PublishStatusBadge status={p.status} />
                  </td>
                  <td className="hidden whitespace-nowrap p-3 text-gray-700 md:table-cell">
                    <time dateTime={p.createdAt}>{formatAdminDate(p.createdAt)}</time>
                  </td>
                  <td className="p-3">
                    <div className="flex justify-end gap-1">
                      <Link to={`/admin/products/${p.id}`} className="inline-flex items-center rounded-lg p-2 text-gray-700 hover:bg-gray-100" aria-label={`Edit ${p.title}`}>
                        <Icon name="edit" />
                      </Link>
                      <button
                        type="button"
                        onClick={() => setToDelete({ id: p.id, title: p.title })}
                        disabled={fetcher.state !== "idle"}
                        className="inline-flex items-center rounded-lg p-2 text-red-700 hover:bg-red-50 disabled:opacity-50"
                        aria-label={`Delete ${p.title}`}
                      >
                        <Icon name="trash" />
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager page={page} pageCount={pageCount} href={(p) => listQuery(filter, p) || "?"} label="Product pages" />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete Product"
        description="Are you sure you want to delete this product? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (!toDelete) return;
          fetcher.submit({ intent: "delete", id: toDelete.id }, { method: "post" });
          setToDelete(null);
        }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary title="Error" message="The products could not be loaded. Please try again." />;
}
