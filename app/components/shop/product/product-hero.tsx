import { lazy, Suspense, useId, useState } from "react";
import type { ProductPage } from "@core/product-view";
import { deliveryNotice, type InMarket } from "@core/market";
import { useMarket } from "~/lib/use-market";
import { usePersonal } from "~/lib/personal";
import { discountPercent, formatMoney } from "@core/money";
import { stockState } from "@core/stock";
import { hasColours, itemLabel } from "@core/variant";
import { TrustStrip } from "../trust-strip";
import { WishlistButton } from "../wishlist-button";
import { ColourPicker } from "./colour-picker";
import { Gallery } from "./gallery";
import { PurchaseForms } from "./purchase-forms";
import { QuantityPicker } from "./quantity-picker";
import { Stars } from "./stars";

// Only a sold-out colour shows it: its code (and the text field's) loads when it does, not with every product page.
const BackInStockForm = lazy(() => import("./back-in-stock-form").then((m) => ({ default: m.BackInStockForm })));

/** Above the fold: gallery and buy box, sharing the selected colour. */
export function ProductHero({ product }: { product: InMarket<ProductPage> }) {
  const saved = (usePersonal()?.product?.savedVariantId ?? null) !== null;
  const [selected, setSelected] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const variant = product.variants[selected];
  const stock = stockState(variant?.available ?? 0, product.lowStockThreshold);
  // The picker stops at what can be bought now; a colour with fewer left brings the count down.
  const maxQuantity = Math.max(1, variant?.available ?? 1);
  const select = (i: number) => {
    setSelected(i);
    setQuantity((q) => Math.min(q, Math.max(1, product.variants[i]?.available ?? 1)));
  };
  const discount = discountPercent(product.priceCents, product.compareAtCents);
  const total = product.priceCents * quantity;
  const market = useMarket();
  // A product without options (one default variant) shows no colour picker and names no colour.
  const colours = hasColours(product.variants);
  const purchaseForm = useId();

  return (
    <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
      <Gallery colours={product.variants} selected={selected} onSelect={select} title={product.title} />
      <div className="flex flex-col gap-6">
        <div>
          {product.badge ? (
            <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800">
              {product.badge}
            </p>
          ) : null}
          <div className="mt-3 flex items-start justify-between gap-4">
            <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{product.title}</h1>
            {variant ? <WishlistButton productId={product.id} variantId={variant.id} saved={saved} title={product.title} /> : null}
          </div>
          {product.rating.count > 0 ? (
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-gray-700">
              <Stars rating={product.rating.average} label={`Rated ${product.rating.average.toFixed(1)} out of 5`} />
              <span className="font-semibold text-gray-900" aria-hidden="true">
                {product.rating.average.toFixed(1)}
              </span>
              <span>
                ({product.rating.count} {product.rating.count === 1 ? "review" : "reviews"})
              </span>
            </p>
          ) : (
            <p className="mt-3 text-sm text-gray-600">No reviews yet</p>
          )}
        </div>

        <div>
          <p data-price-row className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-3xl font-bold" data-testid="price-total">
              {formatMoney(total, product.currency)}
            </span>
            {discount > 0 && product.compareAtCents ? (
              <>
                <s className="text-lg text-gray-500">
                  <span className="sr-only">Was </span>
                  {formatMoney(product.compareAtCents * quantity, product.currency)}
                </s>
                <span className="rounded-md bg-red-100 px-2 py-0.5 text-sm font-bold text-red-800">{discount}% OFF</span>
              </>
            ) : null}
          </p>
          <p className="mt-1 text-sm text-gray-600" aria-live="polite">
            {quantity} x {formatMoney(product.priceCents, product.currency)} = {formatMoney(total, product.currency)}
            {market?.taxIncluded ? ` incl. ${market.taxIncluded}` : ""}
          </p>
        </div>

        <div
          role="status"
          className={`rounded-lg px-4 py-3 text-sm ${
            stock.kind === "in-stock" ? "bg-green-50 text-green-900" : stock.kind === "low" ? "bg-amber-50 text-amber-950" : "bg-red-50 text-red-900"
          }`}
        >
          {stock.kind === "sold-out" ? (
            <>
              <p className="font-semibold">Sold out</p>
              <p>
                {variant && colours ? `${variant.name} is sold out for now.` : "This product is sold out for now."}
                {variant ? " Leave your email and we will tell you when it is back." : ""}
              </p>
            </>
          ) : (
            <>
              <p className="font-semibold">{stock.kind === "low" ? `Only ${stock.left} left` : "In Stock"}</p>
              <p>{deliveryNotice(market)}</p>
            </>
          )}
        </div>

        {colours ? <ColourPicker colours={product.variants} selected={selected} onSelect={select} form={purchaseForm} /> : null}
        {stock.kind === "sold-out" ? (
          variant ? (
            <Suspense fallback={null}>
              <BackInStockForm key={variant.id} variantId={variant.id} colour={colours ? variant.name : product.title} />
            </Suspense>
          ) : null
        ) : (
          <>
            <QuantityPicker value={quantity} max={maxQuantity} onChange={setQuantity} />
            <PurchaseForms
              id={purchaseForm}
              variantId={colours ? undefined : variant?.id}
              quantity={quantity}
              description={`${quantity} x ${variant ? itemLabel(product.title, variant.name) : product.title}`}
            />
          </>
        )}
        {product.externalUrl ? (
          <p className="text-sm">
            <a href={product.externalUrl} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline hover:text-brand-800">
              Also available at {hostOf(product.externalUrl)}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        <TrustStrip compact className="border-t border-gray-200 pt-6" />
      </div>
    </div>
  );
}

function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
