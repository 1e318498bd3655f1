import { Dialog, DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Form, Link, data, useFetcher, useNavigate, useRevalidator } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth/guards";
import type { OrderStatus } from "~/lib/order-status";
import { OrderNotFoundError, OrderTransitionError, changeOrderStatus, listAdminOrders, type AdminOrderEvent } from "@server/orders/admin";
import { AdminErrorPanel } from "~/components/admin/error-panel";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Icon } from "~/components/admin/icons";
import { OrderDetail } from "~/components/admin/order-detail";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { ORDER_STATUS_LABELS } from "~/lib/order-status";
import { useToast } from "~/components/ui/toast";
import { inputClass } from "~/components/ui/form";
import { adminMeta, formatAdminDate } from "~/lib/admin";
import { formatMoney } from "~/lib/money";
import { ADMIN_ORDER_STATUSES, statusChangeRefusal, type AdminOrderStatus } from "~/lib/order-transitions";
import { useEventSource } from "~/lib/use-event-source";
import { useFilterForm } from "~/lib/use-filter-form";
import type { loader as detailLoader } from "./order-detail";
import type { Route } from "./+types/orders";
import { readForm, searchParamsOf } from "@server/http/form";

export const meta: Route.MetaFunction = () => adminMeta("Orders");

const STATUSES = Object.keys(ORDER_STATUS_LABELS) as [OrderStatus, ...OrderStatus[]];

const filterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  status: z.enum(STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = searchParamsOf(request);
  const filter = filterSchema.parse({ q: params.get("q") || undefined, status: params.get("status") || undefined, page: params.get("page") || undefined });
  return data({ ...(await listAdminOrders(filter)), filter });
}

const statusSchema = z.object({ intent: z.literal("status"), id: z.string().uuid("Unknown order"), status: z.enum(ADMIN_ORDER_STATUSES) });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = statusSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ ok: false as const, message: parsed.error.issues[0].message }, { status: 400 });
  try {
    await changeOrderStatus(parsed.data.id, parsed.data.status, admin);
  } catch (err) {
    if (err instanceof OrderNotFoundError) return data({ ok: false as const, message: "This order no longer exists." }, { status: 404 });
    if (err instanceof OrderTransitionError) return data({ ok: false as const, message: err.message }, { status: 409 });
    throw err;
  }
  return data({ ok: true as const, id: parsed.data.id, status: parsed.data.status });
}

/** Spec section 9: orders refetch every 60 s besides the live stream. */
const REFETCH_MS = 60_000;

const MENU_ITEM = "cursor-pointer rounded px-3 py-2 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:text-gray-400 data-[highlighted]:bg-gray-100";

