import { log } from "@server/log";
import { metrics } from "@server/metrics";
import { recordRefund } from "@server/orders";
import type { PaymentProvider } from "@server/payments";

/**
 * Gives a sold-out order's whole payment back through the provider and records the outcome in the
 * order's history (a failure asks staff to refund by hand). The idempotency key is the order's, so the
 * sold-out path can never refund the same order twice. Staff refunds go through server/orders/refunds.ts.
 */
export async function refundOrderPayment(provider: PaymentProvider, orderId: string, paymentId: string | null, amountCents: number): Promise<void> {
  if (!paymentId) {
    await recordRefund(orderId, { error: "the provider reported no payment id" });
    return;
  }
  try {
    const refund = await provider.refund({ paymentId, amountCents, reason: "sold out before the payment arrived", idempotencyKey: `refund-${orderId}` });
    metrics.refund("succeeded");
    await recordRefund(orderId, { refundId: refund.id });
  } catch (err) {
    log.error({ err, orderId }, "automatic refund failed");
    metrics.refund("failed");
    await recordRefund(orderId, { error: err instanceof Error ? err.message : String(err) });
  }
}
