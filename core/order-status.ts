export type OrderStatus = "pending" | "processing" | "completed" | "cancelled" | "payment_failed";

/** How an order's status reads to people (storefront and back office). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  cancelled: "Cancelled",
  payment_failed: "Payment Failed",
};
