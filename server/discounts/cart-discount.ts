import type { CartLineInput, Destination, Market, OrderQuote } from "../pricing";
import { pricingSettings, type PricingSnapshot } from "@server/pricing";
import { cartDiscountCode, resolveDiscount, setCartDiscountCode } from "./cart-code";
import { DiscountRefusedError, priceWithDiscount } from "./rules";
import type { DiscountHold } from "./uses";
import type { DiscountView } from "@core/discount-view";

/**
 * A cart priced in a market with its code, through the pricing core (docs/discounts.md): the
 * checkout prices in the delivery country's market, the cart pages in the shopper's. Without a
 * market the United States is used (the base prices).
 */
const DEFAULT_MARKET_ID = "us";

/** A cart line as the cart reads it: `unitPriceCents` is the product's base price in US cents. */
export type DiscountableLine = { variantId: string; productId: string; unitPriceCents: number; quantity: number };

export type CartDiscount =
  | { code: string; applied: DiscountHold & { lineDiscountsCents: number[]; percentOff: number | null; totalCents: number }; refusal: null }
  | { code: string; applied: null; refusal: DiscountRefusedError };

export type PriceCartOptions = {
  /** The market (or its id) to price in; the United States when absent. */
  market?: Market | string | null;
  /** The delivery country, once known (checkout): shipping and tax are then priced too. */
  destination?: Destination | null;
  methodId?: string | null;
  /** The shopper's email once known (checkout), for "one use per customer". */
  email?: string | null;
  /** The checkout being replaced, whose own hold does not count. */
  exceptOrderId?: string | null;
  now?: Date;
};

export type PricedCart = { market: Market; quote: OrderQuote; discount: CartDiscount | null; settings: PricingSnapshot };

function marketOf(settings: PricingSnapshot, market: PriceCartOptions["market"]): Market {
  if (market && typeof market === "object") return market;
  const id = market ?? DEFAULT_MARKET_ID;
  const found = settings.markets.find((m) => m.id === id);
  if (!found) throw new Error(`No market ${id}`);
  return found;
}

/** The cart's lines for the pricing core: base price, and the merchant's explicit price in this market if set. */
export function quoteLines(settings: PricingSnapshot, market: Market, lines: DiscountableLine[]): CartLineInput[] {
  return lines.map((l) => ({
    key: l.variantId,
    quantity: l.quantity,
    basePriceCents: l.unitPriceCents,
    marketPriceMinor: settings.explicitPrices.get(`${l.productId}:${market.id}`)?.priceMinor ?? null,
  }));
}

/**
 * Prices `lines` in a market with `code` (null: no code). A refused code is returned with the
 * quote without it, never thrown; a PricingError (country, method) is thrown.
 */
async function priceWithCode(code: string | null, lines: DiscountableLine[], opts: PriceCartOptions): Promise<PricedCart> {
  const settings = await pricingSettings();
  const market = marketOf(settings, opts.market);
  const input = {
    lines: quoteLines(settings, market, lines),
    market,
    destination: opts.destination ?? null,
    methodId: opts.methodId ?? null,
    now: opts.now ?? new Date(),
  };
  if (!code) return { market, settings, quote: priceWithDiscount(input, settings, null).quote, discount: null };
  let resolved;
  try {
    resolved = await resolveDiscount(code, opts);
  } catch (err) {
    if (!(err instanceof DiscountRefusedError)) throw err;
    return { market, settings, quote: priceWithDiscount(input, settings, null).quote, discount: { code, applied: null, refusal: err } };
  }
  const productOf = new Map(lines.map((l) => [l.variantId, l.productId]));
  const { quote, refusal } = priceWithDiscount(input, settings, { ...resolved, productOf: (key) => productOf.get(key) });
  if (refusal) return { market, settings, quote, discount: { code: resolved.def.code, applied: null, refusal } };
  // The step always answers for a code it accepts.
  const discount = quote.discount!;
  return {
    market,
    settings,
    quote,
    discount: {
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
    },
  };
}

/**
 * Judges `code` against the lines in a market (the United States unless `opts.market` says).
 * Never throws a refusal: it is returned.
 */
export async function judgeDiscount(code: string, lines: DiscountableLine[], opts: PriceCartOptions = {}): Promise<CartDiscount> {
  return (await priceWithCode(code, lines, opts)).discount!;
}

/** The cart's code judged against its lines, or null when it carries none. */
export async function cartDiscount(cartId: string, lines: DiscountableLine[], opts: PriceCartOptions = {}) {
  const code = await cartDiscountCode(cartId);
  if (!code || lines.length === 0) return null;
  return judgeDiscount(code, lines, opts);
}

/**
 * The cart priced with its code in a market, with shipping and tax once `opts.destination` is
 * given: what checkout shows and charges. A refused code comes back in `discount.refusal`.
 */
export async function priceCart(cartId: string | null, lines: DiscountableLine[], opts: PriceCartOptions = {}): Promise<PricedCart> {
  const code = cartId && lines.length > 0 ? await cartDiscountCode(cartId) : null;
  return priceWithCode(code, lines, opts);
}

/** Whose cart, and where: the market it is priced in and the shopper's email when known. */
export type CartCodeOptions = { email?: string | null; market?: Market | string | null };

/** The cart's code for its pages: applied with the new total, or refused with the reason (for `email` when known). */
export async function cartDiscountView(cartId: string | null, lines: DiscountableLine[], opts: CartCodeOptions = {}): Promise<DiscountView | null> {
  const judged = cartId ? await cartDiscount(cartId, lines, opts) : null;
  return judged ? discountViewOf(judged) : null;
}

export function discountViewOf(judged: CartDiscount): DiscountView {
  if (judged.refusal) return { code: judged.code, applied: false, reason: judged.refusal.message };
  const a = judged.applied;
  return { code: a.code, applied: true, percentOff: a.percentOff, amountCents: a.amountMinor, freeShipping: a.freeShipping, totalCents: a.totalCents, currency: a.currency };
}

/** The shopper typed a code: kept with the cart (replacing any other) if it applies (for `email` when known), else the reason. */
export async function applyCartDiscountCode(
  cartId: string | null,
  code: string,
  lines: DiscountableLine[],
  opts: CartCodeOptions = {},
): Promise<DiscountRefusedError | null> {
  if (!cartId || lines.length === 0) return new DiscountRefusedError("products", "Your cart is empty.");
  const judged = await judgeDiscount(code, lines, opts);
  if (judged.refusal) return judged.refusal;
  await setCartDiscountCode(cartId, judged.code);
  return null;
}
