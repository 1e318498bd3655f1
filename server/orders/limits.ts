import { formatMoney } from "~/lib/money";

/**
 * The most one order may total: Stripe's maximum charge ($999,999.99), applied to both payment
 * adapters so the test provider accepts exactly what production would. Money columns are bigint,
 * so a larger total would store; it is refused because no provider could charge it.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** A cart or order beyond one of the order limits; nothing was written. */
export class OrderLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OrderLimitError";
  }
}

/** The message the shopper sees when a total is above MAX_ORDER_TOTAL_CENTS; null when it is allowed. */
export function orderTotalRefusal(totalCents: number): string | null {
  if (totalCents <= MAX_ORDER_TOTAL_CENTS) return null;
  return `An order can total at most ${formatMoney(MAX_ORDER_TOTAL_CENTS)}, the most our payment provider can charge. Lower a quantity or split your purchase into several orders.`;
}
