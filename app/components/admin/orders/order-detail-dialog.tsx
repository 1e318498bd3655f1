import { Dialog } from "radix-ui";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { AdminOrderDetail } from "@core/order-view";
import { Icon } from "~/components/admin/icons";
import { OrderDetail } from "~/components/admin/order-detail";

/** A row's "View details": the order page's loader (/admin/orders/:id) read into a dialog. */
export function useOrderDetail() {
  const fetcher = useFetcher<{ order: AdminOrderDetail | null }>();
  const [id, setId] = useState<string | null>(null);
  return {
    open: (orderId: string) => {
      setId(orderId);
      fetcher.load(`/admin/orders/${orderId}`);
    },
    close: () => setId(null),
    /** A live update about the order on show reloads it. */
    changed: (orderId: string) => {
      if (orderId === id) fetcher.load(`/admin/orders/${orderId}`);
    },
    isOpen: id !== null,
    shown: fetcher.data?.order?.id === id ? fetcher.data?.order : null,
    loading: fetcher.state !== "idle",
  };
}

export function OrderDetailDialog({ detail }: { detail: ReturnType<typeof useOrderDetail> }) {
  const { shown } = detail;
  return (
    <Dialog.Root open={detail.isOpen} onOpenChange={(open) => !open && detail.close()}>
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
          ) : detail.loading ? (
            <p className="mt-4 text-sm text-gray-700">Loading order...</p>
          ) : (
            <p className="mt-4 text-sm text-gray-700">This order could not be found.</p>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
