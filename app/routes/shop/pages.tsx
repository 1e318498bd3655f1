import { Outlet } from "react-router";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { errorTitle } from "~/components/shop/error-page";
import { siteOf } from "~/lib/seo";
import type { Route } from "./+types/pages";

/**
 * Every shop page sits inside this pathless route, so an error a page throws (an unknown product,
 * a 404 from any loader) renders here: inside the shop layout, with the header, menu and footer.
 */
export default function ShopPages() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** Only an error page ends at this route; a page's own meta is deeper and wins otherwise. */
export const meta: Route.MetaFunction = ({ error, matches }) => {
  const { shopName } = siteOf(matches);
  return error ? [{ title: `${errorTitle(error)} | ${shopName}` }, { name: "robots", content: "noindex" }] : [{ title: shopName }];
};
