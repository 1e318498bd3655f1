import { config } from "../config";
import { orderLookupPath } from "@core/order-lookup";
import { getShopSettings } from "@server/content";
import { itemLabel } from "@core/variant";
import { sendMail, type Mail } from "@server/mail";
import { carrierName, trackingUrl } from "@core/carriers";
import { postalAddressLines } from "@core/address";
import { formatMoney } from "@core/money";
import type { AdminOrderStatus } from "@core/order-transitions";
import { getOrderSummary } from "./queries";
import type { OrderSummary } from "@core/order-view";
import { orderTotals, totalsAmount } from "@core/order-totals";

function itemLines(order: OrderSummary): string[] {
  return order.lines.map((l) => `  ${l.quantity} x ${itemLabel(l.title, l.variantName)}  ${formatMoney(l.lineTotalCents, order.currency)}`);
}

/** The same totals lines as the order pages (core/order-totals), one per row: "Shipping: Free". */
function totalsLines(order: OrderSummary): string[] {
  const totals = orderTotals(order);
  return [...totals.lines.map((l) => `${l.label}: ${totalsAmount(l, totals.currency)}`), ...(totals.delivery ? [`Delivery: ${totals.delivery}`] : [])];
}

function addressLines(order: OrderSummary): string[] {
  return postalAddressLines({ ...order.shipping, name: order.name });
}

/**
 * A message to the customer about one order: greeting, `body`, the support line and the shop's name,
 * with replies going to support. The subject is "Your {shop} order {number}" plus `subjectEnd`.
 * Null when the order is gone.
 */
async function customerMail(orderId: string, subjectEnd: string, body: (order: OrderSummary) => string[], known?: OrderSummary): Promise<Mail | null> {
  const order = known ?? (await getOrderSummary(orderId));
  if (!order) return null;
  const shop = await getShopSettings();
  const text = [
    `Hello ${order.name},`,
    "",
    ...body(order),
    "",
    `Questions? Reply to this email or write to ${shop.supportEmail}.`,
    "",
    shop.shopName,
  ].join("\n");
  return { to: order.email, subject: `Your ${shop.shopName} order ${order.number}${subjectEnd}`, text, replyTo: shop.supportEmail };
}

async function mailCustomer(orderId: string, subjectEnd: string, body: (order: OrderSummary) => string[]) {
  const mail = await customerMail(orderId, subjectEnd, body);
  if (mail) await sendMail(mail);
}

/**
 * The order confirmation, ready to send or to queue in a transaction (staff resending it). `known`:
 * the order as the payment's transaction left it, so it is not read again.
 */
export function orderConfirmationMail(orderId: string, known?: OrderSummary): Promise<Mail | null> {
  return customerMail(orderId, "", (order) => [
    `Thank you for your order. We have received your payment and are getting your parcel ready.`,
    "",
    `Order number: ${order.number}`,
    "",
    ...itemLines(order),
    "",
    ...totalsLines(order),
    ...(order.paymentBrand && order.paymentLast4 ? [`Paid with ${order.paymentBrand} ending ${order.paymentLast4}`] : []),
    "",
    "Shipping to:",
    ...addressLines(order).map((l) => `  ${l}`),
    "",
    `Follow your order at any time: ${config().publicUrl}${orderLookupPath(order.number)} (with your order number and this email address).`,
  ], known);
}

/** The order confirmation: number, lines, totals and the shipping address. */
export async function sendOrderConfirmation(orderId: string, known?: OrderSummary) {
  const mail = await orderConfirmationMail(orderId, known);
  if (mail) await sendMail(mail);
}

/** The order could not be fulfilled (paid after its units were sold): cancelled and refunded. */
export function sendSoldOutNotice(orderId: string) {
  return mailCustomer(orderId, " was cancelled and refunded", (order) => [
    `We are sorry: your payment for order ${order.number} reached us after the time we could hold your items, and they sold out in the meantime.`,
    `We have cancelled the order and refunded ${formatMoney(order.totalCents, order.currency)} to your card. Refunds usually show within 5-10 days.`,
    "",
    ...itemLines(order),
  ]);
}

