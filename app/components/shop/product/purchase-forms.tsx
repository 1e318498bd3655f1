import { Form } from "react-router";
import { AddToCartForm } from "../add-to-cart-form";
import { Button } from "~/components/ui/button";

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
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <AddToCartForm variantId={variantId ?? ""} quantity={quantity} description={description}>
        {({ adding }) => (
          <Button type="submit" size="large" aria-disabled={adding || undefined} className="h-12 w-full">
            Add to Cart
          </Button>
        )}
      </AddToCartForm>
      <Form method="post" action="/cart">
        <input type="hidden" name="intent" value="buy" />
        <input type="hidden" name="variantId" value={variantId ?? ""} />
        <input type="hidden" name="quantity" value={quantity} />
        <Button type="submit" variant="outline" size="large" className="h-12 w-full">
          Buy Now
        </Button>
      </Form>
    </div>
  );
}
