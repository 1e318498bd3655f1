import { useEffect, useState } from "react";
import { data, Link, redirect, useFetcher, useFetchers, useSubmit } from "react-router";
import { getSessionUser } from "@server/auth";
import {
  applyCartIntent,
  CartError,
  cartIdForRequest,
  cartIntentSchema,
  countItems,
  getCartForRequest,
  openCartForRequest,
  readCart,
  startBuyNow,
  type CartLine,
  type HeldLine,
} from "@server/cart";
import { applyDiscountIntent, cartDiscountView, isDiscountIntent } from "@server/discounts";
import { isDocumentRequest } from "@server/http/request";
import { orderCaps } from "@server/cart";
import { localise, localiseCart, shopperForRequest } from "@server/pricing";
import { listAccessoryOffers } from "@server/catalog";
import { GoesWellWith } from "~/components/shop/goes-well-with";
import type { AddedToCart } from "~/components/shop/cart-drawer";
import { DiscountCodeForm } from "~/components/shop/discount-code-form";
import { LineHeading, LineThumbnail } from "~/components/shop/line-item";
import { useToast } from "~/components/ui/toast";
import { useEachResult } from "~/lib/use-each-result";
import { BUY_NOW_CHECKOUT } from "@core/checkout-form";
import type { DiscountView } from "@core/discount-view";
import { useMarket } from "~/lib/use-market";
import type { MarketSummary } from "@core/market";
import { formatMoney } from "@core/money";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/cart";
import { readForm } from "@server/http/form";
import { invalidForm } from "@server/http/responses";
import { buttonClass } from "~/components/ui/button";

export async function loader({ request }: Route.LoaderArgs) {
  const [user, shopper] = await Promise.all([getSessionUser(request), shopperForRequest(request)]);
  const { perColour, perOrder } = orderCaps();
  const cart = await getCartForRequest(request, user?.id ?? null);
  // The code is judged as checkout will judge it (for a signed-in shopper, with their email), in
  // the shopper's market: its amounts and minimum in the currency the cart shows.
  const [discount, offers] = await Promise.all([
    cartDiscountView(cart.id, cart.lines, { email: user?.email, market: shopper.market }),
    listAccessoryOffers(),
  ]);
  // "Goes well with": the accessories not in the cart yet.
  const accessories = offers.filter((o) => !cart.lines.some((l) => l.productId === o.id)).map((o) => localise(shopper, o));
  return { cart: localiseCart(shopper, cart), discount, limits: { perColour, perOrder }, accessories };
}

/** A refusal under `fieldErrors.code` is a refused discount code, shown under the "Discount code" box. */
export type CartActionData =
  | { ok: true; cartCount: number; cleared?: HeldLine[]; added?: AddedToCart }
  | { ok: false; message: string; fieldErrors: Record<string, string> };

/** Apply or remove the cart's code (one per cart: a new one replaces the old), then back to /cart with a 303. */
async function discountAction(request: Request, form: FormData, intent: Parameters<typeof applyDiscountIntent>[1]) {
  const [user, shopper] = await Promise.all([getSessionUser(request), shopperForRequest(request)]);
  const cartId = await cartIdForRequest(request, user?.id ?? null);
  const refusal = await applyDiscountIntent(cartId, intent, form, { email: user?.email, market: shopper.market });
  if (refusal) return data<CartActionData>({ ok: false, message: refusal, fieldErrors: { code: refusal } }, { status: 400 });
  return redirect("/cart", { status: 303 });
}

