import { useEffect, useRef } from "react";
import { Form, useFetcher } from "react-router";
import { useToast } from "~/components/ui/toast";

/** The answer of the cart's `add` intent (owned by the cart; this is the contract this page relies on). */
type AddToCartResult = { ok: true } | { ok: false; error: string };

/**
 * Add to Cart (a fetcher: the page stays, a toast confirms) and Buy Now (a navigation: the cart adds
 * and redirects to checkout). Both are plain forms posting to /cart, so they work before JavaScript.
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
  const fetcher = useFetcher<AddToCartResult>();
  const toast = useToast();
  // The toast describes what was submitted, not what is selected by the time the answer arrives.
  const submitted = useRef(description);
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast({ title: "Added to Cart", description: submitted.current });
    else toast({ title: "Could not add to cart", description: fetcher.data.error, variant: "destructive" });
  }, [fetcher.data, toast]);

  const adding = fetcher.state !== "idle";
  const button =
    "flex h-12 w-full items-center justify-center rounded-lg px-6 text-base font-semibold disabled:cursor-not-allowed disabled:opacity-50";
  const fields = (
    <>
      <input type="hidden" name="variantId" value={variantId ?? ""} />
      <input type="hidden" name="quantity" value={quantity} />
    </>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <fetcher.Form
        method="post"
        action="/cart"
        onSubmit={(e) => {
          // One add at a time; the button stays focusable (disabling it would drop keyboard focus).
          if (adding) e.preventDefault();
          else submitted.current = description;
        }}
      >
        <input type="hidden" name="intent" value="add" />
        {fields}
        <button type="submit" aria-disabled={adding || undefined} className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
          Add to Cart
        </button>
      </fetcher.Form>
      <Form method="post" action="/cart">
        <input type="hidden" name="intent" value="buy" />
        {fields}
        <button type="submit" className={`${button} border-2 border-brand-700 text-brand-700 hover:bg-brand-50`}>
          Buy Now
        </button>
      </Form>
    </div>
  );
}
