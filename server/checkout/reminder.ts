import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { config } from "../config";
import { getShopSettings } from "@server/content";
import { db } from "../db/client";
import { startPeriodicJob, type StopJob } from "../jobs";
import { log } from "../log";
import { deliverQueued, queueMail } from "@server/mail";
import { unsubscribeAddress } from "@server/marketing";
import { markReminderSent } from "@server/orders";
import { orderItems, orders } from "@server/orders/schema";
import { restoreLines } from "../cart";
import { readToken, signToken } from "./reminder-token";

/**
 * The abandoned checkout reminder (issue 31, 7): one email, REMINDER_DELAY_HOURS after an unpaid
 * checkout whose shopper ticked "Email me offers and reminders", with a link that puts its lines back
 * in a cart on any device and a one-click unsubscribe (RFC 8058). Only the shopper's latest checkout
 * is reminded (a retried checkout supersedes the earlier one; if the retry was paid, nothing is sent).
 * The decision is taken in a transaction holding the order's row lock, which the payment's own
 * transaction takes too (server/orders/payment.ts): a checkout paid before the reminder commits is
 * never reminded, and reminded_at makes it once per checkout, however many instances run the job.
 */

/** How long the restore link works after the email is sent. */
export const RESTORE_LINK_DAYS = 14;

/** An unpaid checkout: no payment arrived for it (still pending, or lapsed/cancelled without one). */
const unpaid = sql`(${orders.status} in ('pending', 'cancelled') and ${orders.paidAt} is null and ${orders.paymentIntentId} is null)`;
/** No later checkout by the same address: that one stands for the shopper's intent (and may be paid). */
// Spelled with the table: drizzle may write a bare column, which the subquery would read as its own.
const latestOfShopper = sql.raw(`not exists (select 1 from orders later where lower(later.email) = lower("orders"."email") and later.created_at > "orders"."created_at")`);
const notUnsubscribed = sql.raw(`not exists (select 1 from marketing_unsubscribes u where u.email = lower("orders"."email"))`);

export type ReminderRun = { now?: Date; delayHours?: number; batchSize?: number; afterPick?: (ids: string[]) => Promise<void> };

/** Queues the due reminders; returns how many were queued. `afterPick` lets a test act between the pick and the locked check. */
export async function sendCheckoutReminders(run: ReminderRun = {}): Promise<number> {
  const now = run.now ?? new Date();
  const delayHours = run.delayHours ?? config().REMINDER_DELAY_HOURS;
  const dueBefore = new Date(now.getTime() - delayHours * 3_600_000);
  const due = and(eq(orders.marketingConsent, true), isNull(orders.remindedAt), lte(orders.createdAt, dueBefore), unpaid, latestOfShopper, notUnsubscribed);
  const picked = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(due)
    .orderBy(asc(orders.createdAt))
    .limit(run.batchSize ?? 100);
  if (picked.length === 0) return 0;
  await run.afterPick?.(picked.map((p) => p.id));
  const shop = await getShopSettings();
  let queued = 0;
  for (const { id } of picked) {
    const row = await db().transaction(async (tx) => {
      // Checked again under the row lock: paid, reminded or unsubscribed since the pick means no mail.
      const [order] = await tx
        .select({ id: orders.id, email: orders.email, name: orders.name })
        .from(orders)
        .where(and(eq(orders.id, id), due))
        .for("update", { of: orders, skipLocked: true });
      if (!order) return null;
      // The clock after the lock: a payment that waited on it is stamped later (the race test compares the two).
      await markReminderSent(tx, id);
      const restoreUrl = `${config().publicUrl}/cart/restore?token=${signToken("restore-cart", id, new Date(now.getTime() + RESTORE_LINK_DAYS * 86_400_000))}`;
      const unsubscribeUrl = `${config().publicUrl}/unsubscribe?token=${signToken("unsubscribe", order.email.toLowerCase(), null)}`;
      return queueMail(tx, {
        to: order.email,
        subject: `You left something in your cart at ${shop.shopName}`,
        text: [
          `Hello ${order.name},`,
          "",
          "You started a checkout but did not pay, so nothing was charged and nothing is on its way.",
          "Your cart is one click away, on any device:",
          restoreUrl,
          "",
          "This is the only reminder we send for this checkout.",
          `Stop these emails: ${unsubscribeUrl}`,
          "",
          shop.shopName,
        ].join("\n"),
        replyTo: shop.supportEmail,
        headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
    });
    if (row) {
      await deliverQueued([row]);
      queued++;
    }
  }
  return queued;
}

export type RestoreOutcome = { restored: true } | { restored: false; message: string };

export const RESTORE_REFUSED = "This link to your cart is not valid. Please add the products to your cart again.";
export const RESTORE_EXPIRED = "This link to your cart has expired. Please add the products to your cart again.";

/** Puts the reminded checkout's lines into `cartId` (colours no longer sold are skipped, as on Undo). */
export async function restoreCheckoutLines(token: string, cartId: string): Promise<RestoreOutcome> {
  const read = readToken("restore-cart", token);
  if ("refused" in read) return { restored: false, message: read.refused === "expired" ? RESTORE_EXPIRED : RESTORE_REFUSED };
  const lines = await db()
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, read.subject));
  const held = lines.flatMap((l) => (l.variantId ? [{ variantId: l.variantId, quantity: l.quantity }] : []));
  if (held.length === 0) return { restored: false, message: RESTORE_REFUSED };
  await restoreLines(cartId, held);
  return { restored: true };
}

export const UNSUBSCRIBE_REFUSED = "This unsubscribe link is not valid. Please use the link in our latest email.";

/** One-click unsubscribe: the address gets no more reminders or offers. Idempotent. */
export async function unsubscribeByToken(token: string): Promise<{ email: string } | { message: string }> {
  const read = readToken("unsubscribe", token);
  if ("refused" in read) return { message: UNSUBSCRIBE_REFUSED };
  await unsubscribeAddress(read.subject);
  return { email: read.subject };
}

/**
 * The reminder as a background job on every instance (the row lock keeps each mail single). It runs
 * every tenth of the delay, between 1 second and 5 minutes: a reminder is at most that late, and the
 * e2e shop's 36-second delay (tests/e2e/shop-server.ts) is checked every few seconds.
 */
export function startCheckoutReminders(): StopJob {
  const intervalMs = Math.min(5 * 60_000, Math.max(1000, (config().REMINDER_DELAY_HOURS * 3_600_000) / 10));
  return startPeriodicJob("abandoned checkout reminders", intervalMs, async () => {
    const n = await sendCheckoutReminders();
    if (n > 0) log.info({ queued: n }, "abandoned checkout reminders queued");
  });
}
