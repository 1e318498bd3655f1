import { data, Link, redirect, useFetcher, useFetchers } from "react-router";
import { z } from "zod";
import { getSessionUser } from "@server/auth";
import { domainErrorResponse, invalidForm } from "@server/http/responses";
import { readForm } from "@server/http/form";
import { isDocumentRequest } from "@server/http/request";
import { localise, shopperForRequest } from "@server/pricing";
import { readWishlist, removeFromWishlist, saveToWishlist } from "@server/wishlist";
import { AddToCartForm } from "~/components/shop/add-to-cart-form";
import { LineHeading, LineThumbnail } from "~/components/shop/line-item";
import { HeartIcon, type WishlistActionData } from "~/components/shop/wishlist-button";
import type { InMarket } from "@core/market";
import { formatMoney } from "@core/money";
import { seo } from "~/lib/seo";
import { stockState } from "@core/stock";
import type { WishlistItem } from "@core/wishlist";
import type { Route } from "./+types/wishlist";
import { Button, buttonClass } from "~/components/ui/button";

export async function loader({ request }: Route.LoaderArgs) {
  const [user, shopper] = await Promise.all([getSessionUser(request), shopperForRequest(request)]);
  const items = await readWishlist(request, user?.id ?? null);
  return { items: items.map((item) => localise(shopper, item)), signedIn: user !== null };
}

const wishlistIntent = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("save"), variantId: z.uuid({ message: "Please choose a colour." }) }),
    z.object({ intent: z.literal("remove"), productId: z.uuid({ message: "This product is not in your wishlist." }) }),
  ],
  { error: "Unknown wishlist action." },
);

/**
 * Save or remove. A fetcher (the heart, the list's Remove) gets `{ ok, saved }`; a plain form post
 * (no JavaScript) a 303 to the wishlist, the page that shows the visitor's own list: the product page
 * it came from is everyone's (ADR 018) and cannot show it. A guest's answer carries the wishlist cookie.
 */
export async function action({ request }: Route.ActionArgs) {
  const parsed = wishlistIntent.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return invalidForm(parsed.error);
  const input = parsed.data;
  const user = await getSessionUser(request);
  let setCookie: string | undefined;
  try {
    ({ setCookie } =
      input.intent === "save" ? await saveToWishlist(request, user?.id ?? null, input.variantId) : await removeFromWishlist(request, user?.id ?? null, input.productId));
  } catch (err) {
    return domainErrorResponse(err);
  }
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  if (isDocumentRequest(request)) return redirect("/wishlist", { status: 303, headers });
  return data<WishlistActionData>({ ok: true, saved: input.intent === "save" }, { headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Wishlist", description: "The products you saved for later.", path: "/wishlist", noindex: true });

export default function Wishlist({ loaderData, actionData }: Route.ComponentProps) {
  // A line whose Remove is in flight is gone already.
  const removing = new Set(useFetchers().flatMap((f) => (f.formData?.get("intent") === "remove" ? [String(f.formData.get("productId"))] : [])));
  const items = loaderData.items.filter((i) => !removing.has(i.id));
  const error = actionData && !actionData.ok ? actionData.message : null;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">Wishlist</h1>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {loaderData.signedIn ? null : (
        <p className="mt-2 text-sm text-gray-700">
          Saved on this device.{" "}
          <Link to="/auth?redirectTo=%2Fwishlist" className="font-medium text-brand-700 underline hover:text-brand-800">
            Sign in
          </Link>{" "}
          to keep your wishlist in your account.
        </p>
      )}
      {items.length === 0 ? (
        <div className="mt-10 text-center">
          <HeartIcon filled={false} className="mx-auto h-10 w-10 text-gray-400" />
          <h2 className="mt-3 text-xl font-semibold">Your wishlist is empty</h2>
          <p className="mt-2 text-gray-600">Tap the heart on a product to save it here.</p>
          <Link to="/products" className={buttonClass("primary", "medium", "mt-6")}>
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 border-y border-gray-200">
          {items.map((item) => (
            <WishlistRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </main>
  );
}

function WishlistRow({ item }: { item: InMarket<WishlistItem> }) {
  const remove = useFetcher<WishlistActionData>({ key: `wishlist-${item.id}` });
  const stock = stockState(item.available, item.lowStockThreshold);
  const name = `${item.title} (${item.variantName})`;
  return (
    <li className="flex gap-3 py-5 sm:gap-4" data-testid="wishlist-item">
      <LineThumbnail image={item.image} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <LineHeading slug={item.slug} title={item.title} hex={item.hex} variantName={item.variantName} />
          <p className="mt-1 flex items-baseline gap-2">
            <span className="font-semibold" data-testid="wishlist-price">
              {formatMoney(item.priceCents, item.currency)}
            </span>
            {item.compareAtCents && item.compareAtCents > item.priceCents ? (
              <s className="text-sm text-gray-500">
                <span className="sr-only">Was </span>
                {formatMoney(item.compareAtCents, item.currency)}
              </s>
            ) : null}
          </p>
          <p data-testid="wishlist-stock" className={`text-sm font-medium ${stock.kind === "sold-out" ? "text-red-700" : stock.kind === "low" ? "text-amber-800" : "text-green-800"}`}>
            {stock.kind === "sold-out" ? "Sold out" : stock.kind === "low" ? `Only ${stock.left} left` : "In Stock"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end">
          {stock.kind === "sold-out" ? (
            <Link to={`/products/${item.slug}`} className={buttonClass("outline", "small", "min-h-11")}>
              <span className="sr-only">{name}: </span>Email me when it&apos;s back
            </Link>
          ) : (
            <AddToCartForm variantId={item.variantId} quantity={1} description={`1 x ${name}`}>
              {({ adding }) => (
                <Button type="submit" size="small" aria-disabled={adding || undefined} aria-label={`Add to Cart: ${name}`} className="min-h-11">
                  Add to Cart
                </Button>
              )}
            </AddToCartForm>
          )}
          <remove.Form method="post" action="/wishlist">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={item.id} />
            <button type="submit" aria-label={`Remove ${name} from wishlist`} className="min-h-11 px-2 text-sm font-medium text-red-700 underline hover:text-red-900">
              Remove
            </button>
          </remove.Form>
        </div>
      </div>
    </li>
  );
}