/**
 * The one cart action. Fetchers (JavaScript) get `{ ok, cartCount }` or `{ ok: false, message }` with a
 * 4xx; a plain form post gets a 303 back to where it came from, so the cart works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (isDiscountIntent(intent)) return discountAction(request, form, intent);
  const parsed = cartIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return invalidForm(parsed.error);
  const input = parsed.data;
  if (input.intent === "buy") {
    // Exactly this product, colour and quantity, in a cart of its own: the shopper's cart is untouched.
    try {
      const setCookie = await startBuyNow(request, input.variantId, input.quantity);
      return redirect(BUY_NOW_CHECKOUT, { status: 303, headers: { "Set-Cookie": setCookie } });
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      return data<CartActionData>({ ok: false, message: error.message, fieldErrors: {} }, { status: error.status });
    }
  }
  const user = await getSessionUser(request);
  const { cartId, setCookie } = await openCartForRequest(request, user?.id ?? null);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  let cleared: HeldLine[] | undefined;
  try {
    cleared = (await applyCartIntent(cartId, input)) ?? undefined;
  } catch (error) {
    if (!(error instanceof CartError)) throw error;
    return data<CartActionData>({ ok: false, message: error.message, fieldErrors: {} }, { status: error.status, headers });
  }
  // Without JavaScript every cart form lands on the cart, an add included (Dawn's no-JS behaviour).
  if (isDocumentRequest(request)) return redirect("/cart", { status: 303, headers });
  if (input.intent === "add") return data<CartActionData>({ ok: true, ...(await addedToCart(request, cartId, input.variantId)) }, { headers });
  return data<CartActionData>({ ok: true, cartCount: await countItems(cartId), cleared }, { headers });
}

/** The cart drawer's content after an add: the line as it now is and the subtotal, in the shopper's currency. */
async function addedToCart(request: Request, cartId: string, variantId: string): Promise<{ cartCount: number; added?: AddedToCart }> {
  const cart = localiseCart(await shopperForRequest(request), await readCart(cartId));
  const line = cart.lines.find((l) => l.variantId === variantId);
  if (!line) return { cartCount: cart.count };
  return {
    cartCount: cart.count,
    added: { line, count: cart.count, subtotalCents: cart.subtotalCents, currency: cart.currency },
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Shopping Cart",
    description: "The consoles in your cart, ready for checkout.",
    path: "/cart",
    noindex: true,
  });

/** What a line looks like while its own form is in flight: removed, or at the quantity just asked for. */
function useOptimisticLines(lines: CartLine[]) {
  const fetchers = useFetchers();
  const pendingClear = fetchers.some((f) => f.formData?.get("intent") === "clear");
  if (pendingClear) return [];
  return lines.flatMap((line) => {
    const pending = fetchers.find((f) => f.key === lineKey(line) && f.formData);
    const intent = pending?.formData?.get("intent");
    if (intent === "remove") return [];
    if (intent === "update") {
      const quantity = Number(pending!.formData!.get("quantity"));
      if (quantity >= 1) return [{ ...line, quantity, lineTotalCents: quantity * line.unitPriceCents }];
    }
    return [line];
  });
}

const lineKey = (line: CartLine) => `cart-line-${line.variantId}`;

/**
 * The page's last refusal (a refused discount code, a Buy Now that could not start), until the cart
 * is cleared: the refusal was about the cart that was, and must not greet an empty one. (Without
 * JavaScript, Clear cart is a post and a redirect, which drops it anyway.)
 */
function useCurrentRefusal(actionData: CartActionData | undefined, clearState: "idle" | "submitting" | "loading") {
  const [dismissed, setDismissed] = useState<CartActionData>();
  useEffect(() => {
    if (clearState === "submitting") setDismissed(actionData);
  }, [clearState, actionData]);
  return actionData && actionData !== dismissed && !actionData.ok ? actionData : null;
}

