import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { getSessionUser } from "@server/auth";
import { getCartCount } from "@server/cart";
import { getShopSettings } from "@server/content";
import { marketSummary, shopperForRequest } from "@server/pricing";
import { Footer } from "~/components/shop/footer";
import { Header } from "~/components/shop/header";
import { PromoPopup } from "~/components/shop/promo-popup";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [s, user, shopper] = await Promise.all([getShopSettings(), getSessionUser(request), shopperForRequest(request)]);
  return {
    market: marketSummary(shopper),
    shop: { shopName: s.shopName, supportEmail: s.supportEmail, phone: s.phone, address: s.address },
    partnerOfferUrl: s.partnerOfferUrl,
    cartCount: await getCartCount(request, user?.id ?? null),
    user: user ? { email: user.email } : null,
  };
}

/** The layout reloads after mutations (the cart badge) and on an explicit revalidate, not on every navigation. */
export function shouldRevalidate({ defaultShouldRevalidate, formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  const mutation = formMethod && formMethod !== "GET";
  return mutation || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const { shop, partnerOfferUrl, cartCount, user, market } = loaderData;
  return (
    <div className="flex min-h-screen flex-col">
      <Header shopName={shop.shopName} cartCount={cartCount} user={user} market={market} />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer {...shop} market={market} />
      <PromoPopup offerUrl={partnerOfferUrl} />
    </div>
  );
}
