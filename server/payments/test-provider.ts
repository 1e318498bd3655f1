import crypto from "node:crypto";
import { parseExpiry } from "@core/card-expiry";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { config } from "../config";
import { db, executeRows } from "../db/client";
import { testProviderClosedSessions, testProviderPayments, testProviderRefunds } from "./schema";
import { log } from "../log";
import { translateCheckoutEvent, type CheckoutSessionEvent } from "./checkout-events";
import type { CreateSessionInput, PaymentProvider, SessionTaxLine } from "./provider";
import { WebhookSignatureError } from "./provider";
import { signPayload, verifySignature } from "./signature";

/**
 * The built-in test provider: behaves like a hosted checkout without leaving the machine. Its
 * sessions are self-contained signed tokens (any instance can serve the payment page), its payment
 * page is /pay/test/:sessionId, and on success it records the payment in its own ledger
 * (test_provider_payments, the provider's side of the books) and delivers a signed
 * `checkout.session.completed` event to POST /api/webhooks/test, as Stripe would. A delivery that
 * fails is not retried here: reconciliation asks the ledger instead (sessionState).
 */

export const TEST_CARDS = { succeeds: "4242424242424242", declined: "4000000000000002" } as const;
export const TEST_SIGNATURE_HEADER = "Test-Signature";

function derivedSecret(purpose: string): string {
  return crypto.createHmac("sha256", config().authSecret).update(`test-payments:${purpose}`).digest("hex");
}

export function testWebhookSecret(): string {
  return derivedSecret("webhook");
}

const sessionPayload = z.object({
  o: z.string(), // order id
  n: z.string(), // order number
  a: z.number().int(), // amount in cents
  c: z.string(), // currency
  e: z.string(), // customer email
  x: z.number().int(), // expires at, unix seconds
  s: z.string(), // success URL template
  k: z.string(), // cancel URL
  r: z.string(), // nonce: two sessions of one order differ
  d: z.tuple([z.string(), z.number().int()]).optional(), // discount code and amount off, in cents
  h: z.tuple([z.string(), z.number().int()]).optional(), // shipping method and its price
  t: z.array(z.tuple([z.string(), z.number().int(), z.number().int(), z.boolean()])).optional(), // tax lines: name, rate bps, amount, included
});

export type TestSession = {
  id: string;
  orderId: string;
  orderNumber: string;
  amountCents: number;
  currency: string;
  email: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
  /** The order's discount code and what it took off, as the payment page shows it. */
  discount: { code: string; amountCents: number } | null;
  /** The breakdown the shop computed, shown on the payment page as Stripe shows its shipping line. */
  shipping: { name: string; amountCents: number } | null;
  taxLines: SessionTaxLine[];
};

/**
 * Session ids are the session itself, sealed with AES-256-GCM under a key derived from the auth
 * secret: any instance can open one, nobody else can read or alter it. Opaque, because the id
 * travels in URLs (payment page, return page) and so in access logs and browser history: it must
 * not carry the shopper's email or the order's details.
 */
const sealKey = () => Buffer.from(derivedSecret("session-seal"), "hex");

