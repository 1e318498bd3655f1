import { lazy, Suspense } from "react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { getSessionUser } from "@server/auth";
import { getCartCount } from "@server/cart";
import { getShopSettings } from "@server/content";
import { marketSummary, shopperForRequest } from "@server/pricing";
import { Header } from "~/components/shop/header";
import { SITE_FOOTER_ID } from "~/components/shop/site-links";
import { PromoPopup } from "~/components/shop/promo-popup";
import { PersonalProvider } from "~/lib/personal";
import type { Route } from "./+types/layout";

// The server renders the footer whole; the browser hydrates it when its code arrives, after the page's
// own (it is at the bottom, and its links and market form work as plain HTML until then).
const Footer = lazy(() => import("~/components/shop/footer").then((m) => ({ default: m.Footer })));

/**
 * The shop's frame. On a shared page (product, list, blog...: the cached page everyone gets) it
 * reads nothing of the visitor's own, whose badge and menu come from /api/personal after load (ADR
 * 018); on their own pages (cart, checkout, account) it renders them, so those work without JavaScript.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [s, shopper, visitor] = await Promise.all([getShopSettings(), shopperForRequest(request), context.sharedPage ? null : visitorOf(request)]);
  return {
    market: marketSummary(shopper),
    shop: { shopName: s.shopName, supportEmail: s.supportEmail, phone: s.phone, address: s.address },
    partnerOfferUrl: s.partnerOfferUrl,
    visitor,
  };
}

async function visitorOf(request: Request) {
  const user = await getSessionUser(request);
  return { cartCount: await getCartCount(request, user?.id ?? null), user: user ? { email: user.email } : null };
}

/**
 * Chromium paints a document while it is still arriving, and a page painted half-parsed moved as
 * the rest came in: the header's nav, icons and market form (layout shifts of 0.0005-0.01), the
 * catalogue's filters wrapping to a new line (0.028). The first frame waits until the page's main
 * content is whole: for the footer, which follows it (Chromium lets the frame go once the expected
 * element is in the document). The hero picture is preloaded from the head and loads meanwhile.
 * `rel=expect` is Chromium 124+; other browsers ignore it and paint as before.
 */
export const links: Route.LinksFunction = () => [{ rel: "expect", href: `#${SITE_FOOTER_ID}`, blocking: "render" }];

/** The layout reloads after mutations and on an explicit revalidate, not on every navigation. */
export function shouldRevalidate({ defaultShouldRevalidate, formMethod, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  const mutation = formMethod && formMethod !== "GET";
  return mutation || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const { shop, partnerOfferUrl, market, visitor } = loaderData;
  return (
    <PersonalProvider rendered={visitor}>
      <div className="flex min-h-screen flex-col">
        <Header shopName={shop.shopName} market={market} />
        <div className="flex-1">
          <Outlet />
        </div>
        <Suspense fallback={null}>
          <Footer {...shop} market={market} />
        </Suspense>
        <PromoPopup offerUrl={partnerOfferUrl} />
      </div>
    </PersonalProvider>
  );
}