/** Page links around the current one: 1 … 4 5 [6] 7 8 … 20. */
function pageWindow(page: number, pageCount: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - shown[i - 1] > 1 ? ["gap" as const, p] : [p]));
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filter } = loaderData;
  const toast = useToast();
  const revalidator = useRevalidator();
  const update = useFetcher<typeof action>();
  const detail = useFetcher<typeof detailLoader>();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [toCancel, setToCancel] = useState<Row | null>(null);
  const [toComplete, setToComplete] = useState<Row | null>(null);
  const navigate = useNavigate();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (update.state !== "idle" || !update.data) return;
    if (update.data.ok) toast({ title: "Order Updated", description: `Order status changed to ${ORDER_STATUS_LABELS[update.data.status]}` });
    else toast({ title: "Update Failed", description: update.data.message, variant: "destructive" });
  }, [update.state, update.data, toast]);

  const openDetail = (id: string) => {
    setDetailId(id);
    detail.load(`/admin/orders/${id}`);
  };

  useEventSource<AdminOrderEvent>(
    "/api/admin/orders/events",
    "order",
    (e) => {
      void revalidator.revalidate();
      if (e.id === detailId) detail.load(`/admin/orders/${e.id}`);
      // A paid order is a new order to a merchant; an abandoned checkout ('created') is not.
      if (e.action === "paid") toast({ title: "New Order Received", description: `${e.name} placed an order.`, action: { label: "Open order", onAction: () => void navigate(`/admin/orders/${e.id}`) } });
    },
    () => void revalidator.revalidate(),
    () =>
      toast({
        title: "Realtime Connection Issue",
        description: "Having trouble with real-time updates. Orders may not refresh automatically.",
        variant: "destructive",
      }),
  );

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, REFETCH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  /** A failed reload swaps the page for its error boundary, which unmounts this component. */
  const refresh = async () => {
    await revalidator.revalidate();
    if (mounted.current) toast({ title: "Data refreshed" });
    else toast({ title: "Refresh Failed", description: "Failed to refresh order data. Please try again.", variant: "destructive" });
  };

  const setStatus = (row: Row, status: AdminOrderStatus) => {
    if (status === "cancelled") setToCancel(row);
    // Completed means shipped: without fulfilment details the customer gets no tracking, so ask first.
    else if (status === "completed" && !row.fulfilledAt) setToComplete(row);
    else void update.submit({ intent: "status", id: row.id, status }, { method: "post" });
  };

  const { form: filterForm, applyAfter: applyFilters } = useFilterForm();
  const pageHref = (p: number) => {
    const params = new URLSearchParams();
    if (filter.q) params.set("q", filter.q);
    if (filter.status) params.set("status", filter.status);
    if (p > 1) params.set("page", String(p));
    return `?${params}`;
  };
  const shown = detail.data?.order?.id === detailId ? detail.data?.order : null;

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-end gap-3">
        <Form ref={filterForm} method="get" role="search" aria-label="Filter orders" className="flex flex-1 flex-wrap items-end gap-3">
          <div className="min-w-48 flex-1">
            <label htmlFor="order-search" className="mb-1 block text-sm font-medium">
              Search
            </label>
            <input
              id="order-search"
              type="search"
              name="q"
              defaultValue={filter.q ?? ""}
              placeholder="Name, email, order ID or number"
              onChange={() => applyFilters(300)}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor="order-status" className="mb-1 block text-sm font-medium">
              Status
            </label>
            <select id="order-status" name="status" defaultValue={filter.status ?? ""} onChange={() => applyFilters(0)} className={inputClass}>
              <option value="">All</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ORDER_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <noscript>
            <button type="submit" className="rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold">
              Filter
            </button>
          </noscript>
        </Form>
        <button
          type="button"
          onClick={() => void refresh()}
          disabled={revalidator.state !== "idle"}
          className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60"
        >
          <Icon name="refresh" className="h-4 w-4" /> Refresh
        </button>
      </div>

      <p className="mt-4 text-sm text-gray-700" aria-live="polite">
        {total.toLocaleString("en-US")} {total === 1 ? "order" : "orders"}
        {filter.q || filter.status ? " match" : ""}
      </p>

      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-lg font-semibold">No orders found</p>
      ) : (
        <div role="region" aria-label="Orders table" tabIndex={0} className="relative mt-3 overflow-x-auto rounded-xl border border-gray-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <caption className="sr-only">
              Orders, newest first, page {page} of {pageCount}
            </caption>
            <thead className="bg-gray-50 text-xs uppercase text-gray-600">
              <tr>
                <th scope="col" className="px-4 py-3">Order ID</th>
                <th scope="col" className="px-4 py-3">Customer</th>
                <th scope="col" className="px-4 py-3">Products</th>
                <th scope="col" className="px-4 py-3 text-right">Total</th>
                <th scope="col" className="px-4 py-3">Date</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((o) => (
                <tr
                  key={o.id}
                  data-testid="order-row"
                  // The whole row opens the order for a mouse; the order's link is the keyboard's way in.
                  onClick={(e) => {
                    if (!(e.target as HTMLElement).closest("a, button, [role=menuitem]")) void navigate(`/admin/orders/${o.id}`);
                  }}
                  className="cursor-pointer hover:bg-gray-50"
                >
                  <td className="whitespace-nowrap px-4 py-3">
                    <Link to={`/admin/orders/${o.id}`} className="text-brand-700 underline">
                      <span className="font-mono">{o.id.slice(0, 8)}</span>
                      <span className="block text-xs">{o.number}</span>
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    <span className="font-medium">{o.name}</span>
                    <span className="block break-all text-xs text-gray-600">{o.email}</span>
                  </td>
                  <td className="max-w-xs px-4 py-3">{o.products}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right">{formatMoney(o.totalCents)}</td>
                  <td className="whitespace-nowrap px-4 py-3">
                    <time dateTime={o.createdAt}>{formatAdminDate(o.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3">
                    <OrderStatusBadge status={o.status} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <DropdownMenu.Root>
                      <DropdownMenu.Trigger aria-label={`Actions for order ${o.id.slice(0, 8)}`} className="rounded-lg p-2 text-gray-700 hover:bg-gray-100">
                        <Icon name="dots" />
                      </DropdownMenu.Trigger>
                      <DropdownMenu.Portal>
                        <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-48 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
                          <DropdownMenu.Item asChild className={MENU_ITEM}>
                            <Link to={`/admin/orders/${o.id}`}>Open order</Link>
                          </DropdownMenu.Item>
                          <DropdownMenu.Item onSelect={() => openDetail(o.id)} className={MENU_ITEM}>
                            View details
                          </DropdownMenu.Item>
                          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
                          {ADMIN_ORDER_STATUSES.map((s) => (
                            <DropdownMenu.Item
                              key={s}
                              disabled={s === o.status || statusChangeRefusal(o.status, s) !== null}
                              onSelect={() => setStatus(o, s)}
                              className={MENU_ITEM}
                            >
                              Mark as {ORDER_STATUS_LABELS[s]}
                            </DropdownMenu.Item>
                          ))}
                        </DropdownMenu.Content>
                      </DropdownMenu.Portal>
                    </DropdownMenu.Root>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pageCount > 1 ? (
        <nav aria-label="Order pages" className="mt-4 flex flex-wrap items-center justify-center gap-1 text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 font-medium">
              Previous
            </Link>
          ) : null}
          {pageWindow(page, pageCount).map((p, i) =>
            p === "gap" ? (
              <span key={`gap-${i}`} aria-hidden="true" className="px-1">
                …
              </span>
            ) : (
              <Link
                key={p}
                to={pageHref(p)}
                aria-label={`Page ${p}`}
                aria-current={p === page ? "page" : undefined}
                className={`rounded-lg border px-3 py-1.5 font-medium ${p === page ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 bg-white"}`}
              >
                {p}
              </Link>
            ),
          )}
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className="rounded-lg border border-gray-300 bg-white px-3 py-1.5 font-medium">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}

      <Dialog.Root open={detailId !== null} onOpenChange={(open) => !open && setDetailId(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none">
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-lg font-semibold">{shown ? `Order ${shown.number}` : "Order details"}</Dialog.Title>
              <Dialog.Close aria-label="Close" className="rounded-lg p-1 text-gray-600 hover:bg-gray-100">
                <Icon name="close" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="sr-only">Customer, items, payment and status history of the order.</Dialog.Description>
            {shown ? (
              <OrderDetail order={shown} />
            ) : detail.state !== "idle" ? (
              <p className="mt-4 text-sm text-gray-700">Loading order...</p>
            ) : (
              <p className="mt-4 text-sm text-gray-700">This order could not be found.</p>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => !open && setToCancel(null)}
        title={toCancel ? `Cancel order ${toCancel.number}?` : "Cancel order?"}
        description={
          toCancel?.status === "processing"
            ? `Units not yet refunded go back to stock and ${formatMoney(toCancel.totalCents - toCancel.refundedCents)} is refunded to the customer's card. This cannot be undone.`
            : "Its reserved units are released and the customer is told. This cannot be undone."
        }
        confirmLabel={
          toCancel?.status === "processing" && toCancel.totalCents > toCancel.refundedCents
            ? `Cancel order and refund ${formatMoney(toCancel.totalCents - toCancel.refundedCents)}`
            : "Cancel order"
        }
        cancelLabel="Keep order"
        destructive
        onConfirm={() => {
          if (toCancel) void update.submit({ intent: "status", id: toCancel.id, status: "cancelled" }, { method: "post" });
          setToCancel(null);
        }}
      />

      <ConfirmDialog
        open={toComplete !== null}
        onOpenChange={(open) => !open && setToComplete(null)}
        title={toComplete ? `Mark order ${toComplete.number} as Completed without shipping details?` : "Mark as Completed?"}
        description="The customer is emailed that the order is complete, with no carrier or tracking number. To send tracking details, fulfil the order from its page instead."
        confirmLabel="Mark as Completed"
        cancelLabel="Go back"
        onConfirm={() => {
          if (toComplete) void update.submit({ intent: "status", id: toComplete.id, status: "completed" }, { method: "post" });
          setToComplete(null);
        }}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorPanel title="Error loading orders" message="Failed to load orders. Please try again." />;
}
