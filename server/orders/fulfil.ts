import { eq } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { transaction, type Tx } from "../db/client";
import { orders } from "../db/schema";
import { log } from "../log";
import { recordOrderEvent } from "./events";
import { sendShippingConfirmation } from "./mail";
import { OrderNotFoundError, OrderTransitionError } from "./errors";
import { carrierName, type CarrierId } from "@core/carriers";
import type { ShippingAddress } from "@core/address";
import type { OrderStatus } from "@core/order-status";

/** Shipping an order and where it goes (docs/back-office.md, "The order page"). */

export type Shipment = { carrier: CarrierId | null; trackingNumber: string | null };

type Fulfillable = { id: string; number: string; status: OrderStatus; fulfilledAt: Date | null };

/** Why an order cannot be shipped now, or null when it can: the one rule of the order page and the bulk fulfil. */
export function fulfilRefusal(order: Pick<Fulfillable, "status" | "fulfilledAt">): string | null {
  if (order.fulfilledAt) return "This order has already been fulfilled.";
  if (order.status !== "processing") return order.status === "completed" ? "This order is already completed." : "Only a paid order that is being processed can be fulfilled.";
  return null;
}

/** Marks a locked, fulfillable order shipped and writes its timeline event (the caller writes the audit). */
export async function markFulfilled(tx: Tx, order: Fulfillable, shipment: Shipment, admin: Actor): Promise<void> {
  await tx
    .update(orders)
    .set({ status: "completed", fulfilledAt: new Date(), carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  const details = [shipment.carrier ? `with ${carrierName(shipment.carrier)}` : null, shipment.trackingNumber ? `tracking number ${shipment.trackingNumber}` : null].filter(Boolean);
  await recordOrderEvent(tx, {
    orderId: order.id,
    actor: admin.id,
    type: "fulfilled",
    fromStatus: order.status,
    toStatus: "completed",
    note: `Shipped${details.length ? ` ${details.join(", ")}` : " without tracking details"}; shipping confirmation emailed.`,
  });
}

/** The shipping confirmation after the fulfilment committed; a mail failure is logged, never undoes the shipment. */
export async function confirmShipment(orderId: string, shipment: Shipment): Promise<void> {
  try {
    await sendShippingConfirmation(orderId, shipment);
  } catch (err) {
    log.error({ err, orderId }, "shipping confirmation email failed");
  }
}

/**
 * Staff ship a paid order: carrier and tracking number (both optional) are kept, the order becomes
 * Completed, the event and the audit entry are written in one transaction under the order's lock;
 * then the customer gets the shipping confirmation with the tracking link.
 */
export async function fulfilOrder(orderId: string, shipment: Shipment, admin: Actor): Promise<void> {
  await transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id, number: orders.number, status: orders.status, fulfilledAt: orders.fulfilledAt }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new OrderNotFoundError();
    const refusal = fulfilRefusal(order);
    if (refusal) throw new OrderTransitionError(refusal);
    await markFulfilled(tx, order, shipment, admin);
    await recordAudit(tx, { actor: admin, action: "fulfil", entity: "order", entityId: order.id, data: { number: order.number, ...shipment } });
  });
  await confirmShipment(orderId, shipment);
}

/** Staff correct where an order goes; refused once it has shipped (or was cancelled). */
export async function updateShippingAddress(orderId: string, address: ShippingAddress, admin: Actor): Promise<void> {
  await transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id, number: orders.number, status: orders.status, fulfilledAt: orders.fulfilledAt }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw new OrderNotFoundError();
    if (order.fulfilledAt || order.status === "completed") throw new OrderTransitionError("This order has shipped: its address can no longer change.");
    if (order.status === "cancelled") throw new OrderTransitionError("This order was cancelled.");
    await tx
      .update(orders)
      .set({
        name: address.name,
        shipLine1: address.line1,
        shipLine2: address.line2 ?? null,
        shipCity: address.city,
        shipRegion: address.region ?? null,
        shipPostalCode: address.postalCode,
        shipCountry: address.country,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await recordOrderEvent(tx, { orderId: order.id, actor: admin.id, type: "address_changed", note: "Shipping address changed." });
    await recordAudit(tx, { actor: admin, action: "address_change", entity: "order", entityId: order.id, data: { number: order.number } });
  });
}
