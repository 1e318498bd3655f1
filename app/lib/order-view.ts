import type { OrderStatus } from "./order-status";

/** An order as the success page, the account and the back office show it (server/orders builds it). */
export type OrderSummary = {
  id: string;
  number: string;
  status: OrderStatus;
  cancelReason: string | null;
  email: string;
  name: string;
  shipping: { line1: string; line2: string | null; city: string; postalCode: string; country: string };
  lines: { title: string; variantName: string; unitPriceCents: number; quantity: number; lineTotalCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  paymentProvider: string;
  paymentBrand: string | null;
  paymentLast4: string | null;
  createdAt: string;
  paidAt: string | null;
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

export type AdminOrderDetail = OrderSummary & { history: OrderHistoryEntry[] };
