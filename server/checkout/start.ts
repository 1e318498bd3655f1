import { buyNowCartIdFromRequest, cartIdForRequest, cartLinesToBuy, clearCartForRequest, finishBuyNow, isBuyNowCheckout } from "../cart";
import { config } from "../config";
import { readSignedValue, signedCookie } from "../http/cookies";
import { log } from "../log";
import { metrics } from "../metrics";
import { clientKeyFor } from "@server/cart";
import { abandonOrder, attachPaymentSession, placePendingOrder, type AccountRequest } from "@server/orders";
import { orderPricing, pricedLines, quoteCheckout } from "./quote";
import { RESERVATION_MINUTES } from "../inventory";
import { paymentProvider, PaymentSetupError } from "../payments";
import { checkRateLimit, type RateLimitResult } from "../security/rate-limit";
import type { CheckoutDetails } from "@core/checkout-form";
import { DomainError } from "../errors";

/**
 * Checkout (DESIGN.md section 6): price the cart from the database in the delivery country's market
 * (currency, shipping method, tax: server/checkout/quote.ts), place a pending order that reserves
 * its units, open a payment session for exactly that breakdown that expires with the reservation,
 * hand back its URL.
 */

export class EmptyCartError extends DomainError {
  readonly status = 400;
  constructor() {
    super("Your cart is empty.");
  }
}

/** The provider answered without a page to send the shopper to. */
export class NoCheckoutUrlError extends DomainError {
  readonly status = 502;
  constructor() {
    super("No checkout URL received from payment processor. Please try again.");
  }
}

/**
 * Stripe refuses sessions shorter than 30 minutes from their creation, so the hold starts a minute
 * beyond that at checkout; the reservation and the session then end at the same instant.
 */
const SESSION_SETUP_ALLOWANCE_MS = 60_000;

export type CheckoutStarted = { orderId: string; orderNumber: string; sessionId: string; paymentUrl: string };

