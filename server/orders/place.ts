import { and, eq, sql, type Placeholder } from "drizzle-orm";
import { itemLabel } from "@core/variant";
import type { Shortage } from "@core/stock";
import { holdDiscountUse, releaseDiscountUses, type DiscountHold } from "@server/discounts";
import type { Market } from "../pricing";
import { transaction, type Tx } from "../db/client";
import { preparedQuery, preparedRows } from "../db/prepared";
import { orderEvents, orderItems, orders, type OrderTaxLine } from "./schema";
import { notify } from "../realtime/bus";
import { recordOrderEvent } from "./events";
import { heldUnitsRefusal, OrderLimitError, orderLinesRefusal } from "@server/cart";
import { newOrderNumber } from "./number";
import { lockAvailable, lockAvailableForClient, lockClient, releaseReservations, reserve } from "../inventory";
import { DomainError } from "../errors";

/** A cart line priced by the server (never by the request), in the order's currency. */
export type PricedLine = {
  productId: string;
  variantId: string;
  title: string;
  variantName: string;
  unitPriceCents: number;
  quantity: number;
  /** The line's share of the order's discount and the tax on the discounted line (server/pricing/charges.ts). */
  discountCents: number;
  taxCents: number;
};

export type ShippingDetails = {
  email: string;
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  region?: string | null;
  postalCode: string;
  country: string;
};

/** Some colours cannot be reserved in the quantities asked for; nothing was written. */
export class OutOfStockError extends DomainError {
  readonly status = 409;
  constructor(readonly shortages: Shortage[]) {
    super(`Out of stock: ${shortages.map((s) => itemLabel(s.title, s.variantName)).join(", ")}`);
  }
}

export type PlacedOrder = {
  id: string;
  number: string;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  currency: string;
  /** The session of the order this one replaced, if it was still open: the caller expires it. */
  supersededSessionId: string | null;
};

/**
 * What the order charges, as the pricing core computed it (server/checkout/quote.ts): every amount
 * in minor units of `currency`; the lines' unit prices are in the same currency.
 */
export type OrderPricing = {
  currency: string;
  marketId: string;
  rateMicros: number;
  subtotalCents: number;
  shippingCents: number;
  /** The tax on the shipping (inside or on top of it, as the tax lines say). */
  shippingTaxCents: number;
  totalCents: number;
  shippingMethod: { id: string; name: string };
  delivery: { from: string; to: string };
  taxLines: OrderTaxLine[];
};

/** The columns checkout writes for a new order (the rest keep their defaults): a prepared statement's fixed shape. */
const PLACED_COLUMNS = [
  "userId", "email", "name", "shipLine1", "shipLine2", "shipCity", "shipRegion", "shipPostalCode", "shipCountry", "customerNote",
  "marketingConsent", "status", "subtotalCents", "shippingCents", "totalCents", "currency", "marketId", "rateMicros",
  "shippingMethodId", "shippingMethodName", "deliveryFrom", "deliveryTo", "taxLines", "shippingTaxCents", "chargesAllocated",
  "paymentProvider", "saveAddress", "createAccount", "cartId",
] as const satisfies readonly (keyof typeof orders.$inferInsert)[];
type PlacedValues = { [K in (typeof PLACED_COLUMNS)[number]]: (typeof orders.$inferInsert)[K] };

/**
 * The order with its number, its items and its "created" event in one statement (the items and the
 * event are data-modifying CTEs over the inserted order); no row when the number is taken. Built
 * once: building it was the largest of a checkout's statements (docs/performance.md).
 */
