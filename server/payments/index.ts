import { config, type Config } from "../config";
import type { PaymentProvider } from "./provider";
import { stripeProvider } from "./stripe-provider";
import { readTestSession, testProvider, type TestSession } from "./test-provider";

let current: { config: Config; provider: PaymentProvider } | undefined;

/**
 * Stripe when STRIPE_SECRET_KEY is set, the built-in test provider otherwise; made again when the
 * configuration is replaced (test files that share a process each set their own).
 */
export function paymentProvider(): PaymentProvider {
  const c = config();
  if (current?.config !== c) current = { config: c, provider: c.STRIPE_SECRET_KEY ? stripeProvider() : testProvider() };
  return current.provider;
}

export { PaymentSetupError, WebhookSignatureError, type PaymentProvider, type ProviderName } from "./provider";

/** A test-provider session for the payment page; null when it is forged or Stripe is the provider. */
export function activeTestSession(sessionId: string): TestSession | null {
  return paymentProvider().name === "test" ? readTestSession(sessionId) : null;
}
export { isTestSessionClosed, payTestSession, testCardSchema } from "./test-provider";
export { MalformedWebhookError } from "./provider";
export type { PaymentEvent, SessionState } from "./provider";
export { firstDelivery } from "./event-log";
