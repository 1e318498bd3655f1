import { z } from "zod";
import { formatMoney } from "./money";
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

/**
 * The back office's "Cancel order?" dialog (the order list's row menu and the order page): what is
 * refunded, in the order's own currency, when anything is left of the payment.
 */
export function cancelConfirmation(order: { number: string; refundCents: number; currency: string }) {
  const refund = order.refundCents > 0 ? formatMoney(order.refundCents, order.currency) : null;
  return {
    title: `Cancel order ${order.number}?`,
    description: refund
      ? `Units not yet refunded go back to stock and ${refund} is refunded to the customer's card. This cannot be undone.`
      : "Its reserved units are released and the customer is told. This cannot be undone.",
    confirmLabel: refund ? `Cancel order and refund ${refund}` : "Cancel order",
  };
}

/** The order list's row menu: "Mark as …" posts this form (the list's action runs it). */
export const statusChangeSchema = z.object({ intent: z.literal("status"), id: z.string().uuid("Unknown order"), status: z.enum(ADMIN_ORDER_STATUSES) });

/** The list's answer to a status change: the new status, or the refusal's words. */
export type StatusChangeAnswer = { ok: true; id: string; status: AdminOrderStatus } | { ok: false; message: string };
