import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * What checkout shows instead of its form or over it: the error page (a refusal that is not the
 * shopper's to fix in the form), the empty cart, and the wait while the payment is set up.
 */

/** The error page that replaces the form. */
export function CheckoutError({ message }: { message: string }) {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Checkout Error</h1>
      <p role="alert" className="mt-3 text-gray-700">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {/* A full reload, as the spec's 'Try Again' does. */}
        <a href="/checkout" className={buttonClass()}>
          Try Again
        </a>
        <Link to="/products" className={buttonClass("secondary")}>
          Return to Products
        </Link>
      </div>
    </main>
  );
}

/** Checkout with nothing to check out. */
export function EmptyCheckout() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Your cart is empty</h1>
      <p className="mt-2 text-gray-600">Add some awesome gaming gear to get started!</p>
      <Link to="/products" className={buttonClass("primary", "medium", "mt-6")}>
        Browse Products
      </Link>
    </main>
  );
}

/** Over the page from the submit until the payment page opens. */
export function SettingUpPayment() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/90">
      <div role="status" className="flex flex-col items-center gap-4 text-lg font-semibold">
        <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
        Setting up your payment...
      </div>
    </div>
  );
}
