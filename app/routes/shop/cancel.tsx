import { seo } from "~/lib/seo";
import { ResultPage } from "~/components/shop/result-page";
import type { Route } from "./+types/cancel";

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
