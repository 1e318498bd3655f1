import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as restoreLoader } from "../../app/routes/shop/cart-restore";
import { action as unsubscribeAction } from "../../app/routes/shop/unsubscribe";
import { readCart, openCartForRequest } from "../../server/cart";
import { RESTORE_EXPIRED, RESTORE_REFUSED, UNSUBSCRIBE_REFUSED, sendCheckoutReminders, startCheckout } from "../../server/checkout";
import { signToken } from "../../server/checkout/reminder-token";
import { db } from "../../server/db/client";
import { outboxMail } from "../../server/mail/schema";
import { orders } from "../../server/orders/schema";
import { startBus } from "../../server/realtime/bus";
import { answer, call, post, thrown } from "./route-calls";
import { buyer, cartWith, orderById, paidEventFor, postTestWebhook, useCatalogue, variantOf } from "./shop-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

/** Issue 31, 7: the abandoned checkout reminder, its restore link and its one-click unsubscribe. */
describe("abandoned checkout reminder", () => {
  useTestDatabase();
  useCatalogue();
  beforeAll(async () => {
    await startBus();
  });

  const HOUR = 3_600_000;
  /** The job as it runs `ms` after now, with the default 3 hour delay. */
  const runAt = (ms: number, extra: Parameters<typeof sendCheckoutReminders>[0] = {}) => sendCheckoutReminders({ now: new Date(Date.now() + ms), ...extra });
  const remindersTo = async (n: number) => db().select().from(outboxMail).where(and(eq(outboxMail.to, `buyer${n}@example.com`), like(outboxMail.subject, "You left something%")));

  /** Buyer n checks out one R36S (with or without "Email me offers and reminders") and does not pay. */
  async function checkout(n: number, marketingConsent: boolean, colour = "Purple") {
    const variant = await variantOf("r36s", colour);
    const { cartId } = await cartWith([{ variantId: variant.id, quantity: 2 }]);
    return { ...(await startCheckout({ cartId, userId: null, details: buyer(n), marketingConsent })), variantId: variant.id };
  }
  async function pay(sessionId: string) {
    const { body, signature } = paidEventFor(sessionId);
    expect((await postTestWebhook(body, signature)).status).toBe(200);
  }
  const linkIn = (text: string, path: string) => new URL(text.split("\n").find((l) => l.includes(path))!.replace(/^.*?(https?:\/\/\S+).*$/, "$1"));

  it("is sent once after the delay, not before, with the one-click unsubscribe headers", async () => {
    const c = await checkout(301, true);
    await runAt(3 * HOUR - 60_000);
    expect(await remindersTo(301)).toHaveLength(0);
    await runAt(3 * HOUR + 60_000);
    await runAt(4 * HOUR);
    const mails = await remindersTo(301);
    expect(mails).toHaveLength(1);
    expect(mails[0].headers).toEqual({ "List-Unsubscribe": expect.stringMatching(/^<http.*\/unsubscribe\?token=.+>$/), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mails[0].text).toContain("/cart/restore?token=");
    expect((await orderById(c.orderId)).remindedAt).not.toBeNull();
  });

  it("honours REMINDER_DELAY_HOURS (here a one hour delay)", async () => {
    await checkout(302, true);
    await runAt(HOUR - 60_000, { delayHours: 1 });
    expect(await remindersTo(302)).toHaveLength(0);
    await runAt(HOUR + 60_000, { delayHours: 1 });
    expect(await remindersTo(302)).toHaveLength(1);
  });

  it("is not sent without consent, nor for a paid checkout", async () => {
    await checkout(303, false);
    const paid = await checkout(304, true);
    await pay(paid.sessionId);
    await runAt(5 * HOUR);
    expect(await remindersTo(303)).toHaveLength(0);
    expect(await remindersTo(304)).toHaveLength(0);
  });

  it("is not sent for a checkout paid between the job's pick and its locked check", async () => {
    const c = await checkout(305, true);
    let picked = false;
    await runAt(5 * HOUR, {
      afterPick: async (ids) => {
        if (!ids.includes(c.orderId)) return;
        picked = true;
        await pay(c.sessionId);
      },
    });
    expect(picked).toBe(true);
    expect(await remindersTo(305)).toHaveLength(0);
    expect((await orderById(c.orderId)).remindedAt).toBeNull();
  });

  it("is sent for the shopper's latest checkout only: a retry that was paid silences the earlier one", async () => {
    await checkout(306, true, "Purple");
    const retry = await checkout(306, true, "Orange");
    await pay(retry.sessionId);
    await runAt(5 * HOUR);
    expect(await remindersTo(306)).toHaveLength(0);
  });

  it("stops after one-click unsubscribe (RFC 8058 POST), for every checkout of that address; a forged token is refused", async () => {
    await checkout(307, true);
    await runAt(5 * HOUR);
    const [mail] = await remindersTo(307);
    const unsubscribeUrl = mail.headers!["List-Unsubscribe"].slice(1, -1);
    const url = new URL(unsubscribeUrl);
    // What a mail client posts (no Origin: it is not a browser page).
    const done = answer(await call(unsubscribeAction, post(`${url.pathname}${url.search}`, { "List-Unsubscribe": "One-Click" })));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ done: true });
    await checkout(307, true, "Orange");
    await runAt(10 * HOUR);
    expect(await remindersTo(307)).toHaveLength(1);

    const forged = answer(await call(unsubscribeAction, post(`/unsubscribe?token=${signToken("restore-cart", "buyer308@example.com", null)}`, {})));
    expect(forged).toMatchObject({ status: 400, body: { done: false, message: UNSUBSCRIBE_REFUSED } });
  });

  it("restores the checkout's lines into another device's cart and lands on /cart; forged and expired tokens are refused", async () => {
    const c = await checkout(309, true);
    await runAt(5 * HOUR);
    const [mail] = await remindersTo(309);
    const link = linkIn(mail.text, "/cart/restore");
    // Another device: no cookie, so a new visitor cart is opened and named by the answer's cookie.
    const res = await thrown(call(restoreLoader, new Request(link.toString().replace(/^https?:\/\/[^/]+/, "http://localhost:3000"))));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/cart");
    const cookie = res.headers.get("Set-Cookie")!.split(";")[0];
    const { cartId } = await openCartForRequest(new Request("http://localhost:3000/cart", { headers: { Cookie: cookie } }), null);
    expect((await readCart(cartId)).lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity }))).toEqual([{ variantId: c.variantId, quantity: 2 }]);

    const refused = async (token: string) => answer(await call(restoreLoader, new Request(`http://localhost:3000/cart/restore?token=${encodeURIComponent(token)}`)));
    const token = link.searchParams.get("token")!;
    expect(await refused(`${token.slice(0, -2)}xx`)).toMatchObject({ status: 400, body: { message: RESTORE_REFUSED } });
    expect(await refused(signToken("unsubscribe", c.orderId, null))).toMatchObject({ status: 400, body: { message: RESTORE_REFUSED } });
    expect(await refused(signToken("restore-cart", c.orderId, new Date(Date.now() - 1000)))).toMatchObject({ status: 400, body: { message: RESTORE_EXPIRED } });
    expect(await refused("")).toMatchObject({ status: 400, body: { message: RESTORE_REFUSED } });
  });

  it.runIf(testDbKind === "postgres")(
    "payment and the reminder job at once: a paid checkout is never reminded after its payment, and at most once (real PostgreSQL only: PGlite has one connection)",
    async () => {
      const outcomes = { reminded: 0, notReminded: 0 };
      for (let round = 0; round < 6; round++) {
        const n = 320 + round;
        const c = await checkout(n, true, round % 2 ? "Orange" : "Purple");
        // The payment starts once the job has picked the checkout, so the two meet at the row lock;
        // odd rounds start the payment with the job (before its pick) instead.
        let payment: Promise<void> | undefined;
        const job = runAt(5 * HOUR, { afterPick: async () => void (payment ??= pay(c.sessionId)) });
        if (round % 2) payment ??= pay(c.sessionId);
        const settled = await Promise.allSettled([job, (async () => { await job.catch(() => undefined); await payment; })()]);
        for (const s of settled) if (s.status === "rejected") throw s.reason;
        const order = await orderById(c.orderId);
        expect(order.paidAt, `round ${round}: paid`).not.toBeNull();
        const mails = await remindersTo(n);
        expect(mails.length, `round ${round}: at most one reminder`).toBeLessThanOrEqual(1);
        if (mails.length === 1) {
          // Decided under the row lock before the payment took it: never after the payment.
          expect(order.remindedAt!.getTime(), `round ${round}: reminded before paid`).toBeLessThan(order.paidAt!.getTime());
          outcomes.reminded++;
        } else {
          expect(order.remindedAt).toBeNull();
          outcomes.notReminded++;
        }
        await db().update(orders).set({ marketingConsent: false }).where(eq(orders.id, c.orderId));
      }
      console.info("reminder/payment race outcomes", outcomes);
    },
  );
});
