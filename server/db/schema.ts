import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** The whole data model (DESIGN.md section 5). Money is integer cents everywhere. */

/**
 * A money column: bigint cents, read as a JS number (exact up to 2^53). `integer` overflowed at
 * $21,474,836.47, below what price x quantity allows (issue 11, item 6).
 */
const money = (name: string) => bigint(name, { mode: "number" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export type PublishStatus = "draft" | "published";

// ---- catalogue -------------------------------------------------------------------------------

/** Structured content blocks of a product page; the product editor edits them as fields. */
export type ProductContent = {
  tabs?: ("overview" | "specifications" | "reviews")[];
  overview?: { heading: string; body: string }[];
  specifications?: { label: string; value: string }[];
  sections?: { heading: string; body: string; items?: string[] }[];
  comparison?: { columns: string[]; rows: { label: string; values: string[] }[] };
};

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    descriptionHtml: text("description_html").notNull().default(""),
    highlights: text("highlights"),
    badge: text("badge"),
    priceCents: money("price_cents").notNull(),
    compareAtCents: money("compare_at_cents"),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    externalUrl: text("external_url"),
    seoTitle: text("seo_title"),
    seoDescription: text("seo_description"),
    content: jsonb("content").$type<ProductContent>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("products_slug_idx").on(t.slug),
    index("products_status_created_idx").on(t.status, t.createdAt),
    check("products_price_positive", sql`${t.priceCents} > 0`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    hex: text("hex").notNull(),
    imageIds: uuid("image_ids").array().notNull().default(sql`'{}'::uuid[]`),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    check("product_variants_stock_nonnegative", sql`${t.stock} >= 0`),
  ],
);

export type Rendition = { width: number; height: number; format: "webp" | "avif" | "jpeg"; path: string };

export const media = pgTable("media", {
  id: uuid("id").primaryKey().defaultRandom(),
  originalName: text("original_name").notNull(),
  alt: text("alt").notNull().default(""),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  renditions: jsonb("renditions").$type<Rendition[]>().notNull(),
  createdAt: timestamps.createdAt,
});

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    author: text("author").notNull(),
    authorImage: text("author_image"),
    rating: integer("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull(),
    images: text("images").array().notNull().default(sql`'{}'::text[]`),
    helpfulCount: integer("helpful_count").notNull().default(0),
    status: text("status").$type<"published" | "hidden">().notNull().default("published"),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index("reviews_product_idx").on(t.productId, t.createdAt),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

// ---- auth (better-auth's tables, written by hand from its docs) ---------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").default("user"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  ...timestamps,
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    ...timestamps,
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    // better-auth 1.7's two-factor plugin: unverified enrolments and its per-account lockout.
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId)],
);

/** better-auth's rate-limit store when it is kept in the database. */
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  // Milliseconds since the epoch: does not fit in an integer.
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** A customer's saved shipping address, used to prefill checkout. */
export const customerAddresses = pgTable("customer_addresses", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  line1: text("line1").notNull(),
  line2: text("line2"),
  city: text("city").notNull(),
  postalCode: text("postal_code").notNull(),
  country: text("country").notNull(),
  updatedAt: timestamps.updatedAt,
});

// ---- cart and orders ----------------------------------------------------------------------------

export const carts = pgTable(
  "carts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("carts_user_idx").on(t.userId)],
);

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("cart_lines_cart_variant_idx").on(t.cartId, t.variantId),
    check("cart_lines_quantity_positive", sql`${t.quantity} >= 1`),
  ],
);

export type OrderStatus = "pending" | "processing" | "completed" | "cancelled" | "payment_failed";

/** ASCII whitespace and punctuation: what splits a name, email or order number into words. */
export const ORDER_SEARCH_SEPARATORS = String.raw`[\s\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+`;

/**
 * The words the back office's order search matches by prefix (server/orders/admin.ts): the words of
 * the name, email and number, plus the whole email and number. Built as literal lexemes rather than
 * by a text-search parser, which mangles emails and order numbers; indexed with GIN, so a search
 * stays an index lookup however many orders there are. The query must use this same expression.
 */
export function orderSearchDocument(t: { name: AnyPgColumn; email: AnyPgColumn; number: AnyPgColumn }) {
  const words = (c: AnyPgColumn) => sql`regexp_split_to_array(lower(${c}), ${sql.raw(`'${ORDER_SEARCH_SEPARATORS}'`)})`;
  return sql`array_to_tsvector(array_remove(${words(t.name)} || ${words(t.email)} || ${words(t.number)} || array[lower(${t.email}), lower(${t.number})], ''))`;
}

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    shipLine1: text("ship_line1").notNull(),
    shipLine2: text("ship_line2"),
    shipCity: text("ship_city").notNull(),
    shipPostalCode: text("ship_postal_code").notNull(),
    shipCountry: text("ship_country").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    cancelReason: text("cancel_reason"),
    subtotalCents: money("subtotal_cents").notNull(),
    shippingCents: money("shipping_cents").notNull().default(0),
    totalCents: money("total_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    paymentProvider: text("payment_provider").notNull(),
    providerSessionId: text("provider_session_id"),
    paymentIntentId: text("payment_intent_id"),
    paymentBrand: text("payment_brand"),
    paymentLast4: text("payment_last4"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("orders_number_idx").on(t.number),
    uniqueIndex("orders_provider_session_idx").on(t.providerSessionId),
    index("orders_created_idx").on(t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_user_idx").on(t.userId),
    index("orders_email_idx").on(t.email),
    index("orders_search_idx").using("gin", orderSearchDocument(t)),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    variantName: text("variant_name").notNull(),
    unitPriceCents: money("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const orderEvents = pgTable(
  "order_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    actor: text("actor").notNull(),
    type: text("type").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    note: text("note"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

export const stockReservations = pgTable(
  "stock_reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    index("stock_reservations_active_idx").on(t.variantId, t.expiresAt),
    index("stock_reservations_order_idx").on(t.orderId),
  ],
);

/** Provider events already applied: the idempotency key of webhook handling. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: text("id").notNull(),
    provider: text("provider").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] })],
);

/**
 * The built-in test provider's own ledger of paid sessions: what a real provider keeps on its side.
 * Only server/payments/test-provider.ts reads or writes it; the shop learns of a payment through the
 * webhook or, when that never arrived, by reconciliation asking the provider.
 */
export const testProviderPayments = pgTable("test_provider_payments", {
  sessionId: text("session_id").primaryKey(),
  paymentId: text("payment_id").notNull(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- content ------------------------------------------------------------------------------------

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt"),
    contentHtml: text("content_html").notNull().default(""),
    image: text("image"),
    author: text("author").notNull().default("Admin"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").$type<PublishStatus>().notNull().default("draft"),
    date: timestamp("date", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex("blog_posts_slug_idx").on(t.slug), index("blog_posts_status_date_idx").on(t.status, t.date)],
);

export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  createdAt: timestamps.createdAt,
});

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("newsletter_email_idx").on(sql`lower(${t.email})`)],
);

export const outboxMail = pgTable(
  "outbox_mail",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    replyTo: text("reply_to"),
    status: text("status").$type<"pending" | "sent" | "failed" | "kept">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the delivery worker may (re)try a 'pending' message; also the lease of an attempt under way. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamps.createdAt,
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_mail_status_idx").on(t.status, t.createdAt),
    index("outbox_mail_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});

/** Every admin write: who, what, when. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    data: jsonb("data"),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
