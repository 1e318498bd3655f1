import { Dialog, DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { Form, Link, data, useFetcher, useNavigate, useRevalidator } from "react-router";
import { z } from "zod";
import { requireAdmin } from "@server/auth";
import { changeOrderStatus, countAbandonedCheckouts, listAdminOrders, type AdminOrderEvent } from "@server/orders";
import { AdminErrorBoundary } from "~/components/admin/error-panel";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Icon } from "~/components/admin/icons";
import { OrderDetail } from "~/components/admin/order-detail";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { useToast } from "~/components/ui/toast";
import { buttonClass } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { adminMeta } from "~/lib/admin";
import { timeZoneFromCookie } from "@core/admin-time";
import { useAdminDate } from "~/lib/use-admin-date";
import { FULFILMENT_FILTERS, LIST_STATUSES, PAYMENT_FILTERS, hasOrderListFilter, orderListFilterOf, orderListQuery, orderListRange } from "@core/order-list-filter";
import { FULFILMENT_STATUS_LABELS, PAYMENT_STATUS_LABELS, fulfilmentStatus, paymentStatus } from "@core/order-workspace";
import { OrdersTabs } from "~/components/admin/orders-tabs";
import { Pager } from "~/components/admin/pager";
import { formatMoney } from "@core/money";
import { ADMIN_ORDER_STATUSES, cancelConfirmation, statusChangeRefusal, type AdminOrderStatus } from "@core/order-transitions";
import { useEventSource } from "~/lib/use-event-source";
import { useFilterForm } from "~/lib/use-filter-form";
import type { loader as detailLoader } from "./order-detail";
import type { Route } from "./+types/orders";
import { readForm, searchParamsOf } from "@server/http/form";
import { domainErrorResponse, invalidForm } from "@server/http/responses";

export const meta: Route.MetaFunction = () => adminMeta("Orders");

/** Every filter is in the URL; the date range means days in the admin's time zone. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, "orders");
  const filter = orderListFilterOf(searchParamsOf(request));
  const range = orderListRange(filter, timeZoneFromCookie(request.headers.get("Cookie")));
  const [list, abandoned] = await Promise.all([listAdminOrders({ ...filter, ...range }), countAbandonedCheckouts()]);
  return data({ ...list, abandoned, filter });
}

const statusSchema = z.object({ intent: z.literal("status"), id: z.string().uuid("Unknown order"), status: z.enum(ADMIN_ORDER_STATUSES) });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request, "orders");
  const parsed = statusSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await changeOrderStatus(parsed.data.id, parsed.data.status, admin);
  } catch (err) {
    return domainErrorResponse(err);
  }
  return data({ ok: true as const, id: parsed.data.id, status: parsed.data.status });
}

/** Spec section 9: orders refetch every 60 s besides the live stream. */
const REFETCH_MS = 60_000;

const MENU_ITEM = "cursor-pointer rounded px-3 py-2 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:text-gray-400 data-[highlighted]:bg-gray-100";

