import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db, executeRows } from "../db/client";
import { orderEvents, orders } from "../orders/schema";
import { user } from "../auth/schema";
import { isCustomerUser, isStaffUser } from "@server/auth";
import { customerAddresses } from "../accounts/schema";
import { newsletterSubscribers } from "../marketing/schema";
import { keptUsdCentsOf, placedOrder } from "@server/orders";
import { listOrdersWhere, type AdminOrderRow } from "@server/orders";
import { customerKey } from "@core/customer-key";

/**
 * The back office's customers (issue 14): everyone who paid for an order (guests included, known by
 * their email) or registered an account, with their paid orders, what they spent (succeeded refunds
 * taken off, as the order page's customer card counts it), their last order and newsletter consent.
 * Nothing is stored for this: it is read from orders, accounts and newsletter sign-ups, so it can
 * never disagree with them.
 */

export type CustomerRow = {
  key: string;
  email: string;
  name: string;
  registered: boolean;
  orderCount: number;
  totalSpentCents: number;
  lastOrderAt: string | null;
  newsletter: boolean;
};

export const CUSTOMERS_PAGE_SIZE = 20;

/** One row per customer: paid orders grouped by email, joined in full with registered customers. */
export const customersSql = sql`
  with o as (
    select lower(${orders.email}) as email,
      (array_agg(${orders.name} order by ${orders.createdAt} desc))[1] as name,
      count(*) as order_count,
      sum(${keptUsdCentsOf()}) as spent,
      max(${orders.createdAt}) as last_order_at
    from ${orders}
    where ${orders.paidAt} is not null
    group by lower(${orders.email})
  ),
  u as (
    select lower(${user.email}) as email, ${user.name} as name, ${user.createdAt} as created_at
    from ${user}
    where ${isCustomerUser()}
  ),
  c as (
    select coalesce(o.email, u.email) as email,
      coalesce(u.name, o.name) as name,
      u.email is not null as registered,
      coalesce(o.order_count, 0) as order_count,
      coalesce(o.spent, 0) as spent,
      o.last_order_at,
      coalesce(o.last_order_at, u.created_at) as seen_at
    from o full join u on u.email = o.email
  )`;

export type RawCustomer = { email: string; name: string; registered: boolean; order_count: string | number; spent: string | number; last_order_at: Date | string | null };

export const toRow = (r: RawCustomer & { newsletter: boolean }): CustomerRow => ({
  key: customerKey(r.email),
  email: r.email,
  name: r.name,
  registered: r.registered,
  orderCount: Number(r.order_count),
  totalSpentCents: Number(r.spent),
  lastOrderAt: r.last_order_at === null ? null : new Date(r.last_order_at).toISOString(),
  newsletter: r.newsletter,
});

/** Any part of the name or email, case-insensitively (a plain substring: no pattern characters). */
export const matches = (q: string | undefined) =>
  q ? sql`(position(${q.toLowerCase()} in c.email) > 0 or position(${q.toLowerCase()} in lower(c.name)) > 0)` : sql`true`;

/** The columns of a customer row, newsletter consent included, read from `c`. */
export const customerColumns = sql`c.*, exists (select 1 from ${newsletterSubscribers} n where lower(n.email) = c.email) as newsletter`;

/** A page of customers, most recently seen (last paid order, else registration) first. */
export async function listCustomers(f: { q?: string; page?: number; pageSize?: number }): Promise<{ rows: CustomerRow[]; total: number; page: number; pageCount: number }> {
  const pageSize = Math.min(Math.max(1, f.pageSize ?? CUSTOMERS_PAGE_SIZE), 100);
  const q = f.q?.trim().slice(0, 200) || undefined;
  const [{ total }] = await executeRows<{ total: string | number }>(sql`${customersSql} select count(*) as total from c where ${matches(q)}`);
  const pageCount = Math.max(1, Math.ceil(Number(total) / pageSize));
  const page = Math.min(Math.max(1, Math.floor(f.page ?? 1)), pageCount);
  const rows = await executeRows<RawCustomer & { newsletter: boolean }>(sql`${customersSql}
    select ${customerColumns}
    from c where ${matches(q)}
    order by c.seen_at desc nulls last, c.email
    limit ${pageSize} offset ${(page - 1) * pageSize}`);
  return { rows: rows.map(toRow), total: Number(total), page, pageCount };
}