const STATUS_MESSAGES: Record<AdminOrderStatus, { subject: string; body: (order: OrderSummary) => string[] }> = {
  processing: {
    subject: "is being prepared",
    body: () => ["Your order is being prepared for shipping. We will write again when it is on its way."],
  },
  completed: {
    subject: "is complete",
    body: () => ["Your order is complete and on its way to you. Thank you for shopping with us."],
  },
  cancelled: {
    subject: "was cancelled",
    body: (order) => [
      "We have cancelled your order.",
      // Whether the order was paid is what decides the refund (server/orders/admin.ts).
      ...(order.paidAt ? [`We are refunding ${formatMoney(order.totalCents, order.currency)} to your card. Refunds usually show within 5-10 days.`] : ["You have not been charged."]),
    ],
  },
};

/** Staff changed the order's status (server/orders/admin.ts): the customer hears what it means for them. */
export function sendStatusChangeMail(orderId: string, to: AdminOrderStatus) {
  const message = STATUS_MESSAGES[to];
  return mailCustomer(orderId, ` ${message.subject}`, (order) => [
    `Order number: ${order.number}`,
    "",
    ...message.body(order),
    "",
    ...itemLines(order),
    "",
    `Total: ${formatMoney(order.totalCents, order.currency)}`,
  ]);
}

/** The order is on its way: carrier, tracking number and the carrier's tracking link when there is one. */
export function sendShippingConfirmation(orderId: string, shipment: { carrier: string | null; trackingNumber: string | null }) {
  const link = trackingUrl(shipment.carrier, shipment.trackingNumber);
  return mailCustomer(orderId, " has shipped", (order) => [
    `Good news: order ${order.number} is on its way.`,
    "",
    ...(shipment.carrier ? [`Carrier: ${carrierName(shipment.carrier)}`] : []),
    ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
    ...(link ? [`Track your parcel: ${link}`] : []),
    ...(shipment.carrier || shipment.trackingNumber ? [""] : []),
    ...itemLines(order),
    "",
    "Shipping to:",
    ...addressLines(order).map((l) => `  ${l}`),
  ]);
}

/** Money went back to the customer's card (server/orders/refunds.ts). */
export function sendRefundMail(orderId: string, amountCents: number, reason: string) {
  return mailCustomer(orderId, " refund", (order) => [
    `We have refunded ${formatMoney(amountCents, order.currency.toUpperCase())} on order ${order.number} to your card.`,
    `Reason: ${reason}`,
    "Approved refunds are processed within 5-7 business days and returned to your original payment method.",
  ]);
}

export type ReturnMailStep = "requested" | "approved" | "declined" | "received";

/** The Refund Policy's steps (content/refund-policy.md, sections 5, 7 and 8), one email each. */
const RETURN_MESSAGES: Record<ReturnMailStep, { subject: string; body: string[] }> = {
  requested: {
    subject: "return request received",
    body: ["We have received your return request. We will reply with a return authorisation and instructions on where to send your parcel."],
  },
  approved: {
    subject: "return approved",
    body: [
      "Your return is approved. Pack the item securely, ideally in its original box, include your order number, and send it with a tracked service; keep your proof of postage.",
      "Once it arrives we inspect it within 2-3 business days.",
    ],
  },
  declined: {
    subject: "return request declined",
    body: ["We are sorry: we cannot accept this return under our Refund Policy. Reply to this email if you would like to talk it over."],
  },
  received: {
    subject: "return received",
    body: ["Your returned parcel has arrived. We inspect it within 2-3 business days and will email you about the refund."],
  },
};

export function sendReturnMail(orderId: string, step: ReturnMailStep) {
  const m = RETURN_MESSAGES[step];
  return mailCustomer(orderId, ` ${m.subject}`, (order) => [`Order number: ${order.number}`, "", ...m.body]);
}
