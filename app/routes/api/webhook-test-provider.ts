import { handlePaymentWebhook } from "@server/checkout";
import type { Route } from "./+types/webhook-test-provider";

/** The built-in test provider's signed events (DESIGN.md section 6). */
export async function action({ request }: Route.ActionArgs) {
  return handlePaymentWebhook("test", request);
}
