import { seo } from "~/lib/seo";
import { ResultPage } from "~/components/shop/result-page";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Payment Successful", description: "Your order is confirmed.", path: "/success", noindex: true });

export default function Success() {
  return (
    <ResultPage
      tone="success"
      title="Payment Successful!"
      links={[
        { to: "/products", label: "Continue Shopping" },
        { to: "/", label: "Return to Homepage" },
      ]}
    >
      <p>Your order is confirmed. A confirmation email with your order details will follow shortly.</p>
    </ResultPage>
  );
}
