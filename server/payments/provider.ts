import { DomainError } from "../errors";

/**
 * The seam between the shop and a card payment provider (DESIGN.md section 2). Two adapters:
 * Stripe Checkout (when STRIPE_SECRET_KEY is set) and the built-in test provider (otherwise).
 * Card numbers never reach the shop through it: only brand and last 4.
 */

export type ProviderName = "test" | "stripe";

/** `discountCents`: this line's share of the order's discount code (0 without one). */
export type SessionLine = { title: string; variantName: string; unitPriceCents: number; quantity: number; discountCents?: number };

/** A tax line as the shop computed it; included tax is already inside the prices and only shown. */
export type SessionTaxLine = { name: string; rateBps: number; amountCents: number; included: boolean };

export type CreateSessionInput = {
  orderId: string;
  orderNumber: string;
  email: string;
  /** Priced by the server from the database. */
  lines: SessionLine[];
  /** The order's discount code, shown on the payment page; its amount is already out of the lines and the total. */
  discount?: { code: string; amountCents: number } | null;
  /** The chosen method and what it costs (0 when free), in the order's currency. */
  shipping: { name: string; amountCents: number };
  /** Added tax (US sales tax) is charged on top; included tax (VAT) is only shown. */
  taxLines: SessionTaxLine[];
  /** lines − discount + shipping + added tax: what the provider must charge, to the minor unit. */
  totalCents: number;
  /** The order's currency, lower case ("gbp"). */
  currency: string;
  /** The same instant the order's reservation lapses. */
  expiresAt: Date;
  /** Contains the literal `{CHECKOUT_SESSION_ID}`, which the provider replaces. */
  successUrl: string;
  cancelUrl: string;
};

export type RefundInput = { paymentId: string; amountCents: number; reason: string; idempotencyKey: string };

export type CheckoutSession = { id: string; url: string | null };

/** A verified webhook event, translated into what the shop acts on. */
export type PaymentEvent =
  | {
      kind: "paid";
      eventId: string;
      eventType: string;
      sessionId: string;
      paymentId: string | null;
      brand: string | null;
      last4: string | null;
      /** What the provider says was paid; checked against the order before it is marked paid. */
      amountCents: number | null;
      currency: string | null;
    }
  | { kind: "failed" | "expired"; eventId: string; eventType: string; sessionId: string }
  | { kind: "ignored"; eventId: string; eventType: string };

/** What the provider knows of a session now: reconciliation's question when a webhook may have been missed. */
export type SessionState =
  | { status: "open" }
  | { status: "paid"; paymentId: string | null; brand: string | null; last4: string | null; amountCents?: number | null; currency?: string | null }
  | { status: "expired" };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** The request header carrying the webhook signature. */
  readonly signatureHeader: string;
  createSession(input: CreateSessionInput): Promise<CheckoutSession>;
  /** Verifies signature and timestamp (WebhookSignatureError otherwise) and translates the event. */
  parseWebhook(rawBody: string, signature: string | null): Promise<PaymentEvent>;
  /** Gives back `amountCents` of a payment (all of it or part); the same key twice refunds once. */
  refund(input: RefundInput): Promise<{ id: string }>;
  /** Closes a session nobody should pay any more (best effort). */
  expireSession(sessionId: string): Promise<void>;
  /** Asks the provider for the session's state (a delayed method still processing counts as open). */
  sessionState(sessionId: string): Promise<SessionState>;
}

/** A webhook whose signature is missing, forged or too old. Answered with 400; nothing changes. */
export class WebhookSignatureError extends DomainError {
  readonly status = 400;
  constructor(message: string) {
    super(message, { publicMessage: "Invalid signature" });
  }
}

/**
 * A correctly signed event the shop cannot apply as sent (no id or type): answered with 400 and
 * the reason; nothing changes. Only the provider's key can sign one, so it is a bug or a test.
 */
export class MalformedWebhookError extends DomainError {
  readonly status = 400;
  constructor(message: string) {
    super(message, { publicMessage: `Malformed event: ${message}` });
  }
}

/** The provider refused or failed to open a session; the message is safe to show. */
export class PaymentSetupError extends DomainError {
  readonly status = 502;
  constructor(message: string) {
    super(message, { publicMessage: `Payment setup failed: ${message}` });
  }
}
