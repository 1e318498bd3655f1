import { formatMoney } from "./money";

/** A cart's discount code as the shop's pages show it: applied with its amounts (in `currency`), or refused with the reason. */
export type DiscountView =
  | { code: string; applied: true; percentOff: number | null; amountCents: number; freeShipping: boolean; totalCents: number; currency: string }
  | { code: string; applied: false; reason: string };

/** The applied line: "SPRING10 -10% -£5.00", "TENOFF -$10.00", "SHIPFREE Free shipping". */
export function discountLine(d: { code: string; percentOff: number | null; amountCents: number; freeShipping: boolean }, currency = "USD"): string {
  if (d.freeShipping) return `${d.code} Free shipping`;
  return [d.code, d.percentOff !== null ? `-${d.percentOff}%` : null, `-${formatMoney(d.amountCents, currency)}`].filter(Boolean).join(" ");
}

/**
 * The discount as a payment page notes it (the test provider's page, Stripe's submit message): its
 * amount is already out of the total. A code that took nothing off the lines (free shipping: the
 * shipping line says Free) is named without an amount.
 */
export function paymentDiscountNote(d: { code: string; amountCents: number }, currency: string): string {
  return d.amountCents > 0 ? `Includes discount ${d.code} -${formatMoney(d.amountCents, currency)}` : `Includes discount ${d.code}`;
}
