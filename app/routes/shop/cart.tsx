import { useEffect } from "react";
import { data, Link, redirect, useFetcher, useFetchers, useSubmit } from "react-router";
import { getSessionUser } from "@server/auth/session";
import {
  applyCartIntent,
  CartError,
  cartIntentSchema,
  countItems,
  getCartForRequest,
  openCartForRequest,
  startBuyNow,
  type CartLine,
  type HeldLine,
} from "@server/cart";
import { isDocumentRequest, refererPath } from "@server/http/request";
import { orderCaps } from "@server/orders/limits";
import { localiseCart, shopperForRequest } from "@server/pricing/market";
import { ResponsiveImage } from "~/components/shop/responsive-image";
import { useToast } from "~/components/ui/toast";
import { BUY_NOW_CHECKOUT } from "~/lib/checkout-form";
import { useMarket, type MarketSummary } from "~/lib/market";
import { formatMoney } from "~/lib/money";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/cart";
import { readForm } from "@server/http/form";

export async function loader({ request }: Route.LoaderArgs) {
  const [user, shopper] = await Promise.all([getSessionUser(request), shopperForRequest(request)]);
  const { perColour, perOrder } = orderCaps();
  return { cart: localiseCart(shopper, await getCartForRequest(request, user?.id ?? null)), limits: { perColour, perOrder } };
}

export type CartActionData = { ok: true; cartCount: number; cleared?: HeldLine[] } | { ok: false; error: string };

/**
 * The one cart action. Fetchers (JavaScript) get `{ ok, cartCount }` or `{ ok: false, error }` with a
 * 4xx; a plain form post gets a 303 back to where it came from, so the cart works without JavaScript.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = cartIntentSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) {
    return data<CartActionData>({ ok: false, error: parsed.error.issues[0].message }, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "buy") {
    // Exactly this product, colour and quantity, in a cart of its own: the shopper's cart is untouched.
    try {
      const setCookie = await startBuyNow(request, input.variantId, input.quantity);
      return redirect(BUY_NOW_CHECKOUT, { status: 303, headers: { "Set-Cookie": setCookie } });
    } catch (error) {
      if (!(error instanceof CartError)) throw error;
      return data<CartActionData>({ ok: false, error: error.message }, { status: error.status });
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
    return data<CartActionData>({ ok: false, error: error.message }, { status: error.status, headers });
  }
  if (isDocumentRequest(request)) {
    return redirect(input.intent === "add" ? refererPath(request, "/cart") : "/cart", { status: 303, headers });
  }
  return data<CartActionData>({ ok: true, cartCount: await countItems(cartId), cleared }, { headers });
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

/** After "Clear cart": a toast with Undo, which puts the removed lines back. */
function useUndoClear(result: CartActionData | undefined) {
  const toast = useToast();
  const submit = useSubmit();
  useEffect(() => {
    const cleared = result?.ok ? result.cleared : undefined;
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
  }, [result, toast, submit]);
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const lines = useOptimisticLines(loaderData.cart.lines);
  const clearFetcher = useFetcher<CartActionData>({ key: "cart-clear" });
  useUndoClear(clearFetcher.data);
  const total = lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  const { currency } = loaderData.cart;
  const market = useMarket();
  const pageError = actionData && !actionData.ok ? actionData.error : null;

  if (lines.length === 0) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
        {pageError ? <ErrorNote message={pageError} /> : null}
        <h1 className="text-2xl font-bold">Your cart is empty</h1>
        <p className="mt-2 text-gray-600">Add some awesome gaming gear to get started!</p>
        <Link
          to="/products"
          className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
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
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <clearFetcher.Form method="post">
          <input type="hidden" name="intent" value="clear" />
          <button type="submit" className="text-sm font-medium text-gray-600 underline hover:text-gray-900">
            Clear cart
          </button>
        </clearFetcher.Form>
        <div className="flex flex-col gap-3 sm:items-end">
          <p className="text-lg">
            <span className="text-gray-600">Total: </span>
            <strong data-testid="cart-total">{formatMoney(total, currency)}</strong>
            {market?.taxIncluded ? <span className="ml-1 text-sm text-gray-600">incl. {market.taxIncluded}</span> : null}
          </p>
          <p className="text-sm text-gray-600">Shipping: calculated at checkout</p>
          {market ? <FreeShippingProgress market={market} total={total} /> : null}
          <Link
            to="/checkout"
            className="rounded-lg bg-brand-700 px-6 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            Proceed to Checkout
          </Link>
        </div>
      </div>
    </main>
  );
}

function ErrorNote({ message }: { message: string }) {
  return (
    <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {message}
    </p>
  );
}

/** "£8.01 away from free United Kingdom shipping", from the market's threshold and the cart's total. */
function FreeShippingProgress({ market, total }: { market: MarketSummary; total: number }) {
  const threshold = market.freeShippingFromMinor;
  if (threshold === null) return null;
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
  const name = `${line.title} ${line.variantName}`;
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const shortage =
    line.available <= 0
      ? "This colour is out of stock"
      : line.quantity > line.available
        ? `Only ${line.available} left in stock`
        : null;
  const buttonClass =
    "flex h-9 w-9 items-center justify-center rounded-md border border-gray-300 text-lg font-semibold hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-40";
  return (
    <li className="flex gap-3 py-5 sm:gap-4" data-testid="cart-line">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-gray-100 sm:h-24 sm:w-24">
        {line.image ? (
          <ResponsiveImage image={line.image} sizes="(min-width: 640px) 96px, 80px" alt="" className="h-full w-full object-cover" />
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="font-semibold">
            <Link to={`/products/${line.slug}`} className="hover:underline">
              {line.title}
            </Link>
          </h2>
          <p className="flex items-center gap-2 text-sm text-gray-600">
            <span aria-hidden="true" className="inline-block h-3 w-3 rounded-full border border-gray-300" style={{ backgroundColor: line.hex }} />
            Colour: {line.variantName}
          </p>
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
