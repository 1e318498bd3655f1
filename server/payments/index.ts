import { config } from "../config";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe-provider";
import { readTestSession, testProvider, type TestSession } from "./test-provider";

let current: PaymentProvider | undefined;

/** Stripe when STRIPE_SECRET_KEY is set, the built-in test provider otherwise. */
export function paymentProvider(): PaymentProvider {
  current ??= config().STRIPE_SECRET_KEY ? stripeProvider() : testProvider();
  return current;
}

export { PaymentSetupError, WebhookSignatureError, type PaymentProvider, type ProviderName } from "./provider";

/** A test-provider session for the payment page; null when it is forged or Stripe is the provider. */
export function activeTestSession(sessionId: string): TestSession | null {
  return paymentProvider().name === "test" ? readTestSession(sessionId) : null;
}
