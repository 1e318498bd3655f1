import { Form } from "react-router";
import { AddToCartForm } from "../add-to-cart-form";

/**
 * Add to Cart (a fetcher: the page stays) and Buy Now (a navigation: the cart adds and redirects to
 * checkout). Both are plain forms posting to /cart, so they work before JavaScript.
 */
export function PurchaseForms({
  variantId,
  quantity,
  description,
}: {
  variantId: string | undefined;
  quantity: number;
  /** What the confirmation says was added, e.g. "2 x R36S Retro Handheld (Purple)". */
  description: string;
}) {
  const button =
    "flex h-12 w-full items-center justify-center rounded-lg px-6 text-base font-semibold disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <AddToCartForm variantId={variantId ?? ""} quantity={quantity} description={description}>
        {({ adding }) => (
          <button type="submit" aria-disabled={adding || undefined} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
            Add to Cart
          </button>
        )}
      </AddToCartForm>
      <Form method="post" action="/cart">
        <input type="hidden" name="intent" value="buy" />
        <input type="hidden" name="variantId" value={variantId ?? ""} />
        <input type="hidden" name="quantity" value={quantity} />
        <button type="submit" className={`${button} border-2 border-brand-700 text-brand-700 hover:bg-brand-50`}>
          Buy Now
        </button>
      </Form>
    </div>
  );
}
