import { MalformedWebhookError, type PaymentEvent } from "./provider";

/** The part of a Stripe `checkout.session.*` event the shop reads (the test provider sends the same). */
export type CheckoutSessionEvent = {
  id: string;
  type: string;
  data: {
    object: {
      id: string;
      payment_status?: string | null;
      amount_total?: number | null;
      currency?: string | null;
      payment_intent?: string | { id: string } | null;
    };
  };
};

/** The payment's id, whether Stripe sent the id or the expanded object. */
export function paymentIdOf(intent: string | { id: string } | null | undefined): string | null {
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

export type CardLookup = (paymentId: string | null) => Promise<{ brand: string; last4: string } | null>;

/**
 * Stripe's Checkout events, as both adapters receive them: completed (paid unless an async method is
 * still pending), async payment succeeded / failed, and expired. Anything else is acknowledged only.
 */
export async function translateCheckoutEvent(event: CheckoutSessionEvent, card: CardLookup): Promise<PaymentEvent> {
  // The id is the idempotency key of applying it (payment_events): without one it cannot be applied once.
  if (typeof event?.id !== "string" || !event.id || event.id.length > 255) throw new MalformedWebhookError("The event has no id");
  if (typeof event.type !== "string" || !event.type) throw new MalformedWebhookError("The event has no type");
  const base = { eventId: event.id, eventType: event.type };
  const session = event.data?.object;
  if (!session?.id) return { kind: "ignored", ...base };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      // A completed session paid by a delayed method (bank debit) reports 'unpaid' until its async event.
      if (session.payment_status === "unpaid") return { kind: "ignored", ...base };
      const paymentId = paymentIdOf(session.payment_intent);
      const details = await card(paymentId);
      return {
        kind: "paid",
        ...base,
        sessionId: session.id,
        paymentId,
        brand: details?.brand ?? null,
        last4: details?.last4 ?? null,
        amountCents: session.amount_total ?? null,
        currency: session.currency ?? null,
      };
    }
    case "checkout.session.async_payment_failed":
      return { kind: "failed", ...base, sessionId: session.id };
    case "checkout.session.expired":
      return { kind: "expired", ...base, sessionId: session.id };
    default:
      return { kind: "ignored", ...base };
  }
}
