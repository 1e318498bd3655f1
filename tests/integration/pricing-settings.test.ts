import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../../server/db/client";
import { seed } from "../../server/seed";
import { loadPolicy } from "../../server/content/pages";
import { DEFAULT_SETTINGS } from "../../server/content/settings";
import { DEFAULT_PRICING_SETTINGS, zoneMethods } from "../../server/pricing";
import { shippingMethods, taxRates } from "../../server/pricing/schema";
import { pricingSettings } from "../../server/pricing/store";
import { notify } from "../../server/realtime/bus";
import { formatMoney } from "../../core/money";
import { useTestDatabase } from "./test-db";

describe("commerce settings in the database", () => {
  useTestDatabase({ seed: true });

  it("are seeded with the Shipping Policy's markets, methods and the 28 VAT rates", async () => {
    const s = await pricingSettings();
    expect(s.markets).toEqual(DEFAULT_PRICING_SETTINGS.markets);
    const byId = <T extends { id: string }>(list: readonly T[]) => [...list].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(s.shippingMethods)).toEqual(byId(DEFAULT_PRICING_SETTINGS.shippingMethods));
    expect([...s.taxRates].sort((a, b) => a.country.localeCompare(b.country))).toEqual(
      [...DEFAULT_PRICING_SETTINGS.taxRates].sort((a, b) => a.country.localeCompare(b.country)),
    );
    expect(s.taxRates).toHaveLength(28);
  });

  it("seeding again does not bring back a method the merchant removed", async () => {
    await db().delete(shippingMethods).where(eq(shippingMethods.id, "row-express"));
    await seed();
    const ids = (await db().select({ id: shippingMethods.id }).from(shippingMethods)).map((r) => r.id);
    expect(ids).not.toContain("row-express");
    expect(ids).toHaveLength(DEFAULT_PRICING_SETTINGS.shippingMethods.length - 1);
  });

  it("writes the Shipping Policy's tables from the settings: every enabled method with its window and price", async () => {
    const settings = await pricingSettings();
    const page = await loadPolicy("shipping-policy", DEFAULT_SETTINGS, settings);
    const text = page.html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(page.html).not.toContain("{{");
    expect(text).toContain("£3.99, free on orders of £40.00 or more");
    expect(text).toContain("€9.99, free on orders of €60.00 or more");
    expect(text).toContain("$12.99, free on orders of $75.00 or more");
    expect(text).toContain("Next Day orders must be placed by 2 PM (UK time)");
    expect(text).toContain("dispatched within 1-3 business days");
    for (const market of settings.markets) {
      for (const m of zoneMethods(settings, market.id)) {
        const window = m.minDays === m.maxDays ? "Next business day" : `${m.minDays}-${m.maxDays} business days`;
        expect(text).toContain(`${m.name} ${window} ${formatMoney(m.priceMinor, market.currency)}`);
      }
    }
  });

  it("is re-read after a change is announced, and the policy follows", async () => {
    const before = await pricingSettings();
    await db().transaction(async (tx) => {
      await tx.update(shippingMethods).set({ priceMinor: 1499 }).where(eq(shippingMethods.id, "uk-next-day"));
      await tx.update(taxRates).set({ rateBps: 2100 }).where(eq(taxRates.country, "DE"));
      await notify(tx, { type: "catalog" });
    });
    await expect.poll(async () => (await pricingSettings()) !== before).toBe(true);
    const after = await pricingSettings();
    expect(after.shippingMethods.find((m) => m.id === "uk-next-day")?.priceMinor).toBe(1499);
    expect(after.taxRates.find((r) => r.country === "DE")?.rateBps).toBe(2100);
    const page = await loadPolicy("shipping-policy", DEFAULT_SETTINGS, after);
    expect(page.html).toContain("£14.99");
    expect(page.html).not.toContain("£12.99");
  });
});
