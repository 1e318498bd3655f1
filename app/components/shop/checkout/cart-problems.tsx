import { Link } from "react-router";
import type { Shortage } from "@core/stock";
import { itemLabel } from "@core/variant";

/**
 * A refusal of the cart as it stands, above the form: nothing was charged, the cart is where to fix
 * it (for a Buy Now, the products: its one line is chosen again on the product page).
 */
export function CartProblem({ children, buyNow }: { children: React.ReactNode; buyNow: boolean }) {
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      {children}
      <p className="mt-2">
        Nothing has been charged.{" "}
        {buyNow ? (
          <Link to="/products" className="font-semibold underline">
            Choose again
          </Link>
        ) : (
          <Link to="/cart" className="font-semibold underline">
            Update your cart
          </Link>
        )}
      </p>
    </div>
  );
}

/** The lines checkout could not reserve in the quantities asked for. */
export function StockProblems({ shortages, buyNow }: { shortages: Shortage[]; buyNow: boolean }) {
  return (
    <CartProblem buyNow={buyNow}>
      <p className="font-semibold">Some items in your cart are no longer available in that quantity:</p>
      <ul className="mt-2 list-disc pl-5">
        {shortages.map((s) => (
          <li key={s.variantId}>
            {s.available === 0
              ? `${itemLabel(s.title, s.variantName)} is sold out.`
              : `${itemLabel(s.title, s.variantName)}: only ${s.available} left, you asked for ${s.requested}.`}
          </li>
        ))}
      </ul>
    </CartProblem>
  );
}
