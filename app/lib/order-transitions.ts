import type { OrderStatus } from "./order-status";

/** The statuses staff can set from the back office (spec section 4: never Pending or Payment Failed). */
export const ADMIN_ORDER_STATUSES = ["completed", "processing", "cancelled"] as const satisfies readonly OrderStatus[];
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/**
 * Why staff may not move an order from `from` to `to`, or null when they may. Shared by the server,
 * which enforces it, and the row menu, which greys out what would be refused.
 * - Unpaid orders (pending, payment failed) can only be cancelled: shipping them would give goods away.
 * - Cancelled is final: its units went back and a paid one was refunded.
 * - Completed means shipped: it can be reopened (Processing) but not cancelled.
 */
export function statusChangeRefusal(from: OrderStatus, to: AdminOrderStatus): string | null {
  if (from === to) return null;
  if (from === "cancelled") return "A cancelled order cannot be reopened.";
  if (to === "cancelled") return from === "completed" ? "A completed order has shipped and cannot be cancelled." : null;
  if (from === "pending" || from === "payment_failed") return "This order has not been paid.";
  return null;
}
