import { handlePaymentWebhook } from "@server/checkout";
import type { Route } from "./+types/webhook-stripe";

/** Stripe's signed events, verified with STRIPE_WEBHOOK_SECRET. */
export async function action({ request }: Route.ActionArgs) {
  return handlePaymentWebhook("stripe", request);
}
