import { data, redirect } from "react-router";
import { getSessionUser } from "@server/auth";
import { openCartForRequest } from "@server/cart";
import { restoreCheckoutLines } from "@server/checkout";
import { seo } from "~/lib/seo";
import { ResultPage } from "~/components/shop/result-page";
import type { Route } from "./+types/cart-restore";

/**
 * The abandoned checkout reminder's link (`/cart/restore?token=…`): the checkout's lines go back into
 * this browser's cart, whichever device it is, and the shopper lands on /cart. A forged or expired
 * token is refused with a page that says so (400), and the cart is left as it was.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const user = await getSessionUser(request);
  const { cartId, setCookie } = await openCartForRequest(request, user?.id ?? null);
  const outcome = await restoreCheckoutLines(token, cartId);
  const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
  if (outcome.restored) throw redirect("/cart", { status: 303, headers });
  return data({ message: outcome.message }, { status: 400, headers });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Restore your cart", description: "Your cart from an earlier checkout.", path: "/cart/restore", noindex: true });

export default function CartRestore({ loaderData }: Route.ComponentProps) {
  return (
    <ResultPage tone="neutral" title="Restore your cart" links={[{ to: "/products", label: "Browse products" }]}>
      <p role="alert">{loaderData.message}</p>
    </ResultPage>
  );
}
