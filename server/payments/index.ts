import type { PaymentProvider } from "./provider";
import { readTestSession, testProvider, type TestSession } from "./test-provider";

let current: PaymentProvider | undefined;

/** The built-in test provider (the Stripe adapter comes next). */
export function paymentProvider(): PaymentProvider {
  current ??= testProvider();
  return current;
}

export { PaymentSetupError, WebhookSignatureError, type PaymentProvider, type ProviderName } from "./provider";

/** A test-provider session for the payment page; null when it is forged or Stripe is the provider. */
export function activeTestSession(sessionId: string): TestSession | null {
  return paymentProvider().name === "test" ? readTestSession(sessionId) : null;
}