/** After "Clear cart": a toast with Undo, which puts the removed lines back. */
function useUndoClear(result: CartActionData | undefined) {
  const toast = useToast();
  const submit = useSubmit();
  useEachResult(result, (answer) => {
    const cleared = answer.ok ? answer.cleared : undefined;
    if (!cleared?.length) return;
    const count = cleared.reduce((n, l) => n + l.quantity, 0);
    toast({
      title: "Cart cleared",
      description: `${count} item${count === 1 ? "" : "s"} removed.`,
      action: {
        label: "Undo",
        onAction: () =>
          void submit(
            { intent: "restore", lines: JSON.stringify(cleared) },
            { method: "post", action: "/cart", navigate: false, fetcherKey: "cart-restore" },
          ),
      },
    });
  });
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const lines = useOptimisticLines(loaderData.cart.lines);
  const clearFetcher = useFetcher<CartActionData>({ key: "cart-clear" });
  useUndoClear(clearFetcher.data);
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const { currency } = loaderData.cart;
  const { discount } = loaderData;
  const applied = discount?.applied ? discount : null;
  // The amount off as last priced; while a line's change is in flight the total follows it.
  const total = Math.max(0, subtotal - (applied?.amountCents ?? 0));
  const market = useMarket();
  const refusal = useCurrentRefusal(actionData, clearFetcher.state);
  const codeError = refusal?.fieldErrors.code;
  const pageError = refusal && (codeError === undefined || lines.length === 0) ? refusal.message : null;

  if (lines.length === 0) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
        {pageError ? <ErrorNote message={pageError} /> : null}
        <h1 className="text-2xl font-bold">Your cart is empty</h1>
        <p className="mt-2 text-gray-600">Add some awesome gaming gear to get started!</p>
        <Link
          to="/products"
          className={buttonClass("primary", "medium", "mt-6")}
        >
          Browse Products
        </Link>
      </main>
    );
  }

  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Shopping Cart</h1>
      {pageError ? <ErrorNote message={pageError} /> : null}
      <ul className="mt-6 divide-y divide-gray-200 border-y border-gray-200">
        {lines.map((line) => (
          <CartLineRow key={line.variantId} line={line} perColour={loaderData.limits.perColour} currency={currency} />
        ))}
      </ul>
      <p className="mt-3 text-sm text-gray-600" data-testid="cart-limits">
        Up to {loaderData.limits.perColour} of each colour and {loaderData.limits.perOrder} items per order.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-6 sm:flex-row sm:items-start sm:justify-between">
        <clearFetcher.Form method="post">
          <input type="hidden" name="intent" value="clear" />
          <button type="submit" className="text-sm font-medium text-gray-600 underline hover:text-gray-900">
            Clear cart
          </button>
        </clearFetcher.Form>
        <section aria-label="Cart total" className="flex w-full flex-col gap-3 sm:max-w-sm">
          <CartTotals subtotal={subtotal} total={total} currency={currency} applied={applied} taxIncluded={market?.taxIncluded ?? null} />
          <p className="text-sm text-gray-600">Shipping: calculated at checkout</p>
          {/* The free-shipping threshold is compared with the discounted subtotal (docs/pricing.md). */}
          {market ? <FreeShippingProgress market={market} total={total} freeShippingCode={applied?.freeShipping ? applied.code : null} /> : null}
          <DiscountCodeForm action="/cart" discount={discount} error={codeError ?? null} />
          <Link
            to="/checkout"
            className={buttonClass("primary", "large")}
          >
            Proceed to Checkout
          </Link>
        </section>
      </div>
      <div className="mt-12">
        <GoesWellWith offers={loaderData.accessories} confirm="toast" />
      </div>
    </main>
  );
}

