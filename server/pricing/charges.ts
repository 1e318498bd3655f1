import { allocate, assertMinor, mulDivHalfUp } from "./money";

/**
 * What a sale charged, line by line, and what a refund of part of it gives back (docs/payments.md,
 * "Refunds"). Pure integer money, like the rest of the pricing core.
 *
 * At the time of sale every line keeps its share of the order-level discount (largest remainder,
 * so the shares add up to the discount exactly) and the tax on its discounted amount; shipping and
 * its tax stay apart. A refund of N units of a line then gives back N/quantity of what the line was
 * charged, rounded down, with the line's last unit taking what is left: refunding every unit in
 * any number of steps gives back exactly what the line was charged, never a cent more or less.
 */

export type LineCharge = {
  quantity: number;
  /** Unit price × quantity, before the discount. */
  lineTotalMinor: number;
  /** The line's share of the order's discount. */
  discountMinor: number;
  /** The tax on the discounted line: inside it (inclusive markets) or added to it (exclusive). */
  taxMinor: number;
};

export type OrderCharges = {
  lines: readonly LineCharge[];
  shippingMinor: number;
  shippingTaxMinor: number;
  /** true: prices include the tax (UK/EU VAT); false: it is added on top (US sales tax). */
  taxIncluded: boolean;
};

/** A refund's money: the amount sent back and the tax inside it (for the credit note). */
export type RefundPart = { amountMinor: number; taxMinor: number };

/** What the customer paid for a line: its discounted amount, plus its tax where tax is added on top. */
export function linePaidMinor(line: LineCharge, taxIncluded: boolean): number {
  return line.lineTotalMinor - line.discountMinor + (taxIncluded ? 0 : line.taxMinor);
}

/** What the customer paid for shipping, its tax included. */
export function shippingPaidMinor(c: Pick<OrderCharges, "shippingMinor" | "shippingTaxMinor" | "taxIncluded">): number {
  return c.shippingMinor + (c.taxIncluded ? 0 : c.shippingTaxMinor);
}

/** The order's total as its lines and shipping add up. */
export function orderPaidMinor(c: OrderCharges): number {
  return c.lines.reduce((sum, l) => sum + linePaidMinor(l, c.taxIncluded), shippingPaidMinor(c));
}

/**
 * The part of `amount` carried by units `from`+1 … `to` of `quantity`: the first k units carry
 * floor(amount × k / quantity), all of them carry the whole amount, so the last unit takes the
 * remainder and consecutive refunds add up exactly.
 */
export function unitsShare(amount: number, quantity: number, from: number, to: number): number {
  assertMinor(amount);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`Not a quantity: ${quantity}`);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from || to > quantity) {
    throw new RangeError(`Not a range of units: ${from}..${to} of ${quantity}`);
  }
  const carried = (k: number) => (k === quantity ? amount : Number((BigInt(amount) * BigInt(k)) / BigInt(quantity)));
  return carried(to) - carried(from);
}

/** What refunding `units` more units of a line gives back, `refundedBefore` units being refunded already. */
export function lineRefund(line: LineCharge, taxIncluded: boolean, refundedBefore: number, units: number): RefundPart {
  const to = refundedBefore + units;
  const net = unitsShare(line.lineTotalMinor - line.discountMinor, line.quantity, refundedBefore, to);
  const taxMinor = unitsShare(line.taxMinor, line.quantity, refundedBefore, to);
  return { amountMinor: taxIncluded ? net : net + taxMinor, taxMinor };
}

/** Refunding the shipping: all of it, with its tax. */
export function shippingRefund(c: Pick<OrderCharges, "shippingMinor" | "shippingTaxMinor" | "taxIncluded">): RefundPart {
  return { amountMinor: shippingPaidMinor(c), taxMinor: c.shippingTaxMinor };
}

/** The tax in (included) or on (added) an amount, rounded half up: the pricing core's rule. */
export function taxOn(amountMinor: number, rateBps: number, included: boolean): number {
  return included ? mulDivHalfUp(amountMinor, rateBps, 10_000 + rateBps) : mulDivHalfUp(amountMinor, rateBps, 10_000);
}

/** An order as it was stored before its lines kept their charges (migration 0024). */
export type StoredTotals = {
  lines: readonly { quantity: number; unitPriceMinor: number }[];
  subtotalMinor: number;
  shippingMinor: number;
  totalMinor: number;
  taxLines: readonly { rateBps: number; amountMinor: number; included: boolean }[];
};

/**
 * The same allocation, recomputed from an older order's stored totals: the discount is what the
 * totals do not account for (subtotal + shipping + added tax − total), spread by largest remainder;
 * each line's tax is recomputed at the order's rate, and the tax line's remainder is the shipping's
 * (where it does not fit there, the last line's). The result adds up to the stored total exactly.
 */
export function chargesFromTotals(o: StoredTotals): OrderCharges {
  const taxIncluded = o.taxLines.length > 0 && o.taxLines.every((t) => t.included);
  const taxTotal = o.taxLines.reduce((sum, t) => sum + t.amountMinor, 0);
  const addedTax = taxIncluded ? 0 : taxTotal;
  const weights = o.lines.map((l) => l.unitPriceMinor * l.quantity);
  const discount = Math.min(o.subtotalMinor, Math.max(0, o.subtotalMinor + o.shippingMinor + addedTax - o.totalMinor));
  const shares = allocate(discount, weights);
  const rateBps = o.taxLines.find((t) => t.rateBps > 0)?.rateBps ?? 0;
  const lines = o.lines.map((l, i) => {
    const net = weights[i] - shares[i];
    return { quantity: l.quantity, lineTotalMinor: weights[i], discountMinor: shares[i], taxMinor: rateBps > 0 ? taxOn(net, rateBps, taxIncluded) : 0 };
  });
  const rest = taxTotal - lines.reduce((sum, l) => sum + l.taxMinor, 0);
  const shippingTaxFits = o.shippingMinor > 0 && rest >= 0 && rest <= o.shippingMinor;
  if (!shippingTaxFits && rest !== 0 && lines.length > 0) {
    const last = lines[lines.length - 1];
    last.taxMinor = Math.max(0, last.taxMinor + rest);
  }
  return { lines, shippingMinor: o.shippingMinor, shippingTaxMinor: shippingTaxFits ? rest : 0, taxIncluded };
}
