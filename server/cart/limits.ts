import crypto from "node:crypto";
import { config } from "@server/config";
import { formatMoney } from "@core/money";
import { DomainError } from "@server/errors";

/**
 * What one order and one client may take (issue 11, items 4 and 6), so a single unpaid checkout
 * cannot hold the shop's stock and no order exceeds what the payment provider can charge.
 */

/**
 * The most one order may total, in minor units of its currency: Stripe's maximum charge
 * (999,999.99 in USD, GBP and EUR alike), applied to both payment
 * adapters so the test provider accepts exactly what production would. Money columns are bigint,
 * so a larger total would store; it is refused because no provider could charge it.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** A cart or order beyond one of the order limits; nothing was written. */
export class OrderLimitError extends DomainError {
  readonly status = 400;
}

export type OrderCaps = {
  /** Units of one colour in one order (ORDER_MAX_PER_COLOUR). */
  perColour: number;
  /** Units in one order across its colours (ORDER_MAX_UNITS). */
  perOrder: number;
  /** Units one client address may hold in unpaid checkouts at once (CHECKOUT_MAX_HELD_UNITS). */
  heldPerClient: number;
};

export function orderCaps(): OrderCaps {
  const c = config();
  return { perColour: c.ORDER_MAX_PER_COLOUR, perOrder: c.ORDER_MAX_UNITS, heldPerClient: c.CHECKOUT_MAX_HELD_UNITS };
}

/** The message the shopper sees when a total is above MAX_ORDER_TOTAL_CENTS; null when it is allowed. */
export function orderTotalRefusal(totalCents: number, currency = "USD"): string | null {
  if (totalCents <= MAX_ORDER_TOTAL_CENTS) return null;
  return `An order can total at most ${formatMoney(MAX_ORDER_TOTAL_CENTS, currency)}, the most our payment provider can charge. Lower a quantity or split your purchase into several orders.`;
}

/**
 * Why these lines (one per colour) cannot make one order: a colour beyond the per-colour cap, more
 * units than the per-order cap, or a total above the maximum charge. Null when they can.
 */
export function orderLinesRefusal(lines: { quantity: number; unitPriceCents: number }[], shippingCents = 0, currency = "USD"): string | null {
  const caps = orderCaps();
  if (lines.some((l) => l.quantity > caps.perColour)) return `You can buy at most ${caps.perColour} of each colour per order.`;
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  if (units > caps.perOrder) return `An order can hold at most ${caps.perOrder} items.`;
  return orderTotalRefusal(lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, shippingCents), currency);
}

/** The refusal when a client already holding `held` units asks for `units` more in a new checkout. */
export function heldUnitsRefusal(held: number, units: number): string | null {
  const cap = orderCaps().heldPerClient;
  if (held + units <= cap) return null;
  return `Your connection already holds ${held} items in unpaid checkouts, and at most ${cap} can be held at once. Finish or cancel that payment first, or wait for it to lapse.`;
}

/**
 * An opaque key of a client address for the held-units cap: stored on reservations instead of the
 * address itself, and useless without the shop's secret.
 */
export function clientKeyFor(clientIp: string): string {
  return crypto.createHmac("sha256", config().authSecret).update(`checkout-client:${clientIp}`).digest("base64url").slice(0, 22);
}
