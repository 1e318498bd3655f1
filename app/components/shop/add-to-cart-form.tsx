import { lazy, Suspense, useRef, useState } from "react";
import { useFetcher, useSubmit } from "react-router";
import { useToast } from "~/components/ui/toast";
import { useEachResult } from "~/lib/use-each-result";
import type { AddedToCart } from "./cart-drawer";

// The drawer (Radix Dialog with its focus trap and scroll lock, about 10 KB of gzip) is not part of
// the page's first load: its module is fetched when an add is submitted, before the answer arrives.
const loadDrawer = () => import("./cart-drawer");
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

/** The answer of the cart's `add` intent (owned by the cart; this is the contract the forms rely on). */
type AddToCartResult = { ok: true; added?: AddedToCart } | { ok: false; message: string };

/**
 * Every "Add to Cart" of the shop (product page, "Goes well with"): a fetcher form posting the
 * cart's `add` intent, so the page stays and the cart drawer opens with the line (on the cart page,
 * where the line appears in place, a toast confirms instead). Before JavaScript it is a plain form
 * post that lands on /cart. `variantId` is sent as a hidden field unless the children carry it (a
 * colour select) or controls outside join the form by its `id` (the product page's colour radios).
 * With `intentFromButtons` the submit buttons name the intent: a Buy Now (`intent=buy`) in the same
 * form is submitted as a navigation, since it goes on to checkout.
 */
export function AddToCartForm({
  id,
  intentFromButtons = false,
  variantId,
  quantity,
  description,
  confirm = "drawer",
  className,
  children,
}: {
  id?: string;
  intentFromButtons?: boolean;
  variantId?: string;
  quantity: number;
  /** What the confirmation says was added, e.g. "2 x R36S Retro Handheld (Purple)". */
  description: string;
  confirm?: "drawer" | "toast";
  className?: string;
  /** The fields and the submit button. */
  children: (state: { adding: boolean }) => React.ReactNode;
}) {
  const fetcher = useFetcher<AddToCartResult>();
  const navigate = useSubmit();
  const toast = useToast();
  // The toast describes what was submitted, not what is selected by the time the answer arrives.
  const submitted = useRef(description);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Once opened the drawer stays mounted, so closing it gives focus back as Radix does.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // The button that submitted: focus goes back to it when the drawer closes.
  const submitter = useRef<HTMLElement | null>(null);
  useEachResult(fetcher.data, (result) => {
    if (!result.ok) toast({ title: "Could not add to cart", description: result.message, variant: "destructive" });
    else if (confirm === "drawer" && result.added) {
      setDrawerUsed(true);
      setDrawerOpen(true);
    }
    else toast({ title: "Added to Cart", description: submitted.current });
  });
  const adding = fetcher.state !== "idle";
  return (
    <>
      <fetcher.Form
      id={id}
      method="post"
      action="/cart"
      className={className}
      onSubmit={(e) => {
        const button = (e.nativeEvent as SubmitEvent).submitter;
        if (button instanceof HTMLButtonElement && button.name === "intent" && button.value === "buy") {
          // Buy Now: the cart's answer is a redirect to checkout, a page change, not a fetcher's result.
          e.preventDefault();
          void navigate(button, { method: "post", action: "/cart" });
        }
        // One add at a time; the button stays focusable (disabling it would drop keyboard focus).
        else if (adding) e.preventDefault();
        else {
          submitted.current = description;
          if (confirm === "drawer") void loadDrawer();
          submitter.current = (e.nativeEvent as SubmitEvent).submitter ?? null;
        }
      }}
    >
      {intentFromButtons ? null : <input type="hidden" name="intent" value="add" />}
      {variantId !== undefined ? <input type="hidden" name="variantId" value={variantId} /> : null}
      <input type="hidden" name="quantity" value={quantity} />
      {children({ adding })}
      </fetcher.Form>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <CartDrawer
            added={fetcher.data?.ok ? (fetcher.data.added ?? null) : null}
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            returnFocus={() => submitter.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
