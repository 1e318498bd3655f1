import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { backInStockRequests } from "../../server/inventory/schema";
import { backInStockSchema, requestBackInStock, sendBackInStockNotices, UnknownVariantError } from "../../server/inventory/back-in-stock";
import { outboxMail } from "../../server/mail/schema";
import { setStock, useCatalogue, variantOf } from "./shop-helpers";
import { useTestDatabase } from "./test-db";

const mailsTo = (email: string) => db().select().from(outboxMail).where(eq(outboxMail.to, email));

describe("back-in-stock sign-ups", () => {
  useTestDatabase();
  useCatalogue();

  it("mails each sign-up exactly once when its colour returns, even with several senders at once", async () => {
    const teal = await variantOf("rg35xx-pro", "Teal");
    await setStock(teal.id, 0);
    await requestBackInStock({ variantId: teal.id, email: "Waiting@Example.com" });
    await requestBackInStock({ variantId: teal.id, email: "waiting@example.com" });
    await requestBackInStock({ variantId: teal.id, email: "second@example.com" });
    expect(await db().select().from(backInStockRequests).where(eq(backInStockRequests.variantId, teal.id))).toHaveLength(2);

    // Still sold out: nobody is mailed.
    expect(await sendBackInStockNotices()).toBe(0);
    expect(await mailsTo("waiting@example.com")).toHaveLength(0);

    await setStock(teal.id, 3);
    // Three instances waking on the same stock change.
    const mailed = await Promise.all([sendBackInStockNotices(), sendBackInStockNotices(), sendBackInStockNotices()]);
    expect(mailed.reduce((a, b) => a + b, 0)).toBe(2);
    const mails = await mailsTo("waiting@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Back in stock: 35XXPro Handheld Console (Teal)");
    expect(mails[0].text).toContain("/products/rg35xx-pro");
    expect(await sendBackInStockNotices()).toBe(0);

    // A new sign-up after the mail is a new sign-up with its own single mail.
    await setStock(teal.id, 0);
    await requestBackInStock({ variantId: teal.id, email: "waiting@example.com" });
    await setStock(teal.id, 5);
    expect(await sendBackInStockNotices()).toBe(1);
    expect(await mailsTo("waiting@example.com")).toHaveLength(2);
    await setStock(teal.id, 12);
  });

  it("refuses bad input and unknown colours", async () => {
    expect(backInStockSchema.safeParse({ variantId: "nope", email: "a@example.com" }).success).toBe(false);
    const bad = backInStockSchema.safeParse({ variantId: crypto.randomUUID(), email: "not-an-email" });
    expect(bad.success ? null : bad.error.issues[0].message).toBe("Please enter a valid email address.");
    await expect(requestBackInStock({ variantId: crypto.randomUUID(), email: "a@example.com" })).rejects.toBeInstanceOf(UnknownVariantError);
  });
});