type Row = Route.ComponentProps["loaderData"]["rows"][number];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, filter, abandoned, near } = loaderData;
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
  const pageHref = (p: number) => orderListQuery(filter, p) || "?";
  const shown = detail.data?.order?.id === detailId ? detail.data?.order : null;
  const date = useAdminDate();
  const select = (id: string, label: string, name: string, value: string | undefined, options: [string, string][]) => (
    <SelectField
      id={id}
      label={label}
      name={name}
      defaultValue={value ?? ""}
      onChange={() => applyFilters(0)}
      options={[{ value: "", label: "All" }, ...options.map(([v, l]) => ({ value: v, label: l }))]}
    />
  );

  return (
    <div className="mx-auto max-w-6xl">
      <OrdersTabs current="orders" abandoned={abandoned} />
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <Form ref={filterForm} method="get" role="search" aria-label="Filter orders" className="grid flex-1 grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
          <TextField
            id="order-search"
            label="Search"
            type="search"
            name="q"
            defaultValue={filter.q ?? ""}
            placeholder="Name, email, order ID or number"
            onChange={() => applyFilters(300)}
            className="col-span-2 min-w-48 flex-1"
          />
          {select("order-status", "Status", "status", filter.status, LIST_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]]))}
          {select("order-payment", "Payment", "payment", filter.payment, PAYMENT_FILTERS.map((s) => [s, PAYMENT_STATUS_LABELS[s]]))}
          {select("order-fulfilment", "Fulfilment", "fulfilment", filter.fulfilment, FULFILMENT_FILTERS.map((s) => [s, FULFILMENT_STATUS_LABELS[s]]))}
          <TextField id="order-from" label="From" type="date" name="from" defaultValue={filter.from ?? ""} onChange={() => applyFilters(500)} />
          <TextField id="order-to" label="To" type="date" name="to" defaultValue={filter.to ?? ""} onChange={() => applyFilters(500)} />
          <noscript>
            <button type="submit" className={buttonClass("secondary", "small")}>
              Filter
            </button>
          </noscript>
        </Form>
        <div className="flex flex-wrap gap-2">
          {/* A download, not a page: the browser saves the file (and without JavaScript too). */}
          <a href={`/admin/orders/export${orderListQuery(filter)}`} download className={buttonClass("secondary", "small")}>
            Export CSV
          </a>
          {hasOrderListFilter(filter) ? (
            <Link to="/admin/orders" className={buttonClass("secondary", "small")}>
              Clear filters
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => void refresh()}
            disabled={revalidator.state !== "idle"}
            className="inline-flex items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50 disabled:opacity-60"
          >
            <Icon name="refresh" className="h-4 w-4" /> Refresh
          </button>
        </div>
      </div>

      <p className="mt-4 text-sm text-gray-700" aria-live="polite" data-testid="order-count">
        {total.toLocaleString("en-US")} {total === 1 ? "order" : "orders"}
        {hasOrderListFilter(filter) ? (total === 1 ? " matches" : " match") : ""}
        {near ? <span data-testid="near-matches"> closely: none has “{filter.q}” as typed</span> : null}
        <span className="text-gray-600"> · paid, refunded, cancelled after payment or failed payment; abandoned checkouts are listed apart</span>
      </p>

      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center text-lg font-semibold">No orders found</p>
      ) : (
        // Wide screens: a table. Phones: each row is a card (no sideways scrolling, the customer always in view).
        <div role="region" aria-label="Orders table" tabIndex={0} className="relative mt-3 rounded-xl focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:overflow-x-auto md:border md:border-gray-200 md:bg-white">
          <table className="block w-full text-left text-sm md:table md:min-w-[52rem]">
            <caption className="sr-only">
              Orders, newest first, page {page} of {pageCount}
            </caption>
            <thead className="bg-gray-50 text-xs uppercase text-gray-600 max-md:sr-only">
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
            <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-gray-100">
              {rows.map((o) => (
                <tr
                  key={o.id}
                  data-testid="order-row"
                  // The whole row opens the order for a mouse; the order's link is the keyboard's way in.
                  onClick={(e) => {
                    if (!(e.target as HTMLElement).closest("a, button, [role=menuitem]")) void navigate(`/admin/orders/${o.id}`);
                  }}
                  className="cursor-pointer hover:bg-gray-50 max-md:grid max-md:grid-cols-[1fr_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:rounded-xl max-md:border max-md:border-gray-200 max-md:bg-white max-md:p-4"
                >
                  <td className="whitespace-nowrap px-4 py-3 max-md:p-0">
                    <Link to={`/admin/orders/${o.id}`} className="text-brand-700 underline">
                      <span className="font-mono">{o.id.slice(0, 8)}</span>
                      <span className="text-xs max-md:ml-2 md:block">{o.number}</span>
                    </Link>
                  </td>
                  <td className="px-4 py-3 max-md:col-span-2 max-md:p-0">
                    <span className="font-medium">{o.name}</span>
                    <span className="block break-all text-xs text-gray-600">{o.email}</span>
                  </td>
                  <td className="max-w-xs px-4 py-3 max-md:col-span-2 max-md:max-w-none max-md:p-0 max-md:text-gray-800">{o.products}</td>
                  <td className="whitespace-nowrap px-4 py-3 text-right font-medium max-md:p-0 max-md:text-left md:font-normal">{formatMoney(o.totalCents, o.currency.toUpperCase())}</td>
                  <td className="whitespace-nowrap px-4 py-3 max-md:col-span-2 max-md:row-start-5 max-md:p-0 max-md:text-xs max-md:text-gray-600">
                    <time dateTime={o.createdAt}>{date(o.createdAt)}</time>
                  </td>
                  <td className="px-4 py-3 max-md:p-0 max-md:text-right">
                    <OrderStatusBadge status={o.status} />
                    <span className="mt-1 block whitespace-nowrap text-xs text-gray-700">
                      {PAYMENT_STATUS_LABELS[paymentStatus({ status: o.status, paid: o.paid, totalCents: o.totalCents, refundedCents: o.refundedCents })]} ·{" "}
                      {FULFILMENT_STATUS_LABELS[fulfilmentStatus({ status: o.status, fulfilledAt: o.fulfilledAt, returns: o.returned ? [{ status: "received" }] : [] })]}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right max-md:col-start-2 max-md:row-start-1 max-md:-mr-2 max-md:-mt-2 max-md:p-0">
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

      <Pager page={page} pageCount={pageCount} href={pageHref} label="Order pages" />

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
        // A Processing order is paid: what is left of its payment is refunded (a pending one has none).
        {...cancelConfirmation({
          number: toCancel?.number ?? "",
          refundCents: toCancel?.status === "processing" ? toCancel.totalCents - toCancel.refundedCents : 0,
          currency: toCancel?.currency ?? "USD",
        })}
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
  return <AdminErrorBoundary title="Error loading orders" message="Failed to load orders. Please try again." />;
}
