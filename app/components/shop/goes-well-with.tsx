import { useState } from "react";
import { Link } from "react-router";
import type { InMarket } from "@core/market";
import { formatMoney } from "@core/money";
import type { AccessoryOffer } from "@core/product-view";
import { hasColours, itemLabel } from "@core/variant";
import { AddToCartForm } from "./add-to-cart-form";
import { ResponsiveImage } from "./responsive-image";

/**
 * "Goes well with": accessories beside a console and in the cart, each added with one button (a
 * colour select first where the accessory comes in colours). Sold-out accessories are left out.
 */
export function GoesWellWith({
  offers,
  headingLevel = 2,
  confirm = "drawer",
}: {
  offers: InMarket<AccessoryOffer>[];
  headingLevel?: 2 | 3;
  /** In the cart the added line shows in place: a toast confirms instead of the drawer. */
  confirm?: "drawer" | "toast";
}) {
  const buyable = offers.filter((o) => o.variants.some((v) => v.available > 0));
  if (buyable.length === 0) return null;
  const Heading = headingLevel === 3 ? "h3" : "h2";
  return (
    <section aria-labelledby="goes-well-with-heading">
      <Heading id="goes-well-with-heading" className={headingLevel === 3 ? "text-lg font-bold" : "text-2xl font-bold"}>
        Goes well with
      </Heading>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {buyable.map((o) => (
          <li key={o.id}>
            <OfferCard offer={o} confirm={confirm} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function OfferCard({ offer, confirm }: { offer: InMarket<AccessoryOffer>; confirm: "drawer" | "toast" }) {
  const choices = offer.variants.filter((v) => v.available > 0);
  const [chosen, setChosen] = useState(choices[0]);
  const colours = hasColours(offer.variants);
  const selectId = `offer-colour-${offer.id}`;
  return (
    <article className="flex h-full gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
      <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-gray-100">
        {offer.image ? <ResponsiveImage image={offer.image} alt="" sizes="80px" className="h-full w-full object-cover" /> : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link to={`/products/${offer.slug}`} prefetch="intent" className="text-sm font-semibold hover:text-brand-700 hover:underline">
          {offer.title}
        </Link>
        <p className="text-sm font-bold">{formatMoney(offer.priceCents, offer.currency)}</p>
        <AddToCartForm
          variantId={colours ? undefined : chosen.id}
          quantity={1}
          confirm={confirm}
          description={`1 x ${itemLabel(offer.title, chosen.name)}`}
          className="mt-auto flex flex-wrap items-end gap-2"
        >
          {({ adding }) => (
            <>
              {colours ? (
                <span className="flex flex-col">
                  <label htmlFor={selectId} className="sr-only">
                    Colour of {offer.title}
                  </label>
                  <select
                    id={selectId}
                    name="variantId"
                    value={chosen.id}
                    onChange={(e) => setChosen(choices.find((c) => c.id === e.target.value) ?? choices[0])}
                    className="h-11 rounded-lg border border-gray-400 bg-white px-2 text-sm"
                  >
                    {choices.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                </span>
              ) : null}
              <button
                type="submit"
                aria-disabled={adding || undefined}
                aria-label={`Add ${offer.title} to cart`}
                className="inline-flex h-11 items-center rounded-lg border-2 border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                Add
              </button>
            </>
          )}
        </AddToCartForm>
      </div>
    </article>
  );
}
