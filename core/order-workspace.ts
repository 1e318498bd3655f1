import { z } from "zod";
import type { OrderStatus } from "./order-status";
import { CARRIER_IDS } from "./carriers";
import { shippingAddressSchema } from "./address";
import type { AdminOrderStatus } from "./order-transitions";
import type { Permission } from "./staff-roles";

/**
 * The order page's words and forms (/admin/orders/:id), shared by its actions on the server and the
 * forms in the browser. The list keeps the spec's one status (Processing, Completed, Cancelled,
 * Payment Failed); the order page shows payment and fulfilment apart.
 */

export type PaymentStatus = "unpaid" | "failed" | "paid" | "partially_refunded" | "refunded";
export type FulfilmentStatus = "unfulfilled" | "fulfilled" | "returned";

const PROVIDER_NAMES: Record<string, string> = { test: "Test card provider", stripe: "Stripe" };

/** The payment provider as staff read it ("Test card provider", "Stripe"); an unknown id as it is. */
export function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider;
}

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  failed: "Failed",
  paid: "Paid",
  partially_refunded: "Partially refunded",
  refunded: "Refunded",
};

export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = { unfulfilled: "Unfulfilled", fulfilled: "Fulfilled", returned: "Returned" };

export function paymentStatus(o: { status: OrderStatus; paid: boolean; totalCents: number; refundedCents: number }): PaymentStatus {
  if (!o.paid) return o.status === "payment_failed" ? "failed" : "unpaid";
  if (o.refundedCents <= 0) return "paid";
  return o.refundedCents >= o.totalCents ? "refunded" : "partially_refunded";
}

/** Completed means shipped (spec), with or without fulfilment details; Returned once a returned parcel arrived. */
export function fulfilmentStatus(o: { status: OrderStatus; fulfilledAt: string | null; returns?: { status: string }[] }): FulfilmentStatus {
  if (o.returns?.some((r) => r.status === "received" || r.status === "refunded")) return "returned";
  return o.fulfilledAt || o.status === "completed" ? "fulfilled" : "unfulfilled";
}

const reason = z.string({ error: "Please give a reason." }).trim().min(1, "Please give a reason.").max(500, "Please keep the reason under 500 characters.");

/** Dollars typed by staff ("12.50") to cents by string arithmetic; empty is 0. */
const amountField = z
  .string()
  .trim()
  .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, "Enter an amount like 12.50.")
  .transform((v) => {
    if (!v) return 0;
    const [whole, frac = ""] = v.split(".");
    return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  });

export const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("note"), note: z.string().trim().min(1, "Write a note first.").max(2000, "Please keep notes under 2000 characters.") }),
  z.object({
    intent: z.literal("fulfil"),
    carrier: z
      .enum(CARRIER_IDS)
      .optional()
      .or(z.literal("").transform(() => undefined)),
    trackingNumber: z
      .string()
      .trim()
      .max(64, "Please keep the tracking number under 64 characters.")
      .regex(/^[A-Za-z0-9 -]*$/, "Use letters, digits, spaces and hyphens only.")
      .optional()
      .transform((v) => v || undefined),
  }),
  shippingAddressSchema.extend({ intent: z.literal("address") }),
  z.object({
    intent: z.literal("refund"),
    /** Units to refund per order item: `qty.<itemId>`; restock per item: `restock.<itemId>` = "on". */
    qty: z.record(z.string().uuid(), z.coerce.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(0, "Enter a whole number.").max(10_000)).default({}),
    restock: z.record(z.string().uuid(), z.literal("on")).default({}),
    /** "on": give back the shipping too. */
    shipping: z.literal("on").optional(),
    amount: amountField.optional().transform((v) => v ?? 0),
    /** The form's key (AdminOrderDetail.refundFormKey): the same submission twice refunds once. */
    key: z.string().uuid("This form is out of date: reload the page."),
    reason,
  }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("resend") }),
  z.object({ intent: z.literal("return"), returnId: z.string().uuid("Unknown return"), step: z.enum(["approve", "decline", "receive", "refund"]) }),
]);

/** The customer's return request form (/account/orders/:id). */
export const returnRequestSchema = z.object({
  qty: z.record(z.string().uuid(), z.coerce.number({ error: "Enter a whole number." }).int("Enter a whole number.").min(0, "Enter a whole number.").max(10_000)).default({}),
  reason: z.string({ error: "Please tell us why you are returning it." }).trim().min(1, "Please tell us why you are returning it.").max(1000, "Please keep this under 1000 characters."),
});

export type OrderAction = z.infer<typeof orderActionSchema>;

/**
 * The permission each order page action needs (the order's action checks it; the page hides the
 * forms of what the member may not do; null: no such action). Anything that moves money back is a refund: a refund, a
 * return's refund step, and cancelling, which refunds what was paid.
 */
export function orderActionPermission(a: { intent?: unknown; step?: unknown }): Permission | null {
  switch (a.intent) {
    case "note":
    case "resend":
      return "orders:view";
    case "fulfil":
    case "address":
      return "orders:fulfil";
    case "return":
      return a.step === "refund" ? "orders:refund" : "orders:fulfil";
    case "refund":
    case "cancel":
      return "orders:refund";
    default:
      return null;
  }
}

/** The permission a status change from the order list needs: cancelling refunds what was paid. */
export const statusChangePermission = (to: AdminOrderStatus): Permission => (to === "cancelled" ? "orders:refund" : "orders:fulfil");

/** What an order page action answers; `fieldErrors` holds messages by input name. */
export type OrderActionResult =
  | { ok: true; intent: string; message: string }
  | { ok: false; intent: string; message: string; fieldErrors?: Record<string, string> };
