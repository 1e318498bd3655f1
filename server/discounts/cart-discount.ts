import { pricingSettings } from "../pricing/store";
import { cartDiscountCode, resolveDiscount, setCartDiscountCode } from "./cart-code";
import { DiscountRefusedError, priceWithDiscount } from "./rules";
import type { DiscountHold } from "./uses";
import type { DiscountView } from "~/lib/discount-view";

/**
 * A cart's code judged against its lines, through the pricing core (docs/discounts.md). Orders are
 * charged in US dollars until checkout takes the shopper's market (issue 12): the US market prices
 * the lines here, so its rate and rounding leave the cart's USD prices as they are.
 */
const ORDER_MARKET_ID = "us";

export type DiscountableLine = { variantId: string; productId: string; unitPriceCents: number; quantity: number };

export type CartDiscount =
  | { code: string; applied: DiscountHold & { lineDiscountsCents: number[]; percentOff: number | null; totalCents: number }; refusal: null }
  | { code: string; applied: null; refusal: DiscountRefusedError };

/**
 * Judges `code` against the lines (for the shopper's email once known; `exceptOrderId` is the
 * checkout being replaced, whose own hold does not count). Never throws a refusal: it is returned.
 */
export async function judgeDiscount(
  code: string,
  lines: DiscountableLine[],
  opts: { email?: string | null; exceptOrderId?: string | null; now?: Date } = {},
): Promise<CartDiscount> {
  const settings = await pricingSettings();
  const market = settings.markets.find((m) => m.id === ORDER_MARKET_ID);
  if (!market) throw new Error(`No market ${ORDER_MARKET_ID}`);
  let resolved;
  try {
    resolved = await resolveDiscount(code, opts);
  } catch (err) {
    if (err instanceof DiscountRefusedError) return { code, applied: null, refusal: err };
    throw err;
  }
  const productOf = new Map(lines.map((l) => [l.variantId, l.productId]));
  const { quote, refusal } = priceWithDiscount(
    {
      lines: lines.map((l) => ({ key: l.variantId, quantity: l.quantity, basePriceCents: l.unitPriceCents, marketPriceMinor: l.unitPriceCents })),
      market,
      destination: null,
      now: opts.now ?? new Date(),
    },
    settings,
    { ...resolved, productOf: (key) => productOf.get(key) },
  );
  if (refusal) return { code: resolved.def.code, applied: null, refusal };
  // The step always answers for a code it accepts.
  const discount = quote.discount!;
  return {
    code: resolved.def.code,
    refusal: null,
    applied: {
      discountId: resolved.def.id,
      code: discount.code,
      label: discount.label,
      amountMinor: discount.amountMinor,
      freeShipping: discount.freeShipping,
      currency: market.currency,
      percentOff: resolved.def.percentOff,
      lineDiscountsCents: quote.lines.map((l) => l.discountMinor),
      totalCents: quote.discountedSubtotalMinor,
    },
  };
}

/** The cart's code judged against its lines, or null when it carries none. */
export async function cartDiscount(cartId: string, lines: DiscountableLine[], opts: { email?: string | null; exceptOrderId?: string | null } = {}) {
  const code = await cartDiscountCode(cartId);
  if (!code || lines.length === 0) return null;
  return judgeDiscount(code, lines, opts);
}

/** What checkout charges off: the applied discount, or DiscountRefusedError so the shopper is told before paying. */
export async function checkoutDiscount(cartId: string, lines: DiscountableLine[], email: string, exceptOrderId: string | null) {
  const judged = await cartDiscount(cartId, lines, { email, exceptOrderId });
  if (!judged) return null;
  if (judged.refusal) throw judged.refusal;
  return { ...judged.applied, market: (await pricingSettings()).markets.find((m) => m.id === ORDER_MARKET_ID)! };
}

/** The cart's code for its pages: applied with the new total, or refused with the reason. */
export async function cartDiscountView(cartId: string | null, lines: DiscountableLine[]): Promise<DiscountView | null> {
  const judged = cartId ? await cartDiscount(cartId, lines) : null;
  if (!judged) return null;
  if (judged.refusal) return { code: judged.code, applied: false, reason: judged.refusal.message };
  const a = judged.applied;
  return { code: a.code, applied: true, percentOff: a.percentOff, amountCents: a.amountMinor, freeShipping: a.freeShipping, totalCents: a.totalCents };
}

/** The shopper typed a code: kept with the cart (replacing any other) if it applies, else the reason. */
export async function applyCartDiscountCode(cartId: string, code: string, lines: DiscountableLine[]): Promise<DiscountRefusedError | null> {
  if (lines.length === 0) return new DiscountRefusedError("products", "Your cart is empty.");
  const judged = await judgeDiscount(code, lines);
  if (judged.refusal) return judged.refusal;
  await setCartDiscountCode(cartId, judged.code);
  return null;
}
