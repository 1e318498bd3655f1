import { allocate, marketUnitPrice, priceOrder, type DiscountStep, type Market, type OrderQuote, type PricingSettings, type QuoteInput } from "../pricing";
import { mulDivHalfUp } from "@server/pricing";
import { formatMoney } from "@core/money";
import type { DiscountDefinition } from "@core/discount-form";
import { DomainError } from "../errors";

/**
 * What a discount code gives and when, as pure functions: the pricing core's discount step
 * (docs/pricing.md, step 2) and every reason a code is refused, in words. No database, no clock.
 */

/** A stored code's rules: one zod schema in core/discount-form.ts describes them for the editor and here. */
export type { DiscountDefinition };

/** How much of the code is taken: uses counted or held by other checkouts, and by this email. */
export type DiscountUsage = { uses: number; usedByEmail: boolean };

export type RefusalReason = "not_found" | "inactive" | "not_started" | "expired" | "used_up" | "minimum" | "products" | "email" | "zone";

/** A code the shopper cannot use, and why in words. Expected: the caller answers 4xx or shows it. */
export class DiscountRefusedError extends DomainError {
  readonly status = 400;
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** An amount kept per currency, in a market: its own if set, else the USD one converted and rounded. */
export function amountForMarket(byCurrency: Record<string, number>, market: Market): number | null {
  const own = byCurrency[market.currency];
  if (own !== undefined) return own;
  const usd = byCurrency.USD;
  return usd === undefined ? null : marketUnitPrice(usd, market);
}

export function notFound(code: string): DiscountRefusedError {
  return new DiscountRefusedError("not_found", `We could not find the discount code ${code}.`);
}

/** The checks that need no prices: active, dates, uses, this email, the destination's zone. */
export function checkAvailability(def: DiscountDefinition, at: { now: Date; usage: DiscountUsage; market: Market }): void {
  const { code } = def;
  if (!def.active) throw new DiscountRefusedError("inactive", `${code} is no longer active.`);
  if (def.startsAt && at.now < def.startsAt) throw new DiscountRefusedError("not_started", `${code} has not started yet.`);
  if (def.endsAt && at.now >= def.endsAt) throw new DiscountRefusedError("expired", `${code} has expired.`);
  if (def.usageLimit !== null && at.usage.uses >= def.usageLimit) throw new DiscountRefusedError("used_up", `${code} has been used up.`);
  if (def.oncePerCustomer && at.usage.usedByEmail) throw new DiscountRefusedError("email", `${code} has already been used with this email address.`);
  if (def.kind === "free_shipping" && def.freeShippingMarkets && !def.freeShippingMarkets.includes(at.market.id)) {
    throw new DiscountRefusedError("zone", `${code} is not for deliveries to ${at.market.name}.`);
  }
}

/** The short description after the code: "-10%", "-£5.00", "Free shipping". */
export function discountLabel(def: Pick<DiscountDefinition, "kind" | "percentOff" | "amounts">, market: Market): string {
  if (def.kind === "percentage") return `-${def.percentOff}%`;
  if (def.kind === "fixed") return `-${formatMoney(amountForMarket(def.amounts, market) ?? 0, market.currency)}`;
  return "Free shipping";
}

/**
 * The pricing core's step 2 for a code. `productOf` names each line's product (lines are keyed by
 * variant). The amount is computed on the eligible lines only, spread over them in proportion to
 * their totals with `allocate` (so the parts add up to the cent) and never more than they cost.
 * Throws DiscountRefusedError when the code does not apply to these lines.
 */
export function discountStep(def: DiscountDefinition, productOf: (lineKey: string) => string | undefined): DiscountStep {
  return ({ market, lines }) => {
    const eligible = lines.map((l) => def.productIds === null || def.productIds.includes(productOf(l.key) ?? ""));
    if (!eligible.some(Boolean)) throw new DiscountRefusedError("products", `${def.code} is not for the products in your cart.`);
    const eligibleTotals = lines.map((l, i) => (eligible[i] ? l.lineTotalMinor : 0));
    const eligibleSubtotal = eligibleTotals.reduce((a, b) => a + b, 0);
    const minimum = amountForMarket(def.minSubtotals, market);
    if (minimum !== null && eligibleSubtotal < minimum) {
      throw new DiscountRefusedError("minimum", `Add ${formatMoney(minimum - eligibleSubtotal, market.currency)} more to use ${def.code}.`);
    }
    const label = discountLabel(def, market);
    if (def.kind === "free_shipping") return { code: def.code, label, lineDiscountsMinor: lines.map(() => 0), freeShipping: true };
    const total =
      def.kind === "percentage"
        ? mulDivHalfUp(eligibleSubtotal, def.percentOff ?? 0, 100)
        : Math.min(amountForMarket(def.amounts, market) ?? 0, eligibleSubtotal);
    return { code: def.code, label, lineDiscountsMinor: allocate(total, eligibleTotals) };
  };
}

export type DiscountedQuote = { quote: OrderQuote; refusal: DiscountRefusedError | null };

/**
 * Prices an order with a code: the quote with its discount, or (when the code is refused) the
 * quote without one and the reason, so the cart can show both.
 */
export function priceWithDiscount(
  input: Omit<QuoteInput, "discount">,
  settings: PricingSettings,
  code: { def: DiscountDefinition; usage: DiscountUsage; productOf: (lineKey: string) => string | undefined } | null,
): DiscountedQuote {
  if (!code) return { quote: priceOrder(input, settings), refusal: null };
  try {
    checkAvailability(code.def, { now: input.now, usage: code.usage, market: input.market });
    return { quote: priceOrder({ ...input, discount: discountStep(code.def, code.productOf) }, settings), refusal: null };
  } catch (err) {
    if (!(err instanceof DiscountRefusedError)) throw err;
    return { quote: priceOrder(input, settings), refusal: err };
  }
}