/** "Total: $89.98", with the subtotal and the code's amount above it when a code is applied. */
function CartTotals({
  subtotal,
  total,
  currency,
  applied,
  taxIncluded,
}: {
  subtotal: number;
  total: number;
  currency: string;
  applied: Extract<DiscountView, { applied: true }> | null;
  taxIncluded: string | null;
}) {
  return (
    <dl className="space-y-1">
      {applied ? (
        <>
          <div className="flex justify-between gap-4 text-sm">
            <dt className="text-gray-600">Subtotal</dt>
            <dd data-testid="cart-subtotal">{formatMoney(subtotal, currency)}</dd>
          </div>
          {applied.freeShipping ? null : (
            <div className="flex justify-between gap-4 text-sm text-green-800">
              <dt>Discount ({applied.code})</dt>
              <dd data-testid="cart-discount">-{formatMoney(applied.amountCents, applied.currency)}</dd>
            </div>
          )}
        </>
      ) : null}
      <div className="flex items-baseline justify-between gap-4 text-lg">
        <dt className="text-gray-600">Total</dt>
        <dd>
          <strong data-testid="cart-total">{formatMoney(total, currency)}</strong>
          {taxIncluded ? <span className="ml-1 text-sm text-gray-600">incl. {taxIncluded}</span> : null}
        </dd>
      </div>
    </dl>
  );
}

function ErrorNote({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/**
 * "£8.01 away from free United Kingdom shipping", from the market's threshold and the cart's total;
 * a free-shipping code waives the threshold (docs/pricing.md, step 2).
 */
function FreeShippingProgress({ market, total, freeShippingCode }: { market: MarketSummary; total: number; freeShippingCode: string | null }) {
  const threshold = market.freeShippingFromMinor;
  // A market without a free-shipping threshold has no method a code makes free either.
  if (threshold === null) return null;
  if (freeShippingCode) {
    return (
      <p data-testid="free-shipping-progress" className="text-sm font-medium text-green-800">
        Free {market.name} shipping with {freeShippingCode}
      </p>
    );
  }
  const remaining = threshold - total;
  return (
    <p data-testid="free-shipping-progress" className="text-sm font-medium text-green-800">
      {remaining > 0
        ? `${formatMoney(remaining, market.currency)} away from free ${market.name} shipping`
        : `Your order qualifies for free ${market.name} shipping`}
    </p>
  );
}

function CartLineRow({ line, perColour, currency }: { line: CartLine; perColour: number; currency: string }) {
  const fetcher = useFetcher<CartActionData>({ key: lineKey(line) });
  // The controls' names: "R36S Retro Handheld Purple", the title alone for a product without options.
  const name = line.variantName ? `${line.title} ${line.variantName}` : line.title;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;
  const shortage =
    line.available <= 0
      ? line.variantName
        ? "This colour is out of stock"
        : "This product is out of stock"
      : line.quantity > line.available
        ? `Only ${line.available} left in stock`
        : null;
  const buttonClass =
    "flex h-9 w-9 items-center justify-center rounded-md border border-gray-300 text-lg font-semibold hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <li className="flex gap-3 py-5 sm:gap-4" data-testid="cart-line">
      <LineThumbnail image={line.image} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <LineHeading slug={line.slug} title={line.title} hex={line.hex} variantName={line.variantName} />
          <p className="text-sm text-gray-600">{formatMoney(line.unitPriceCents, currency)} each</p>
          {error || shortage ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {error ?? shortage}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:flex-col sm:items-end">
          <fetcher.Form method="post" className="flex items-center gap-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="variantId" value={line.variantId} />
            <button
              type="submit"
              name="quantity"
              value={line.quantity - 1}
              disabled={line.quantity <= 1}
              aria-label={`Decrease quantity of ${name}`}
              className={buttonClass}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output aria-label={`Quantity of ${name}`} aria-live="polite" className="w-8 text-center font-semibold">
              {line.quantity}
            </output>
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              disabled={line.quantity >= perColour}
              aria-label={`Increase quantity of ${name}`}
              className={buttonClass}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fetcher.Form>
          <p className="font-semibold" data-testid="line-total">
            {formatMoney(line.lineTotalCents, currency)}
          </p>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="variantId" value={line.variantId} />
            <button type="submit" aria-label={`Remove ${name}`} className="text-sm font-medium text-red-700 underline hover:text-red-900">
              Remove
            </button>
          </fetcher.Form>
        </div>
      </div>
    </li>
  );
}
