import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { OrderLookup } from "@core/order-lookup";
import { customerOrderView, type AccountOrder } from "./customer-orders";
import { db } from "../db/client";
import { readSignedValue, signedCookie } from "../http/cookies";
import { checkRateLimit, type RateLimitResult } from "../security/rate-limit";
import { orders } from "./schema";

/**
 * Order lookup for anyone (/orders/lookup): the order number and the email it was placed with
 * together show a placed order, read-only, as the account's order page shows it. Built so it tells
 * nothing to someone guessing: a wrong number and a wrong email get the same answer through the same
 * one query (one index probe on the unique number, then the email compared on that row), and each
 * client has a few attempts per window (the shared, database-backed limiter).
 *
 * A match is remembered for a short while in a signed cookie naming the order, so the page can be
 * reloaded (post, redirect, get) and a return asked for without typing both again.
 */

export const ORDER_LOOKUP_RATE_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

export function checkOrderLookupRateLimit(clientIp: string): Promise<RateLimitResult> {
  return checkRateLimit(`order-lookup:${clientIp}`, ORDER_LOOKUP_RATE_LIMIT);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Placed orders only: an unpaid checkout is nobody's order yet. */
const placed = () => isNotNull(orders.paidAt);

/** The id of the placed order with this number and email (any case), or null. */
export async function findOrderId({ number, email }: OrderLookup): Promise<string | null> {
  const [row] = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, number), sql`lower(${orders.email}) = ${email}`, placed()));
  return row?.id ?? null;
}

/** How long a looked-up order stays open in this browser. */
const LOOKUP_MINUTES = 30;

function lookupCookie() {
  return signedCookie("order-lookup", LOOKUP_MINUTES * 60);
}

export function rememberLookup(orderId: string): Promise<string> {
  return lookupCookie().serialize(orderId);
}

export function forgetLookup(): Promise<string> {
  return lookupCookie().serialize("", { maxAge: 0 });
}

/** The order this browser looked up (signed cookie), or null. */
export async function lookedUpOrderId(request: Request): Promise<string | null> {
  return readSignedValue(lookupCookie(), request);
}

/** The looked-up order as its customer sees it, or null (cookie absent, tampered with, order gone). */
export async function getLookedUpOrder(request: Request): Promise<AccountOrder | null> {
  const id = await lookedUpOrderId(request);
  if (!id || !UUID.test(id)) return null;
  const [order] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), placed()));
  return order ? customerOrderView(order) : null;
}
