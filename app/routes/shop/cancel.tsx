import { redirect } from "react-router";
import { cancelCheckoutForRequest } from "@server/checkout";
import { seo } from "~/lib/seo";
import { ResultPage } from "~/components/shop/result-page";
import type { Route } from "./+types/cancel";

/**
 * The payment page's cancel link lands here as `/cancel?order=…`: the shopper's checkout is cancelled
 * and its units released now (not in 30 minutes), then the plain /cancel page is shown.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("order")) return null;
  const setCookie = await cancelCheckoutForRequest(request, url.searchParams.get("order"));
  throw redirect("/cancel", { status: 303, headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Payment Cancelled", description: "Your payment was cancelled.", path: "/cancel", noindex: true });

export default function Cancel() {
  return (
    <ResultPage
      tone="neutral"
      title="Payment Cancelled"
      links={[
        { to: "/products", label: "Try Again" },
        { to: "/", label: "Return to Homepage" },
      ]}
    >
      <p>Your payment was cancelled and no charges were made. Your cart is still here when you are ready.</p>
    </ResultPage>
  );
}
