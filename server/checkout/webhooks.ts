import { afterOrderPaid } from "@server/accounts";
import { log } from "@server/log";
import { metrics } from "@server/metrics";
import { sendOrderConfirmation, sendSoldOutNotice } from "@server/orders";
import { closeUnpaidOrder, confirmPayment, recordIgnoredEvent, type PaymentOutcome } from "@server/orders";
import { paymentProvider } from "@server/payments";
import { refundOrderPayment } from "./sold-out-refund";
import { MalformedWebhookError, WebhookSignatureError, type PaymentEvent, type PaymentProvider, type ProviderName } from "@server/payments";

/**
 * POST /api/webhooks/:provider. A missing, forged or stale signature, or a signed event without an id
 * or type, gets 400 and changes nothing;
 * a verified event is applied idempotently. Errors other than the signature answer 500, so the
 * provider delivers again later.
 */
export async function handlePaymentWebhook(name: ProviderName, request: Request): Promise<Response> {
  const provider = paymentProvider();
  if (provider.name !== name) return Response.json({ ok: false, message: "This payment provider is not enabled" }, { status: 404 });
  const rawBody = await request.text();
  let event: PaymentEvent;
  try {
    event = await provider.parseWebhook(rawBody, request.headers.get(provider.signatureHeader));
  } catch (err) {
    if (err instanceof MalformedWebhookError) {
      log.warn({ provider: name, reason: err.message }, "rejected a malformed payment webhook");
      metrics.paymentWebhook("rejected");
      return Response.json({ ok: false, message: err.publicMessage }, { status: err.status });
    }
    if (!(err instanceof WebhookSignatureError)) throw err;
    log.warn({ provider: name, reason: err.message }, "rejected a payment webhook");
    metrics.paymentWebhook("rejected");
    return Response.json({ ok: false, message: err.publicMessage }, { status: err.status });
  }
  try {
    await applyPaymentEvent(provider, event);
  } catch (err) {
    metrics.paymentWebhook("failed");
    throw err;
  }
  metrics.paymentWebhook("applied");
  return Response.json({ received: true });
}

async function afterCommit(what: string, orderId: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (err) {
    // The order is already right; a redelivery would be a duplicate, so log for staff instead.
    log.error({ err, orderId }, `${what} failed after the payment was applied`);
  }
}

/** A paid order that could not be fulfilled gets its money back through the provider, and an email. */
async function refundSoldOutOrder(provider: PaymentProvider, orderId: string, paymentId: string | null, amountCents: number) {
  await refundOrderPayment(provider, orderId, paymentId, amountCents);
  await sendSoldOutNotice(orderId);
}

export async function applyPaymentEvent(provider: PaymentProvider, event: PaymentEvent): Promise<PaymentOutcome | null> {
  const ids = { provider: provider.name, eventId: event.eventId, eventType: event.eventType };
  switch (event.kind) {
    case "paid": {
      const { kind: _paid, ...paid } = event;
      const outcome = await confirmPayment({ ...paid, provider: provider.name });
      if (outcome.kind === "paid") {
        metrics.checkoutPaid();
        await afterCommit("order confirmation email", outcome.orderId, () => sendOrderConfirmation(outcome.orderId, outcome.summary));
        // Saving the address, creating the account: only now that the payment is confirmed.
        if (outcome.accountRequests) await afterCommit("checkout's account requests", outcome.orderId, () => afterOrderPaid(outcome.orderId));
      } else if (outcome.kind === "sold-out") {
        await afterCommit("refund of a sold-out order", outcome.orderId, () =>
          refundSoldOutOrder(provider, outcome.orderId, outcome.paymentId, outcome.amountCents),
        );
      }
      return outcome;
    }
    case "failed":
      await closeUnpaidOrder({ ...ids, sessionId: event.sessionId }, "payment_failed");
      return null;
    case "expired":
      await closeUnpaidOrder({ ...ids, sessionId: event.sessionId }, "cancelled");
      return null;
    case "ignored":
      await recordIgnoredEvent(ids.provider, ids.eventId, ids.eventType);
      return null;
  }
}
