import { formatMoney } from "@core/money";
import type { AdminOrderDetail } from "@core/order-view";

/** The order's amounts as text: every amount of the order is in its own currency (refunds too). */
export function orderMoney(order: Pick<AdminOrderDetail, "currency">) {
  return (minor: number) => formatMoney(minor, order.currency.toUpperCase());
}
