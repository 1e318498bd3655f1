import Stripe from "stripe";
import { itemLabel } from "@core/variant";
import { config } from "../config";
import { log } from "../log";
import { paymentIdOf, translateCheckoutEvent } from "./checkout-events";
import { PaymentSetupError, WebhookSignatureError, type PaymentProvider } from "./provider";
import { SIGNATURE_TOLERANCE_SECONDS } from "./signature";
import { taxLineLabel, taxLineText } from "@core/checkout-quote";
import { paymentDiscountNote } from "@core/discount-view";

/**
 * Stripe Checkout through the official SDK. STRIPE_API_HOST (e.g. http://127.0.0.1:12111) points
 * the SDK elsewhere: the tests run it against a local fake speaking Stripe's HTTP API.
 */
function apiEndpoint(host: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!host) return {};
  const url = new URL(host.includes("://") ? host : `https://${host}`);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === "http:" ? 80 : 443),
    protocol: url.protocol === "http:" ? "http" : "https",
  };
}

export function stripeProvider(): PaymentProvider {
  const c = config();
  if (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET) {
    throw new Error("Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  }
  const webhookSecret = c.STRIPE_WEBHOOK_SECRET;
  const stripe = new Stripe(c.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...apiEndpoint(c.STRIPE_API_HOST),
  });

  /** Brand and last 4 live on the payment's charge, not on the session. */
  async function cardOf(paymentId: string | null) {
    if (!paymentId) return null;
    try {
      const intent = await stripe.paymentIntents.retrieve(paymentId, { expand: ["latest_charge"] });
      const charge = intent.latest_charge;
      const card = typeof charge === "object" && charge ? charge.payment_method_details?.card : null;
      return card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null;
    } catch (err) {
      // The payment stands without them; they are only shown to staff.
      log.warn({ err, paymentId }, "could not read the card brand and last 4 from Stripe");
      return null;
    }
  }

  return {
    name: "stripe",
    signatureHeader: "Stripe-Signature",
    async createSession(input) {
      const includedTax = input.taxLines
        .filter((t) => t.included)
        .map((t) => taxLineText(t, input.currency))
        .join(", ");
      // The discounted lines carry the code's share already; this names the code and its amount on
      // Stripe's page, as the shop's pages show the discount line.
      const discount = input.discount ? paymentDiscountNote(input.discount, input.currency) : "";
      const submitMessage = [discount, includedTax].filter(Boolean).join(". ");
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              ...input.lines.map((l) =>
                // A discounted line is one item at its discounted total: a unit price cannot carry a
                // share of a discount that does not divide by the quantity, and the items must add up.
                l.discountCents
                  ? {
                      quantity: 1,
                      price_data: {
                        currency: input.currency,
                        unit_amount: l.unitPriceCents * l.quantity - l.discountCents,
                        product_data: { name: `${itemLabel(l.title, l.variantName)} × ${l.quantity}, ${input.discount?.code ?? "discount"} applied` },
                      },
                    }
                  : {
                      quantity: l.quantity,
                      price_data: {
                        currency: input.currency,
                        unit_amount: l.unitPriceCents,
                        product_data: { name: itemLabel(l.title, l.variantName) },
                      },
                    },
              ),
              // Tax the shop computed and adds on top (US sales tax): its own line, so the session's
              // total is the order's. Stripe Tax is not used: the shop's rates are the merchant's.
              ...input.taxLines
                .filter((t) => !t.included && t.amountCents > 0)
                .map((t) => ({
                  quantity: 1,
                  price_data: { currency: input.currency, unit_amount: t.amountCents, product_data: { name: taxLineLabel(t) } },
                })),
            ],
            // The one method the shopper chose at the shop, at the shop's price: Stripe shows it as
            // the shipping line and adds it to the total.
            shipping_options: [
              {
                shipping_rate_data: {
                  type: "fixed_amount",
                  display_name: input.shipping.name,
                  fixed_amount: { amount: input.shipping.amountCents, currency: input.currency },
                },
              },
            ],
            // The discount, and included tax (VAT: inside the prices), shown on the page as the shop's pages show them.
            ...(submitMessage ? { custom_text: { submit: { message: submitMessage } } } : {}),
            customer_email: input.email,
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId, orderNumber: input.orderNumber },
            payment_intent_data: { metadata: { orderId: input.orderId, orderNumber: input.orderNumber } },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
          },
          { idempotencyKey: `checkout-session-${input.orderId}` },
        );
        return { id: session.id, url: session.url };
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError) throw new PaymentSetupError(err.message);
        throw err;
      }
    },
    async parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : "Invalid signature");
      }
      return translateCheckoutEvent(event as Parameters<typeof translateCheckoutEvent>[0], cardOf);
    },
    async refund({ paymentId, amountCents, reason, idempotencyKey }) {
      // Stripe's own `reason` takes three fixed words; staff's reason goes in the metadata.
      const refund = await stripe.refunds.create({ payment_intent: paymentId, amount: amountCents, metadata: { reason } }, { idempotencyKey });
      return { id: refund.id };
    },
    async expireSession(sessionId) {
      await stripe.checkout.sessions.expire(sessionId);
    },
    async sessionState(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.status === "expired") return { status: "expired" };
      // 'unpaid' on a complete session: a delayed method (bank debit) whose outcome is still to come.
      if (session.status !== "complete" || session.payment_status === "unpaid") return { status: "open" };
      const paymentId = paymentIdOf(session.payment_intent);
      const card = await cardOf(paymentId);
      return {
        status: "paid",
        paymentId,
        brand: card?.brand ?? null,
        last4: card?.last4 ?? null,
        amountCents: session.amount_total,
        currency: session.currency,
      };
    },
  };
}
