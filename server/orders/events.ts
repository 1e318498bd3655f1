import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { preparedQuery } from "../db/prepared";
import { orderEvents } from "./schema";
import type { OrderStatus } from "@core/order-status";
import { notify } from "../realtime/bus";

export type OrderEventInput = {
  orderId: string;
  /** Who did it: "customer", "system", "provider:stripe", or an admin's id. */
  actor: string;
  type: string;
  fromStatus?: OrderStatus | null;
  toStatus?: OrderStatus | null;
  note?: string | null;
};

/** Appends to the order's history and announces the change (delivered after commit). */
export async function recordOrderEvent(tx: Tx, e: OrderEventInput, action: "created" | "paid" | "updated" = "updated") {
  await eventInserted({ orderId: e.orderId, actor: e.actor, type: e.type, fromStatus: e.fromStatus ?? null, toStatus: e.toStatus ?? null, note: e.note ?? null }, tx);
  await notify(tx, { type: "order", id: e.orderId, action });
}

const eventInserted = preparedQuery("order_event", (d) =>
  d.insert(orderEvents).values({
    orderId: sql.placeholder("orderId"),
    actor: sql.placeholder("actor"),
    type: sql.placeholder("type"),
    fromStatus: sql.placeholder("fromStatus"),
    toStatus: sql.placeholder("toStatus"),
    note: sql.placeholder("note"),
  }),
);