export async function startCheckout(input: {
  cartId: string | null;
  userId: string | null;
  details: CheckoutDetails;
  /** This shopper's previous unpaid checkout, replaced by this one. */
  supersedeOrderId?: string | null;
  /** The shopper's address: caps the units it holds in unpaid checkouts (CHECKOUT_MAX_HELD_UNITS). */
  clientIp?: string | null;
  /** Saving the address is for a signed-in customer, creating an account for a guest: the other is ignored. */
  accountRequest?: Partial<AccountRequest>;
  /** "Email me offers and reminders" ticked: the abandoned checkout reminder may mail this checkout. */
  marketingConsent?: boolean;
}): Promise<CheckoutStarted> {
  const cartId = input.cartId;
  const cartLines = cartId ? await cartLinesToBuy(cartId) : [];
  if (!cartId || cartLines.length === 0) throw new EmptyCartError();
  const provider = paymentProvider();
  const expiresAt = new Date(Date.now() + RESERVATION_MINUTES * 60_000 + SESSION_SETUP_ALLOWANCE_MS);
  // Priced in the destination's market; an unknown country or another zone's method is a
  // PricingError, and a code the shopper may not use (any more) a refusal: both before anything is written.
  const priced = await quoteCheckout({
    cartId,
    lines: cartLines,
    country: input.details.country,
    region: input.details.region ?? null,
    methodId: input.details.shippingMethod ?? null,
    email: input.details.email,
    exceptOrderId: input.supersedeOrderId ?? null,
  });
  if (priced.discount?.refusal) throw priced.discount.refusal;
  const discount = priced.discount?.applied ?? null;
  const pricing = orderPricing(priced);
  const lines = pricedLines(cartLines, priced);
  const order = await placePendingOrder({
    lines,
    shipping: input.details,
    note: input.details.note ?? null,
    marketingConsent: input.marketingConsent ?? false,
    userId: input.userId,
    provider: provider.name,
    expiresAt,
    supersedeOrderId: input.supersedeOrderId,
    clientKey: input.clientIp ? clientKeyFor(input.clientIp) : null,
    pricing,
    cartId,
    discount: discount ? { ...discount, market: priced.market } : null,
    accountRequest: {
      saveAddress: input.userId !== null && (input.accountRequest?.saveAddress ?? false),
      createAccount: input.userId === null && (input.accountRequest?.createAccount ?? false),
    },
  });
  if (order.supersededSessionId) expireQuietly(order.supersededSessionId);
  const publicUrl = config().publicUrl;
  let session;
  try {
    session = await provider.createSession({
      orderId: order.id,
      orderNumber: order.number,
      email: input.details.email,
      lines,
      discount: discount ? { code: discount.code, amountCents: discount.amountMinor } : null,
      shipping: { name: pricing.shippingMethod.name, amountCents: pricing.shippingCents },
      taxLines: pricing.taxLines,
      totalCents: order.totalCents,
      currency: order.currency,
      expiresAt,
      successUrl: `${publicUrl}/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      // Names the order, so the cancel page releases this checkout's units (and no other's).
      cancelUrl: `${publicUrl}/cancel?order=${order.id}`,
    });
  } catch (err) {
    await abandonOrder(order.id, "The payment session could not be opened");
    if (err instanceof PaymentSetupError) throw err;
    log.error({ err, orderId: order.id }, "payment provider failed to open a session");
    throw new PaymentSetupError("the payment provider could not be reached");
  }
  await attachPaymentSession(order.id, session.id);
  if (!session.url) {
    await abandonOrder(order.id, "The payment provider returned no payment page");
    throw new NoCheckoutUrlError();
  }
  metrics.checkoutStarted();
  return { orderId: order.id, orderNumber: order.number, sessionId: session.id, paymentUrl: session.url };
}

/** Closes a payment session nobody should pay any more; best effort (it lapses by itself anyway). */
function expireQuietly(sessionId: string) {
  paymentProvider()
    .expireSession(sessionId)
    .catch((err: unknown) => log.warn({ err }, "could not expire an abandoned payment session"));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Each checkout opens a provider session: a script must not open thousands (CHECKOUT_RATE_LIMIT). */
export function checkCheckoutRateLimit(clientIp: string): Promise<RateLimitResult> {
  return checkRateLimit(`checkout:${clientIp}`, { limit: config().CHECKOUT_RATE_LIMIT, windowMs: 10 * 60_000 });
}

/**
 * Names the shopper's unpaid checkout, so starting again replaces it instead of holding units twice,
 * and says whether it was a Buy Now ("<order id>.buy"), so paying it leaves the cart alone.
 */
function pendingCheckoutCookie() {
  return signedCookie("checkout", (RESERVATION_MINUTES + 5) * 60);
}

const BUY_NOW_MARK = ".buy";

async function pendingCheckout(request: Request): Promise<{ orderId: string; buyNow: boolean } | null> {
  const value = await readSignedValue(pendingCheckoutCookie(), request);
  const buyNow = value?.endsWith(BUY_NOW_MARK) ?? false;
  const orderId = buyNow ? value!.slice(0, -BUY_NOW_MARK.length) : value;
  return orderId && UUID.test(orderId) ? { orderId, buyNow } : null;
}

/** The cart a checkout page works on: the Buy Now cart for `/checkout?buy=now`, else the shopper's. */
export function checkoutCartId(request: Request, userId: string | null): Promise<string | null> {
  return isBuyNowCheckout(request) ? buyNowCartIdFromRequest(request) : cartIdForRequest(request, userId);
}

/** startCheckout for the current request's cart; the answer carries the cookie naming the new order. */
export async function startCheckoutForRequest(
  request: Request,
  userId: string | null,
  details: CheckoutDetails,
  clientIp: string,
  accountRequest?: Partial<AccountRequest>,
  marketingConsent = false,
): Promise<CheckoutStarted & { setCookie: string }> {
  const [cartId, previous] = await Promise.all([checkoutCartId(request, userId), pendingCheckout(request)]);
  const started = await startCheckout({ cartId, userId, details, supersedeOrderId: previous?.orderId ?? null, clientIp, accountRequest, marketingConsent });
  const mark = isBuyNowCheckout(request) ? BUY_NOW_MARK : "";
  return { ...started, setCookie: await pendingCheckoutCookie().serialize(`${started.orderId}${mark}`) };
}

/**
 * The payment return page empties what the shopper bought from, on the device that started this
 * checkout (its signed checkout cookie names the order): a Buy Now's own cart (the shopper's cart
 * stays as it was), else the shopper's cart. A link to the return page with someone else's session
 * id leaves the visitor's carts alone. Returns Set-Cookie values to send.
 */
export async function clearPurchasedCart(request: Request, userId: string | null, orderId: string): Promise<string[]> {
  const pending = await pendingCheckout(request);
  if (pending?.orderId !== orderId) return [];
  if (pending.buyNow) return [await finishBuyNow(request)];
  await clearCartForRequest(request, userId);
  return [];
}

/**
 * The shopper left the payment page by its cancel link (`/cancel?order=…`): when the link names the
 * checkout their own cookie names, that order is cancelled and its units released at once instead of
 * in 30 minutes. Requiring both means a link posted elsewhere cancels nobody's checkout. Returns the
 * Set-Cookie that forgets the checkout, or null when there was nothing of theirs to cancel.
 */
export async function cancelCheckoutForRequest(request: Request, orderId: string | null): Promise<string | null> {
  const pending = await pendingCheckout(request);
  if (!orderId || pending?.orderId !== orderId) return null;
  const cancelled = await abandonOrder(orderId, "Cancelled at the payment page", "customer");
  if (cancelled?.sessionId) expireQuietly(cancelled.sessionId);
  return pendingCheckoutCookie().serialize("", { maxAge: 0 });
}