const insertPlacedOrder = preparedRows<{ id: string; number: string }, PlacedValues & { number: string; items: string }>("place_order", (d) => {
  const placed = d
    .insert(orders)
    .values({ ...(Object.fromEntries(PLACED_COLUMNS.map((c) => [c, sql.placeholder(c)])) as Record<keyof PlacedValues, Placeholder>), number: sql.placeholder("number") })
    .onConflictDoNothing({ target: orders.number })
    .returning({ id: orders.id, number: orders.number });
  return sql`with placed as (${placed.getSQL()}),
    items as (
      insert into ${orderItems} (order_id, product_id, variant_id, title, variant_name, unit_price_cents, quantity, discount_cents, tax_cents)
      select placed.id, l.product_id, l.variant_id, l.title, l.variant_name, l.unit_price_cents, l.quantity, l.discount_cents, l.tax_cents
      from placed cross join json_to_recordset(${sql.placeholder("items")}::json) as l(product_id uuid, variant_id uuid, title text, variant_name text,
        unit_price_cents bigint, quantity int, discount_cents bigint, tax_cents bigint)
    ),
    created as (
      insert into ${orderEvents} (order_id, actor, type, to_status, note)
      select placed.id, 'customer', 'created', 'pending', 'Checkout started; units reserved.' from placed
    )
    select id, number from placed`;
});

/** insertPlacedOrder with a new number, retrying on the rare taken one. */
async function insertOrderWithUniqueNumber(tx: Tx, values: PlacedValues, lines: PricedLine[]) {
  const items = JSON.stringify(
    lines.map((l) => ({
      product_id: l.productId,
      variant_id: l.variantId,
      title: l.title,
      variant_name: l.variantName,
      unit_price_cents: l.unitPriceCents,
      quantity: l.quantity,
      discount_cents: l.discountCents,
      tax_cents: l.taxCents,
    })),
  );
  for (let attempt = 0; ; attempt++) {
    const [row] = await insertPlacedOrder({ ...values, number: newOrderNumber(), items }, tx);
    if (row) {
      // What recordOrderEvent announces for an event it writes.
      await notify(tx, { type: "order", id: row.id, action: "created" });
      return row;
    }
    if (attempt >= 5) throw new Error("Could not allocate a unique order number");
  }
}

