import type { TaxLineView } from "./checkout-quote";
import type { OrderStatus } from "./order-status";

export type OrderDiscount = { code: string; label: string; amountCents: number; freeShipping: boolean };

/** The order's discount line: "Discount (SPRING10 -10%)" and its amount. */
export function orderDiscountLabel(d: OrderDiscount): string {
  return d.freeShipping ? `Discount (${d.code}, free shipping)` : `Discount (${d.code} ${d.label})`;
}

/** An order as the success page, the account and the back office show it (server/orders builds it). */
/** How an order was priced for its destination (docs/pricing.md): method, estimate, tax lines. */
export type OrderPricingView = {
  /** The shipping method's name as chosen at checkout; null for orders placed before markets. */
  shippingMethod: string | null;
  /** The delivery estimate shown at checkout, "YYYY-MM-DD" calendar dates. */
  delivery: { from: string; to: string } | null;
  taxLines: TaxLineView[];
};

/** Where an order goes, as stored (region: a US state's code, or a free-text region; null when none). */
export type OrderShipping = { line1: string; line2: string | null; city: string; region: string | null; postalCode: string; country: string };

export type OrderSummary = OrderPricingView & {
  id: string;
  number: string;
  status: OrderStatus;
  cancelReason: string | null;
  email: string;
  name: string;
  shipping: OrderShipping;
  lines: { id: string; title: string; variantName: string; unitPriceCents: number; quantity: number; refundedQuantity: number; lineTotalCents: number }[];
  subtotalCents: number;
  /** The discount code the order was given (docs/discounts.md); its amount is already out of the total. */
  discount: OrderDiscount | null;
  shippingCents: number;
  totalCents: number;
  currency: string;
  paymentProvider: string;
  paymentBrand: string | null;
  paymentLast4: string | null;
  /** The shopper's note at checkout (plain text; rendered as text, never as HTML). */
  customerNote: string | null;
  createdAt: string;
  paidAt: string | null;
  /** The invoice's own number ("INV-2026-000042"); null until paid. */
  invoiceNumber: string | null;
  fulfilledAt: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  /** The guest ticked "Create an account with this order" (server/accounts/after-payment.ts). */
  createAccount: boolean;
};

export type OrderHistoryEntry = {
  id: string;
  at: string;
  /** Who: an admin's email, or Customer / System / Payment provider. */
  by: string;
  type: string;
  from: OrderStatus | null;
  to: OrderStatus | null;
  note: string | null;
};

export type RefundStatus = "pending" | "succeeded" | "failed";

export type AdminRefund = {
  id: string;
  at: string;
  amountCents: number;
  reason: string;
  status: RefundStatus;
  providerRefundId: string | null;
  /** Its credit note's number once the provider confirmed the refund. */
  creditNoteNumber: string | null;
};

/** A printable credit note: what one refund gave back, and the invoice it corrects. */
export type CreditNoteView = {
  number: string;
  at: string;
  invoiceNumber: string | null;
  orderId: string;
  orderNumber: string;
  currency: string;
  name: string;
  email: string;
  shipping: OrderShipping;
  reason: string;
  lines: { title: string; variantName: string; quantity: number; amountCents: number; taxCents: number }[];
  /** The shipping given back, with its tax. */
  shippingCents: number;
  /** Anything else in the refund (goodwill, or what a cancellation gave back beyond the lines). */
  otherCents: number;
  taxCents: number;
  /** Whether the tax is inside the amounts (VAT) or was added to them (US sales tax). */
  taxIncluded: boolean;
  totalCents: number;
};

/**
 * What the order page's refund form offers (server/orders/refunds.ts, refundChoices): per line, what
 * refunding 0, 1, 2, … of its units not yet refunded gives back (index = units); the shipping while it
 * has not been given back (0: free or refunded); each return's exact value by its id.
 */
export type RefundChoices = { lineSteps: Record<string, number[]>; shippingCents: number; returnCents: Record<string, number> };

export type AdminOrderDetail = OrderSummary & {
  /** Null until the order is paid. */
  refundChoices: RefundChoices | null;
  /** A fresh key for this rendering of the refund form: its submissions (double clicks, retries) make one refund. */
  refundFormKey: string;
  history: OrderHistoryEntry[];
  refunds: AdminRefund[];
  /** Refunds that did not fail (pending ones included: their money is spoken for). */
  refundedCents: number;
  /** The customer card: their paid orders (by email) and what they spent, refunds taken off. */
  /** Their paid orders; spent in US cents, each order converted at its own stored rate. */
  customer: { orderCount: number; totalSpentCents: number };
  returns: ReturnView[];
};

/** A return request's steps (server/orders/returns.ts). */
export type ReturnStatus = "requested" | "approved" | "declined" | "received" | "refunded";

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  approved: "Approved: send it back",
  declined: "Declined",
  received: "Received: being inspected",
  refunded: "Refunded",
};

export type ReturnView = {
  id: string;
  status: ReturnStatus;
  reason: string;
  lines: { itemId: string; title: string; variantName: string; quantity: number }[];
  createdAt: string;
};

/** The Refund Policy's words (section 2), said when a return is asked for too late. */
export const RETURN_WINDOW_CLOSED =
  "You have 30 days from the date your order was dispatched to ask for a return, and that time has passed for this order. If your console is faulty, contact us: faults are handled under your warranty.";

/**
 * A placed order as its customer sees it: the account's order page and /orders/lookup
 * (server/orders/customer-orders.ts, customerOrderView).
 */
export type CustomerOrder = OrderPricingView & {
  id: string;
  number: string;
  createdAt: Date;
  status: OrderStatus;
  email: string;
  name: string;
  shipping: OrderShipping;
  lines: OrderSummary["lines"];
  subtotalCents: number;
  discount: OrderDiscount | null;
  shippingCents: number;
  totalCents: number;
  currency: string;
  paymentBrand: string | null;
  paymentLast4: string | null;
  /** What the customer wrote at checkout, as plain text. */
  customerNote: string | null;
  returns: ReturnView[];
  /** Whether a return may be asked now, and when the 30 days end (null: not dispatched). */
  returnWindow: { open: boolean; closesAt: Date | null };
  /** Once staff fulfilled the order: when, the carrier's name and the tracking number and link they gave. */
  shipment: CustomerShipment | null;
};

/** "Shipped 28 Nov 2026 with Royal Mail, tracking RM123456789GB" (the link: the carrier's page; null for "Other"). */
export type CustomerShipment = { shippedAt: Date; carrier: string | null; trackingNumber: string | null; trackingUrl: string | null };

/** One row of the back office's order list (spec "Admin orders"; server/orders lists them). */
export type AdminOrderRow = {
  id: string;
  number: string;
  name: string;
  email: string;
  /** e.g. "R36S (Purple) ×2, 35XXPro (Teal)" */
  products: string;
  totalCents: number;
  currency: string;
  /** Refunds not failed: what a cancellation would still give back is total minus this. */
  refundedCents: number;
  paid: boolean;
  fulfilledAt: string | null;
  /** A returned parcel arrived (fulfilment: Returned). */
  returned: boolean;
  status: OrderStatus;
  cancelReason: string | null;
  createdAt: string;
};

/** What staff's live stream (/api/admin/orders/events) says about an order change. */
export type AdminOrderEvent = { id: string; action: "created" | "paid" | "updated"; name: string };
