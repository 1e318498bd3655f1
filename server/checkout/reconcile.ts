import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { database, db } from "@server/db/client";
import { orders } from "@server/orders/schema";
import { paymentEvents } from "@server/payments/schema";
import { startPeriodicJob, type StopJob } from "@server/jobs";
import { log } from "@server/log";
import { SOLD_OUT_REASON } from "@server/orders";
import { paymentProvider } from "@server/payments";
import type { PaymentEvent, SessionState } from "@server/payments";
import { applyPaymentEvent } from "./webhooks";

/**
 * Reconciliation: for orders whose payment webhook may never have arrived (the shop was down, or
 * crashed while handling it), ask the provider for the session's state and apply a paid or expired
 * session as the missed event would have been, through the same idempotent path (applyPaymentEvent).
 * Run at start, every few minutes, and by `npm run payments:reconcile`.
 */

export const RECONCILE_INTERVAL_MS = 5 * 60_000;
/** How long after checkout a payment may still surface (Stripe retries webhooks for 3 days). */
const LOOKBACK = sql`interval '3 days'`;

export type ReconcileReport = { checked: number; confirmed: number; soldOut: number; closed: number; open: number; errors: number };

/** The event a session's final state stands for; its id is stable, so applying it twice is a duplicate. */
function eventFor(sessionId: string, state: SessionState): PaymentEvent | null {
  if (state.status === "open") return null;
  const ids = { eventId: `reconcile:${sessionId}:${state.status}`, eventType: `reconcile.session.${state.status}`, sessionId };
  return state.status === "paid"
    ? {
        kind: "paid",
        ...ids,
        paymentId: state.paymentId,
        brand: state.brand,
        last4: state.last4,
        amountCents: state.amountCents ?? null,
        currency: state.currency ?? null,
      }
    : { kind: "expired", ...ids };
}

/**
 * Unpaid orders with a session of the current provider whose final state is not yet recorded: still
 * pending, or cancelled for lack of payment (the sweep may have closed the window while the shop was
 * down; a late payment is still honoured or refunded by confirmPayment). Sold-out refunds are done.
 */
async function candidates(provider: string, limit: number) {
  const finalRecorded = sql`exists (select 1 from ${paymentEvents} where ${paymentEvents.provider} = ${orders.paymentProvider}
    and ${paymentEvents.id} in ('reconcile:' || ${orders.providerSessionId} || ':paid', 'reconcile:' || ${orders.providerSessionId} || ':expired'))`;
  return db()
    .select({ id: orders.id, sessionId: orders.providerSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentProvider, provider),
        isNotNull(orders.providerSessionId),
        isNull(orders.paidAt),
        or(eq(orders.status, "pending"), and(eq(orders.status, "cancelled"), ne(orders.cancelReason, SOLD_OUT_REASON))),
        gt(orders.createdAt, sql`now() - ${LOOKBACK}`),
        sql`not ${finalRecorded}`,
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
}

/**
 * One pass over the candidates. Null when another instance is reconciling right now (a PostgreSQL
 * advisory lock keeps it to one at a time; applying twice would change nothing, but asks twice).
 */
export async function reconcilePayments(limit = 500): Promise<ReconcileReport | null> {
  const provider = paymentProvider();
  return database().exclusively("payments:reconcile", async () => {
    const report: ReconcileReport = { checked: 0, confirmed: 0, soldOut: 0, closed: 0, open: 0, errors: 0 };
    for (const order of await candidates(provider.name, limit)) {
      const sessionId = order.sessionId!;
      report.checked++;
      try {
        const event = eventFor(sessionId, await provider.sessionState(sessionId));
        if (!event) {
          report.open++;
          continue;
        }
        const outcome = await applyPaymentEvent(provider, event);
        if (event.kind === "expired") report.closed++;
        else if (outcome?.kind === "paid") report.confirmed++;
        else if (outcome?.kind === "sold-out") report.soldOut++;
      } catch (err) {
        // One unreachable session must not hold up the others; the next pass asks again.
        report.errors++;
        log.warn({ err, orderId: order.id }, "could not reconcile an order's payment session");
      }
    }
    return report;
  });
}

/** Reconciles once at start (without delaying it) and then every 5 minutes. */
export function startPaymentReconciliation(): StopJob {
  return startPeriodicJob(
    "payment reconciliation",
    RECONCILE_INTERVAL_MS,
    async () => {
      const report = await reconcilePayments();
      if (report && report.confirmed + report.soldOut + report.closed + report.errors > 0) log.info(report, "payments reconciled");
    },
    { immediately: true },
  );
}

