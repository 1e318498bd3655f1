import { useEffect } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { AdminOrderEvent } from "@core/order-view";
import { useToast } from "~/components/ui/toast";
import { useEventSource } from "~/lib/use-event-source";

/** Spec section 9: orders refetch every 60 s besides the live stream. */
const REFETCH_MS = 60_000;

/**
 * Keeps the list current: each order change on staff's live stream reloads it (and tells `onChange`,
 * so an open order can reload too), a paid order is a toast, and the list refetches every minute
 * while the tab is visible.
 */
export function useLiveOrders(onChange: (orderId: string) => void) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const navigate = useNavigate();

  useEventSource<AdminOrderEvent>(
    "/api/admin/orders/events",
    "order",
    (e) => {
      void revalidator.revalidate();
      onChange(e.id);
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
}
