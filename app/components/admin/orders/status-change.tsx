import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { ORDER_STATUS_LABELS } from "@core/order-status";
import { cancelConfirmation, type AdminOrderStatus, type StatusChangeAnswer } from "@core/order-transitions";
import type { AdminOrderRow } from "@core/order-view";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { useToast } from "~/components/ui/toast";

/**
 * "Mark as …" from a row's menu: posted to the list's action, its answer a toast. Cancelling, and
 * completing an order that has not shipped, ask first (StatusConfirmations).
 */
export function useStatusChange() {
  const toast = useToast();
  const update = useFetcher<StatusChangeAnswer>();
  const [toCancel, setToCancel] = useState<AdminOrderRow | null>(null);
  const [toComplete, setToComplete] = useState<AdminOrderRow | null>(null);

  useEffect(() => {
    if (update.state !== "idle" || !update.data) return;
    if (update.data.ok) toast({ title: "Order Updated", description: `Order status changed to ${ORDER_STATUS_LABELS[update.data.status]}` });
    else toast({ title: "Update Failed", description: update.data.message, variant: "destructive" });
  }, [update.state, update.data, toast]);

  const submit = (id: string, status: AdminOrderStatus) => void update.submit({ intent: "status", id, status }, { method: "post" });

  const setStatus = (row: AdminOrderRow, status: AdminOrderStatus) => {
    if (status === "cancelled") setToCancel(row);
    // Completed means shipped: without fulfilment details the customer gets no tracking, so ask first.
    else if (status === "completed" && !row.fulfilledAt) setToComplete(row);
    else submit(row.id, status);
  };

  return { setStatus, toCancel, setToCancel, toComplete, setToComplete, submit };
}

export function StatusConfirmations({ change }: { change: ReturnType<typeof useStatusChange> }) {
  const { toCancel, setToCancel, toComplete, setToComplete, submit } = change;
  return (
    <>
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
          if (toCancel) submit(toCancel.id, "cancelled");
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
          if (toComplete) submit(toComplete.id, "completed");
          setToComplete(null);
        }}
      />
    </>
  );
}
