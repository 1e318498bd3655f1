import { AddToCartForm } from "../add-to-cart-form";
import { Button } from "~/components/ui/button";

/**
 * Add to Cart and Buy Now: one form posting to /cart, each button naming its intent. With JavaScript
 * Add to Cart is a fetcher (the page stays, the drawer opens) and Buy Now a navigation to checkout;
 * before it, or without it, a plain post of either. The colour radios join the form by its `id`
 * (ColourPicker's `form`); a product without options sends its one variant as a hidden field.
 */
export function PurchaseForms({
  id,
  variantId,
  quantity,
  description,
}: {
  id: string;
  /** The one variant of a product without options; undefined when the colour radios carry it. */
  variantId: string | undefined;
  quantity: number;
  /** What the confirmation says was added, e.g. "2 x R36S Retro Handheld (Purple)". */
  description: string;
}) {
  return (
    <AddToCartForm id={id} variantId={variantId} quantity={quantity} description={description} intentFromButtons className="grid gap-3 sm:grid-cols-2">
      {({ adding }) => (
        <>
          <Button type="submit" name="intent" value="add" size="large" aria-disabled={adding || undefined} className="h-12 w-full">
            Add to Cart
          </Button>
          <Button type="submit" name="intent" value="buy" variant="outline" size="large" className="h-12 w-full">
            Buy Now
          </Button>
        </>
      )}
    </AddToCartForm>
  );
}