function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function unseal(sealed: string): string | null {
  const raw = Buffer.from(sealed, "base64url");
  if (raw.length < 29) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealKey(), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

function createSessionId(input: CreateSessionInput): string {
  const payload = JSON.stringify({
    o: input.orderId,
    n: input.orderNumber,
    a: input.totalCents,
    c: input.currency,
    e: input.email,
    x: Math.floor(input.expiresAt.getTime() / 1000),
    s: input.successUrl,
    k: input.cancelUrl,
    r: crypto.randomBytes(6).toString("base64url"),
    d: input.discount ? [input.discount.code, input.discount.amountCents] : undefined,
    h: [input.shipping.name, input.shipping.amountCents],
    t: input.taxLines.map((l) => [l.name, l.rateBps, l.amountCents, l.included]),
  });
  return `cs_test_${seal(payload)}`;
}

/** The session a payment-page URL names, or null when it is malformed or not sealed by us. */
export function readTestSession(id: string): TestSession | null {
  const match = /^cs_test_([A-Za-z0-9_-]+)$/.exec(id);
  const plain = match ? unseal(match[1]) : null;
  if (!plain) return null;
  let data: unknown;
  try {
    data = JSON.parse(plain);
  } catch {
    return null;
  }
  const p = sessionPayload.safeParse(data);
  if (!p.success) return null;
  return {
    id,
    orderId: p.data.o,
    orderNumber: p.data.n,
    amountCents: p.data.a,
    currency: p.data.c,
    email: p.data.e,
    expiresAt: new Date(p.data.x * 1000),
    successUrl: p.data.s.replace("{CHECKOUT_SESSION_ID}", encodeURIComponent(id)),
    cancelUrl: p.data.k,
    discount: p.data.d ? { code: p.data.d[0], amountCents: p.data.d[1] } : null,
    shipping: p.data.h ? { name: p.data.h[0], amountCents: p.data.h[1] } : null,
    taxLines: (p.data.t ?? []).map(([name, rateBps, amountCents, included]) => ({ name, rateBps, amountCents, included })),
  };
}

/** The payment page's form. Messages follow Stripe's hosted page. */
export const testCardSchema = z.object({
  cardNumber: z
    .string({ error: "Your card number is incomplete." })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{13,19}$/, "Your card number is incomplete.")),
  expiry: z
    .string({ error: "Your card's expiration date is incomplete." })
    .transform((v, ctx) => {
      const expiry = parseExpiry(v);
      if (!expiry) {
        ctx.addIssue({ code: "custom", message: "Your card's expiration date is incomplete." });
        return z.NEVER;
      }
      return `${String(expiry.month).padStart(2, "0")}/${String(expiry.year % 100).padStart(2, "0")}`;
    })
    .refine((v) => {
      const [month, year] = v.split("/").map(Number);
      const now = new Date();
      return 2000 + year > now.getFullYear() || (2000 + year === now.getFullYear() && month >= now.getMonth() + 1);
    }, "Your card's expiration date is in the past."),
  cvc: z
    .string({ error: "Your card's security code is incomplete." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestCard = z.infer<typeof testCardSchema>;

export type TestPaymentResult = { ok: true; redirectTo: string } | { ok: false; status: 402 | 410 | 422; error: string };

/** A payment as the provider's ledger keeps it. */
export type TestPayment = { paymentId: string; brand: string; last4: string };

/** Sends the signed event to the shop's webhook, as the provider's servers would. */
export type WebhookDelivery = (body: string, signature: string) => Promise<boolean>;

const deliverOverHttp: WebhookDelivery = async (body, signature) => {
  const res = await fetch(`${config().publicUrl}/api/webhooks/test`, {
    method: "POST",
    // Only the status is read: fetch's default gzip would have the shop compress `{"received":true}`
    // and this side decompress it (a zlib stream each way, about a millisecond a payment).
    headers: { "Content-Type": "application/json", "Accept-Encoding": "identity", [TEST_SIGNATURE_HEADER]: signature },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return res.ok;
};

/** The event Stripe would send for this session, plus the card's brand and last 4 the test provider reports. */
export function completedEvent(session: TestSession, payment: TestPayment) {
  return {
    id: `evt_test_${crypto.randomBytes(12).toString("hex")}`,
    object: "event",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        client_reference_id: session.orderId,
        customer_email: session.email,
        amount_total: session.amountCents,
        currency: session.currency,
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        payment_intent: payment.paymentId,
        metadata: { orderId: session.orderId, orderNumber: session.orderNumber },
        payment_method_details: { type: "card", card: { brand: payment.brand, last4: payment.last4 } },
      },
    },
  };
}

/**
 * Pays a session with a test card. The card number stops here: only brand and last 4 go on.
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (the shopper may retry).
 */
export async function payTestSession(
  session: TestSession,
  card: TestCard,
  deliver: WebhookDelivery = deliverOverHttp,
): Promise<TestPaymentResult> {
  const expired = { ok: false, status: 410, error: "This payment session has expired. Return to the shop and check out again." } as const;
  if (session.expiresAt.getTime() <= Date.now()) return expired;
  if (card.cardNumber !== TEST_CARDS.succeeds) {
    if (await isTestSessionClosed(session.id)) return expired;
    if (card.cardNumber === TEST_CARDS.declined) return { ok: false, status: 402, error: "Your card was declined." };
    return { ok: false, status: 422, error: "This is the test payment page: use the card 4242 4242 4242 4242." };
  }
  const payment = await recordPayment(session.id, { brand: "visa", last4: card.cardNumber.slice(-4) });
  if (!payment) return expired;
  const body = JSON.stringify(completedEvent(session, payment));
  const delivered = await deliver(body, signPayload(body, testWebhookSecret())).catch(() => false);
  // The money is taken either way (paying again would charge twice): the shop catches up by
  // reconciliation, as it would after Stripe's retries, and the return page waits for it.
  if (!delivered) log.warn({ orderId: session.orderId }, "test provider: the shop did not acknowledge a payment; reconciliation will apply it");
  return { ok: true, redirectTo: session.successUrl };
}

/**
 * Writes the payment to the ledger once, unless the shop closed the session: null then. A session
 * paid again keeps its first payment. One statement: the closed check, the insert and the payment
 * it answers with (the new row, else the one already there).
 */
async function recordPayment(sessionId: string, card: { brand: string; last4: string }): Promise<TestPayment | null> {
  const paymentId = `pi_test_${crypto.randomBytes(12).toString("hex")}`;
  const p = testProviderPayments;
  const [row] = await executeRows<{ closed: boolean; paymentId: string | null; brand: string | null; last4: string | null }>(sql`
    with closed as (
      select exists (select 1 from ${testProviderClosedSessions} where ${testProviderClosedSessions.sessionId} = ${sessionId}) as closed
    ), paid as (
      insert into ${p} (session_id, payment_id, brand, last4)
      select ${sessionId}, ${paymentId}, ${card.brand}, ${card.last4} from closed where not closed.closed
      on conflict do nothing
      returning payment_id, brand, last4
    )
    select closed.closed, coalesce(paid.payment_id, earlier.payment_id) as "paymentId",
      coalesce(paid.brand, earlier.brand) as brand, coalesce(paid.last4, earlier.last4) as last4
    from closed
    left join paid on true
    left join ${p} earlier on earlier.session_id = ${sessionId}`);
  if (row.closed) return null;
  if (row.paymentId && row.brand && row.last4) return { paymentId: row.paymentId, brand: row.brand, last4: row.last4 };
  // A twin payment committed while this statement waited on its key (a double submit): read it now.
  return (await ledgerPayment(sessionId))!;
}

/** Whether the shop closed the session (expireSession): its page then says it has expired. */
export async function isTestSessionClosed(sessionId: string): Promise<boolean> {
  const [row] = await db().select({ id: testProviderClosedSessions.sessionId }).from(testProviderClosedSessions).where(eq(testProviderClosedSessions.sessionId, sessionId));
  return row !== undefined;
}

/** The ledger's payment for a session, if it was paid. */
async function ledgerPayment(sessionId: string): Promise<TestPayment | undefined> {
  const [payment] = await db().select().from(testProviderPayments).where(eq(testProviderPayments.sessionId, sessionId));
  return payment;
}

type TestEventObject = CheckoutSessionEvent["data"]["object"] & {
  payment_method_details?: { card?: { brand?: string; last4?: string } };
};

export function testProvider(): PaymentProvider {
  return {
    name: "test",
    signatureHeader: TEST_SIGNATURE_HEADER,
    async createSession(input) {
      const id = createSessionId(input);
      return { id, url: `${config().publicUrl}/pay/test/${id}` };
    },
    async parseWebhook(rawBody, signature) {
      verifySignature(rawBody, signature, testWebhookSecret());
      let event: CheckoutSessionEvent;
      try {
        event = JSON.parse(rawBody) as CheckoutSessionEvent;
      } catch {
        throw new WebhookSignatureError("Signed body is not JSON");
      }
      // `null` is valid JSON: the event's own checks (translateCheckoutEvent) refuse it with a 400.
      const card = (event?.data?.object as TestEventObject | undefined)?.payment_method_details?.card;
      return translateCheckoutEvent(event, async () =>
        card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
      );
    },
    // The ledger keeps each refund once per idempotency key, as Stripe does.
    async refund({ paymentId, amountCents, idempotencyKey }) {
      await db()
        .insert(testProviderRefunds)
        .values({ idempotencyKey, id: `re_test_${crypto.randomBytes(12).toString("hex")}`, paymentId, amountCents })
        .onConflictDoNothing();
      const [refund] = await db().select({ id: testProviderRefunds.id }).from(testProviderRefunds).where(eq(testProviderRefunds.idempotencyKey, idempotencyKey));
      return refund;
    },
    // As Stripe: a closed session can no longer be paid. A payment that raced the closing is kept
    // (the ledger has it) and reaches the shop as a late payment: revived or refunded there.
    async expireSession(sessionId) {
      await db().insert(testProviderClosedSessions).values({ sessionId }).onConflictDoNothing();
    },
    async sessionState(sessionId) {
      const session = readTestSession(sessionId);
      if (!session) throw new Error("Not a session of the test provider");
      const payment = await ledgerPayment(sessionId);
      if (payment) return { status: "paid", paymentId: payment.paymentId, brand: payment.brand, last4: payment.last4 };
      return session.expiresAt.getTime() <= Date.now() || (await isTestSessionClosed(sessionId)) ? { status: "expired" } : { status: "open" };
    },
  };
}
