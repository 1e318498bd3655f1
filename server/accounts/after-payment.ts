import crypto from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { accountCreatedMail, createPasswordlessUser, SET_PASSWORD_LINK_DAYS } from "@server/auth";
import { user } from "../auth/schema";
import { config } from "../config";
import { db, transaction } from "../db/client";
import { log } from "../log";
import { deliverQueued, queueMail } from "@server/mail";
import { attachOrderToUser, claimSaveAddress } from "@server/orders";
import { orders } from "../orders/schema";
import { saveAddressFromOrder, type SavedAddress } from "./address";

/**
 * What checkout was asked to do for the shopper's account, done once the order is paid and never
 * before: an abandoned or failed checkout saves and creates nothing. Called after the payment's own
 * transaction committed (server/checkout/webhooks.ts), so a failure here never undoes a payment. Each
 * step happens once however often it is called: saving clears its order flag in the transaction that
 * saves; creating the account locks the order row, and once the account exists there is nothing to do
 * (its flag stays, as the record of what the shopper asked: the success page words its note by it).
 */
export async function afterOrderPaid(orderId: string): Promise<void> {
  await saveOrderAddress(orderId);
  await createAccountForOrder(orderId);
}

function shippingOf(order: typeof orders.$inferSelect): SavedAddress {
  return {
    name: order.name,
    line1: order.shipLine1,
    line2: order.shipLine2 ?? undefined,
    city: order.shipCity,
    region: order.shipRegion ?? undefined,
    postalCode: order.shipPostalCode,
    country: order.shipCountry as SavedAddress["country"],
  };
}

/** A signed-in customer's "Save this address to my account": into their address book (no duplicate). */
export async function saveOrderAddress(orderId: string): Promise<void> {
  await transaction(async (tx) => {
    const order = await claimSaveAddress(tx, orderId);
    if (!order?.userId) return;
    await saveAddressFromOrder(tx, order.userId, shippingOf(order));
  });
}

/**
 * A guest's "Create an account with this order". When the order's email has no account yet: a user
 * (email verified, no password) owning this order and with its address as their default, a
 * set-password token in better-auth's own reset-password form (so /auth/reset and better-auth's
 * /reset-password accept it, and create the credential with the chosen password), and the email
 * with its link, all in one transaction. When the email already has an account nothing is written
 * and nothing is sent: the checkout and the success page said the same either way, so nobody learns
 * whether an address has an account here.
 *
 * The email counts as verified because the account cannot be entered without a link mailed to it.
 */
export async function createAccountForOrder(orderId: string): Promise<{ created: boolean }> {
  const [asked] = await db()
    .select({ email: orders.email, number: orders.number })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.createAccount, true)));
  if (!asked) return { created: false };
  const email = asked.email.trim().toLowerCase();
  const token = crypto.randomBytes(24).toString("base64url");
  const userId = crypto.randomUUID();
  // Written before the transaction: it reads the shop's settings, and PGlite has one connection.
  const mail = await accountCreatedMail(email, `${config().publicUrl}/auth/reset?token=${encodeURIComponent(token)}&welcome=1`, asked.number);
  const queued = await transaction(async (tx) => {
    // Locked: a concurrent call waits here, then finds the order linked to the account made.
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.createAccount, true), isNotNull(orders.paidAt)))
      .for("update");
    if (!order || order.userId) return null;
    const [existing] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`);
    if (existing) return null;
    await createPasswordlessUser(tx, { id: userId, name: order.name, email, setPasswordToken: token, tokenDays: SET_PASSWORD_LINK_DAYS });
    await attachOrderToUser(tx, order.id, userId);
    await saveAddressFromOrder(tx, userId, shippingOf(order));
    return queueMail(tx, mail);
  });
  if (!queued) return { created: false };
  await deliverQueued([queued]);
  log.info({ orderId, userId }, "account created with an order");
  return { created: true };
}