/** Cancels an unpaid order in the caller's transaction and gives its units back. */
export async function cancelPendingOrder(tx: Tx, orderId: string, reason: string, actor: string) {
  const [row] = await tx
    .update(orders)
    .set({ status: "cancelled", cancelReason: reason, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning({ sessionId: orders.providerSessionId });
  if (!row) return null;
  await releaseReservations(tx, orderId);
  await releaseDiscountUses(tx, [orderId]);
  await recordOrderEvent(tx, { orderId, actor, type: "cancelled", fromStatus: "pending", toStatus: "cancelled", note: reason });
  return row;
}

/**
 * Places a pending order and reserves its units until `expiresAt`, in one transaction. The variants
 * are locked first; if any colour is short, OutOfStockError lists every shortage and nothing is
 * written. `supersedeOrderId` is this shopper's previous unpaid checkout: it is cancelled first so
 * its units count for the new one (a shopper going back from the payment page is not blocked by
 * their own reservation). `clientKey` names the client (clientKeyFor): the units it holds in unpaid
 * checkouts are capped, so one script cannot reserve the shop's stock (OrderLimitError).
 */
/** A signed-in customer's "Save this address to my account", a guest's "Create an account with this order". */
export type AccountRequest = { saveAddress: boolean; createAccount: boolean };

export async function placePendingOrder(input: {
  lines: PricedLine[];
  shipping: ShippingDetails;
  userId: string | null;
  provider: string;
  expiresAt: Date;
  supersedeOrderId?: string | null;
  clientKey?: string | null;
  pricing: OrderPricing;
  /** The cart's code as priced for these lines: its use is held here, in the order's transaction. */
  discount?: (DiscountHold & { market: Market }) | null;
  /** What to do for the shopper's account once paid (server/accounts/after-payment.ts). */
  accountRequest?: AccountRequest;
  /** The cart bought from: emptied of these colours when the order is paid. */
  cartId?: string | null;
  /** The shopper's "Order note (optional)", already checked (core/checkout-form.ts). */
  note?: string | null;
  /** "Email me offers and reminders" ticked at checkout (the abandoned checkout reminder's consent). */
  marketingConsent?: boolean;
}): Promise<PlacedOrder> {
  const { lines, shipping, discount, pricing } = input;
  const { subtotalCents, totalCents } = pricing;
  // The cart refuses these too, but prices may have risen or the caps changed since.
  const refusal = orderLinesRefusal(lines, pricing.shippingCents, pricing.currency);
  if (refusal) throw new OrderLimitError(refusal);
  const placed = await transaction(async (tx) => {
    const superseded = input.supersedeOrderId
      ? await cancelPendingOrder(tx, input.supersedeOrderId, "Replaced by a new checkout", "customer")
      : null;
    const variantIds = lines.map((l) => l.variantId);
    let free: Map<string, number>;
    if (input.clientKey) {
      await lockClient(tx, input.clientKey);
      const locked = await lockAvailableForClient(tx, variantIds, input.clientKey);
      const tooMany = heldUnitsRefusal(locked.clientUnits, lines.reduce((n, l) => n + l.quantity, 0));
      if (tooMany) throw new OrderLimitError(tooMany);
      free = locked.free;
    } else {
      free = await lockAvailable(tx, variantIds);
    }
    const shortages = lines.flatMap((l) => {
      const available = Math.max(0, free.get(l.variantId) ?? 0);
      return l.quantity > available
        ? [{ variantId: l.variantId, title: l.title, variantName: l.variantName, requested: l.quantity, available }]
        : [];
    });
    if (shortages.length > 0) throw new OutOfStockError(shortages);
    const order = await insertOrderWithUniqueNumber(
      tx,
      {
        userId: input.userId,
        email: shipping.email,
        name: shipping.name,
        shipLine1: shipping.line1,
        shipLine2: shipping.line2 || null,
        shipCity: shipping.city,
        shipRegion: shipping.region || null,
        shipPostalCode: shipping.postalCode,
        shipCountry: shipping.country,
        customerNote: input.note || null,
        marketingConsent: input.marketingConsent ?? false,
        status: "pending",
        subtotalCents,
        shippingCents: pricing.shippingCents,
        totalCents,
        currency: pricing.currency.toLowerCase(),
        marketId: pricing.marketId,
        rateMicros: pricing.rateMicros,
        shippingMethodId: pricing.shippingMethod.id,
        shippingMethodName: pricing.shippingMethod.name,
        deliveryFrom: pricing.delivery.from,
        deliveryTo: pricing.delivery.to,
        taxLines: pricing.taxLines,
        shippingTaxCents: pricing.shippingTaxCents,
        chargesAllocated: true,
        paymentProvider: input.provider,
        saveAddress: input.accountRequest?.saveAddress ?? false,
        createAccount: input.accountRequest?.createAccount ?? false,
        cartId: input.cartId ?? null,
      },
      lines,
    );
    // Under a lock on the code: of checkouts racing for its last use, the losers roll back here.
    if (discount) await holdDiscountUse(tx, { ...discount, orderId: order.id, email: shipping.email, expiresAt: input.expiresAt, now: new Date() });
    await reserve(tx, order.id, lines, input.expiresAt, input.clientKey ?? null);
    return { ...order, supersededSessionId: superseded?.sessionId ?? null };
  });
  return {
    id: placed.id,
    number: placed.number,
    subtotalCents,
    shippingCents: pricing.shippingCents,
    totalCents,
    currency: pricing.currency.toLowerCase(),
    supersededSessionId: placed.supersededSessionId,
  };
}

const setPaymentSession = preparedQuery("order_payment_session", (d) =>
  d
    .update(orders)
    // Placeholders in a SET go through sql (drizzle types only values there), as in server/cart/cart.ts.
    .set({ providerSessionId: sql`${sql.placeholder("sessionId")}`, updatedAt: sql`${sql.placeholder("now")}::timestamptz` })
    .where(eq(orders.id, sql.placeholder("orderId"))),
);

export async function attachPaymentSession(orderId: string, sessionId: string) {
  await setPaymentSession({ orderId, sessionId, now: new Date().toISOString() });
}

/**
 * Cancels an unpaid order and releases its units at once: the payment session could not be opened
 * (actor "system"), or the shopper cancelled at the payment page ("customer"). Returns the order's
 * payment session when it was still pending, else null.
 */
export async function abandonOrder(orderId: string, reason: string, actor: "system" | "customer" = "system") {
  return transaction((tx) => cancelPendingOrder(tx, orderId, reason, actor));
}
