import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { productVariants, products } from "../catalog/schema";
import { config } from "../config";
import { getShopSettings } from "@server/content";
import { db } from "../db/client";
import type { StopJob } from "../jobs";
import { log } from "../log";
import { deliverQueued, queueMail } from "@server/mail";
import { subscribe } from "../realtime/bus";
import { availableStock } from "./availability";
import { backInStockRequests } from "./schema";
import { DomainError } from "../errors";

/**
 * "Email me when it's back" (issue 15, item 4): a shopper leaves an address on a sold-out colour;
 * when units can be bought again, each open sign-up gets one email. The sender claims sign-ups with
 * FOR UPDATE SKIP LOCKED and marks them notified in the transaction that queues their mail, so two
 * instances (or two runs) never mail the same sign-up twice, and a crash mails nobody half-way.
 */

export const backInStockSchema = z.object({
  variantId: z.uuid({ message: "Please choose a colour." }),
  email: z
    .string()
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email({ message: "Please enter a valid email address." })),
});
export type BackInStockInput = z.infer<typeof backInStockSchema>;

/** The colour is not one the shop sells (unknown, or its product is not published). */
export class UnknownVariantError extends DomainError {
  readonly status = 404;
  constructor() {
    super("This product is not available.");
  }
}

/** Stores a sign-up; the same address on the same colour again is one sign-up, not two. */
export async function requestBackInStock(input: BackInStockInput): Promise<void> {
  const [variant] = await db()
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(productVariants.id, input.variantId), eq(products.status, "published")));
  if (!variant) throw new UnknownVariantError();
  await db()
    .insert(backInStockRequests)
    .values({ variantId: input.variantId, email: input.email.toLowerCase() })
    .onConflictDoNothing();
}

/** Mails every open sign-up whose colour can be bought again; returns how many were mailed. */
export async function sendBackInStockNotices(batchSize = 50): Promise<number> {
  // Every sale moves stock, mostly with nobody waiting: one read, no transaction, no settings.
  const [anyone] = await db().select({ id: backInStockRequests.id }).from(backInStockRequests).where(isNull(backInStockRequests.notifiedAt)).limit(1);
  if (!anyone) return 0;
  const shop = await getShopSettings();
  let mailed = 0;
  for (;;) {
    const queued = await db().transaction(async (tx) => {
      const waiting = await tx
        .selectDistinct({ variantId: backInStockRequests.variantId })
        .from(backInStockRequests)
        .where(isNull(backInStockRequests.notifiedAt));
      if (waiting.length === 0) return [];
      const stock = await availableStock(waiting.map((w) => w.variantId), tx);
      const back = [...stock].filter(([, n]) => n > 0).map(([id]) => id);
      if (back.length === 0) return [];
      const due = await tx
        .select({
          id: backInStockRequests.id,
          email: backInStockRequests.email,
          colour: productVariants.name,
          title: products.title,
          slug: products.slug,
        })
        .from(backInStockRequests)
        .innerJoin(productVariants, eq(productVariants.id, backInStockRequests.variantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(isNull(backInStockRequests.notifiedAt), inArray(backInStockRequests.variantId, back), eq(products.status, "published")))
        .limit(batchSize)
        .for("update", { of: backInStockRequests, skipLocked: true });
      if (due.length === 0) return [];
      await tx
        .update(backInStockRequests)
        .set({ notifiedAt: new Date() })
        .where(inArray(backInStockRequests.id, due.map((d) => d.id)));
      const rows = [];
      for (const d of due) {
        const url = `${config().publicUrl}/products/${d.slug}`;
        rows.push(
          await queueMail(tx, {
            to: d.email,
            subject: `Back in stock: ${d.title} (${d.colour})`,
            text: [
              "Hello,",
              "",
              `You asked us to tell you when the ${d.title} in ${d.colour} was back. It is, while stock lasts:`,
              url,
              "",
              "This is the only email we send about it; you are not subscribed to anything.",
              "",
              shop.shopName,
            ].join("\n"),
            replyTo: shop.supportEmail,
          }),
        );
      }
      return rows;
    });
    await deliverQueued(queued);
    mailed += queued.length;
    if (queued.length < batchSize) return mailed;
  }
}

/**
 * The sender as a background job on every instance: at once when the catalogue changes or stock
 * may have risen (a restock, a released reservation: the bus carries it to every instance; a sale
 * or a new hold cannot bring a colour back, so they do not wake it) and every minute as a safety
 * net. The claim above keeps each mail single however many instances race for it.
 */
export function startBackInStockNotices(intervalMs = 60_000): StopJob {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = sendBackInStockNotices()
      .then((n) => void (n > 0 && log.info({ mailed: n }, "back-in-stock notices sent")))
      .catch((err: unknown) => log.error({ err }, "back-in-stock notices failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const unsubscribe = subscribe((e) => {
    if (e.type === "catalog" || (e.type === "stock" && e.rose !== false) || e.type === "resync") run();
  });
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    unsubscribe();
    clearInterval(timer);
    again = false;
    await running;
  };
}