export type CustomerAddress = { name: string; line1: string; line2: string | null; city: string; region: string | null; postalCode: string; country: string; source: "account" | "order" };

export type CustomerNote = { orderId: string; orderNumber: string; note: string; at: string; by: string };

export type CustomerDetail = CustomerRow & {
  registeredAt: string | null;
  /** Every order of theirs that is more than an abandoned checkout, newest first. */
  orders: AdminOrderRow[];
  addresses: CustomerAddress[];
  notes: CustomerNote[];
};

const sameEmail = (email: string) => sql`lower(${orders.email}) = ${email}`;

/** One customer by email (lower case), or null when nobody paid or registered with it. */
export async function getCustomer(email: string): Promise<CustomerDetail | null> {
  const [[account], [stats], newsletter, list] = await Promise.all([
    db()
      .select({ id: user.id, name: user.name, createdAt: user.createdAt, staff: sql<boolean>`${isStaffUser()}` })
      .from(user)
      .where(sql`lower(${user.email}) = ${email}`),
    db()
      .select({
        name: sql<string>`(array_agg(${orders.name} order by ${orders.createdAt} desc))[1]`,
        orderCount: sql<number>`count(*)`.mapWith(Number),
        totalSpentCents: sql<number>`coalesce(sum(${keptUsdCentsOf()}), 0)`.mapWith(Number),
        lastOrderAt: sql<Date | null>`max(${orders.createdAt})`,
      })
      .from(orders)
      .where(and(sameEmail(email), sql`${orders.paidAt} is not null`)),
    db().select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${email}`),
    listOrdersWhere(and(placedOrder(), sameEmail(email)), { pageSize: 100 }),
  ]);
  const customerAccount = account && !account.staff ? account : undefined;
  if (!customerAccount && stats.orderCount === 0) return null;

  const [saved, shipped, notes] = await Promise.all([
    customerAccount ? db().select().from(customerAddresses).where(eq(customerAddresses.userId, customerAccount.id)).orderBy(desc(customerAddresses.isDefault), desc(customerAddresses.createdAt)) : Promise.resolve([]),
    db()
      .selectDistinct({ name: orders.name, line1: orders.shipLine1, line2: orders.shipLine2, city: orders.shipCity, region: orders.shipRegion, postalCode: orders.shipPostalCode, country: orders.shipCountry })
      .from(orders)
      .where(and(placedOrder(), sameEmail(email))),
    list.rows.length
      ? db()
          .select({ orderId: orderEvents.orderId, orderNumber: orders.number, note: orderEvents.note, at: orderEvents.createdAt, by: user.email })
          .from(orderEvents)
          .innerJoin(orders, eq(orders.id, orderEvents.orderId))
          .leftJoin(user, eq(user.id, orderEvents.actor))
          .where(and(inArray(orderEvents.orderId, list.rows.map((o) => o.id)), eq(orderEvents.type, "note")))
          .orderBy(desc(orderEvents.createdAt), asc(orderEvents.id))
      : Promise.resolve([]),
  ]);
  const addressKey = (a: Omit<CustomerAddress, "source">) => [a.line1, a.line2 ?? "", a.city, a.region ?? "", a.postalCode, a.country].join("|").toLowerCase();
  const addresses: CustomerAddress[] = [];
  for (const a of [...saved.map((s) => ({ ...s, source: "account" as const })), ...shipped.map((s) => ({ ...s, source: "order" as const }))]) {
    if (addresses.some((b) => addressKey(b) === addressKey(a))) continue;
    addresses.push({ name: a.name, line1: a.line1, line2: a.line2, city: a.city, region: a.region, postalCode: a.postalCode, country: a.country, source: a.source });
  }
  return {
    key: customerKey(email),
    email,
    name: customerAccount?.name ?? stats.name ?? list.rows[0]?.name ?? email,
    registered: Boolean(customerAccount),
    registeredAt: customerAccount?.createdAt.toISOString() ?? null,
    orderCount: stats.orderCount,
    totalSpentCents: stats.totalSpentCents,
    lastOrderAt: stats.lastOrderAt ? new Date(stats.lastOrderAt).toISOString() : null,
    newsletter: newsletter.length > 0,
    orders: list.rows,
    addresses,
    notes: notes.map((n) => ({ orderId: n.orderId, orderNumber: n.orderNumber, note: n.note ?? "", at: n.at.toISOString(), by: n.by ?? "A former admin" })),
  };
}
