import { Outlet, useLoaderData } from "react-router";
import { getSessionUser } from "@server/auth/session";
import { getShopSettings } from "@server/content/settings";
import { Footer } from "~/components/shop/footer";
import { Header } from "~/components/shop/header";
import { PromoPopup } from "~/components/shop/promo-popup";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [s, user] = await Promise.all([getShopSettings(), getSessionUser(request)]);
  return {
    shop: { shopName: s.shopName, supportEmail: s.supportEmail, phone: s.phone, address: s.address },
    partnerOfferUrl: s.partnerOfferUrl,
    cartCount: 0,
    user: user ? { email: user.email } : null,
  };
}

export default function ShopLayout() {
  const { shop, partnerOfferUrl, cartCount, user } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      <Header shopName={shop.shopName} cartCount={cartCount} user={user} />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer {...shop} />
      <PromoPopup offerUrl={partnerOfferUrl} />
    </div>
  );
}
