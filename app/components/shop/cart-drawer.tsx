import { Dialog } from "radix-ui";
import { Link } from "react-router";
import { formatMoney } from "@core/money";
import type { ImageData } from "./responsive-image";
import { ResponsiveImage } from "./responsive-image";
import { buttonClass } from "~/components/ui/button";

/** What the cart's `add` intent answers a fetcher with: the line as it now is in the cart, and the cart's subtotal. */
export type AddedToCart = {
  line: { title: string; variantName: string; image: ImageData | null; quantity: number; lineTotalCents: number };
  count: number;
  subtotalCents: number;
  currency: string;
};

/**
 * The drawer Add to Cart opens (Dawn's cart notification): the line added, the cart subtotal, View
 * cart and Checkout. A Radix dialog: focus stays inside while it is open, Escape or the close buttons
 * shut it, and focus goes back to the Add to Cart button.
 */
export function CartDrawer({
  added,
  open,
  onOpenChange,
  returnFocus,
}: {
  added: AddedToCart | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Radix gives focus back to a Dialog.Trigger; the drawer opens from a form's answer instead. */
  returnFocus: () => void;
}) {
  if (!added) return null;
  const { line } = added;
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          data-testid="cart-drawer"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-6 overflow-y-auto bg-white p-6 shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="flex items-center gap-2 text-lg font-bold">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 text-green-700" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              Added to Cart
            </Dialog.Title>
            <Dialog.Close aria-label="Close" className="flex h-11 w-11 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="flex gap-4">
            <div className="h-20 w-20 shrink-0 overflow-hidden rounded-lg bg-gray-100">
              {line.image ? <ResponsiveImage image={line.image} alt="" sizes="80px" className="h-full w-full object-cover" /> : null}
            </div>
            <Dialog.Description asChild>
              <div className="text-sm text-gray-700">
                <p className="font-semibold text-gray-900">{line.title}</p>
                {line.variantName ? <p>Colour: {line.variantName}</p> : null}
                <p>Quantity in cart: {line.quantity}</p>
                <p className="font-semibold text-gray-900">{formatMoney(line.lineTotalCents, added.currency)}</p>
              </div>
            </Dialog.Description>
          </div>
          <p className="flex items-baseline justify-between border-t border-gray-200 pt-4">
            <span className="text-gray-700">
              Subtotal ({added.count} {added.count === 1 ? "item" : "items"})
            </span>
            <strong className="text-lg" data-testid="drawer-subtotal">
              {formatMoney(added.subtotalCents, added.currency)}
            </strong>
          </p>
          <div className="grid gap-3">
            <Link to="/checkout" onClick={close} className={buttonClass("primary", "large")}>
              Checkout
            </Link>
            <Link to="/cart" onClick={close} className={buttonClass("outline", "large")}>
              View cart
            </Link>
            <Dialog.Close className="min-h-11 text-sm font-semibold text-gray-700 underline hover:text-gray-900">Continue shopping</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
