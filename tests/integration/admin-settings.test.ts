import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as storeAction } from "../../app/routes/admin/settings-store";
import { action as marketsAction } from "../../app/routes/admin/settings-markets";
import { action as shippingAction } from "../../app/routes/admin/settings-shipping";
import { action as taxesAction, loader as taxesLoader } from "../../app/routes/admin/settings-taxes";
import { auditLog } from "../../server/audit/schema";
import { createAdmin } from "../../server/auth/admins";
import { signInAdmin } from "../../server/auth/sign-in";
import { getShopSettings } from "../../server/content/settings";
import { loadPolicy } from "../../server/content/pages";
import { db } from "../../server/db/client";
import { markets, shippingMethods, taxRates } from "../../server/pricing/schema";
import { pricingSettings } from "../../server/pricing/store";
import { saveZone } from "../../server/pricing/admin";
import { ProductSaveError, getProductForEdit, saveProduct } from "../../server/catalog/admin";
import { localise } from "../../server/pricing/market";
import { productMarketPrices } from "../../server/pricing/schema";
import { parseProductForm } from "../../core/product-form";
import { parseForm, zoneFormSchema } from "../../core/settings-form";
import { cookieHeaderFrom, createCustomer, markTwoFactorEnrolled, shopRequest, signInCookie } from "./auth-helpers";
import { answer, call, post } from "./route-calls";
import { useTestDatabase } from "./test-db";

/**
 * The back office's Settings (issue 12): each form refuses bad input with a message next to the
 * field and a 4xx, writing nothing; a save is one transaction with its audit row, and the shop
 * (prices, shipping, the Shipping Policy, store details) follows on the next request.
 */

async function send(fn: unknown, path: string, fields: Record<string, string>, cookie: string) {
  try {
    return answer(await call(fn, post(path, fields, { cookie, origin: "http://localhost:3000" })));
  } catch (thrown) {
    return answer(thrown);
  }
}

type Body = { message: string | null; fieldErrors: Record<string, string>; values: unknown[] };
const body = (r: { body?: unknown }) => r.body as Body;

const auditCount = async () => (await db().select({ id: auditLog.id }).from(auditLog)).length;
const lastAudit = async () => (await db().select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1))[0];

/** The UK zone's form as the page sends it, from the stored methods, with `change` applied. */
async function ukZoneFields(change: (rows: Record<string, string>[]) => Record<string, string>[] = (r) => r) {
  const stored = await db().select().from(shippingMethods).where(eq(shippingMethods.marketId, "uk"));
  const rows = stored
    .sort((a, b) => a.position - b.position)
    .map((m) => ({
      id: m.id,
      name: m.name,
      price: (m.priceMinor / 100).toFixed(2),
      freeFrom: m.freeFromMinor === null ? "" : (m.freeFromMinor / 100).toFixed(2),
      minDays: String(m.minDays),
      maxDays: String(m.maxDays),
      cutoff: m.sameDayCutoff ?? "",
      position: String(m.position),
      enabled: m.enabled ? "on" : "",
    }));
  const fields: Record<string, string> = { marketId: "uk", intent: "save" };
  change(rows).forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) if (v !== "") fields[`methods.${i}.${k}`] = v;
  });
  return fields;
}

describe("admin settings", () => {
  useTestDatabase({ seed: true });
  let admin = "";
  let customer = "";

  beforeAll(async () => {
    await createAdmin({ email: "boss@example.com", password: "boss-password-1" });
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST" }), { email: "boss@example.com", password: "boss-password-1" });
    if (result.kind !== "signed-in") throw new Error("admin sign-in failed");
    admin = cookieHeaderFrom(result.cookies);
    await markTwoFactorEnrolled("boss@example.com");
    await createCustomer("shopper@example.com");
    customer = await signInCookie("shopper@example.com");
  });

  it("every settings action checks admin rights on the server", async () => {
    for (const [fn, path] of [
      [storeAction, "/admin/settings"],
      [marketsAction, "/admin/settings/markets"],
      [shippingAction, "/admin/settings/shipping"],
      [taxesAction, "/admin/settings/taxes"],
    ] as const) {
      expect((await send(fn, path, { intent: "save" }, customer)).status, path).toBe(403);
      expect((await send(fn, path, { intent: "save" }, "")).status, path).toBe(303);
    }
  });

  it("store details: a bad email or phone is refused next to its field, nothing written; a save is audited and shown at once", async () => {
    const before = await auditCount();
    const bad = await send(storeAction, "/admin/settings", { shopName: "", supportEmail: "not-an-email", phone: "call us", address: "1 High St" }, admin);
    expect(bad.status).toBe(400);
    expect(body(bad).fieldErrors).toMatchObject({
      shopName: "Store name is required",
      supportEmail: "Enter a valid email address, like support@example.com",
      phone: expect.stringContaining("Enter a phone number"),
    });
    expect(await auditCount()).toBe(before);
    expect((await getShopSettings()).supportEmail).toBe("support@pocketretro.example");

    const shown = await getShopSettings();
    const ok = await send(storeAction, "/admin/settings", { shopName: "Pocket Retro Ltd", supportEmail: "help@pocketretro.example", phone: "+44 20 7946 0999", address: "1 Lantern Yard\nLondon" }, admin);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin/settings?saved=1");
    // The cache of this process is dropped at commit; other instances on the bus (system test).
    const after = await getShopSettings();
    expect(after).not.toBe(shown);
    expect(after).toMatchObject({ shopName: "Pocket Retro Ltd", supportEmail: "help@pocketretro.example", phone: "+44 20 7946 0999", address: "1 Lantern Yard, London" });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "update", entity: "settings", entityId: "store", actorEmail: "boss@example.com" });
    expect(audit.data).toMatchObject({ supportEmail: { from: "support@pocketretro.example", to: "help@pocketretro.example" } });
  });

  it("markets: absurd and unreadable rates, a USD rate other than 1, every market disabled: 400, nothing written", async () => {
    const before = await auditCount();
    const fields = (over: Record<string, string> = {}) => ({
      "markets.0.id": "uk", "markets.0.rate": "0.79", "markets.0.rounding": "up_99", "markets.0.enabled": "on",
      "markets.1.id": "eu", "markets.1.rate": "0.92", "markets.1.rounding": "up_99", "markets.1.enabled": "on",
      "markets.2.id": "us", "markets.2.rate": "1", "markets.2.rounding": "exact", "markets.2.enabled": "on",
      "markets.3.id": "row", "markets.3.rate": "1", "markets.3.rounding": "exact", "markets.3.enabled": "on",
      ...over,
    });
    const absurd = await send(marketsAction, "/admin/settings/markets", fields({ "markets.0.rate": "-0.5", "markets.1.rate": "5000", "markets.1.rounding": "up_50" }), admin);
    expect(absurd.status).toBe(400);
    expect(body(absurd).fieldErrors).toMatchObject({
      "markets.0.rate": expect.stringContaining("from 0.01 to 1000"),
      "markets.1.rate": expect.stringContaining("from 0.01 to 1000"),
      "markets.1.rounding": "Choose a rounding rule from the list",
    });
    const usd = await send(marketsAction, "/admin/settings/markets", fields({ "markets.3.rate": "1.05" }), admin);
    expect(usd.status).toBe(400);
    expect(body(usd).fieldErrors["markets.3.rate"]).toBe("Prices are set in US dollars, so a USD market's rate is 1");
    const none: Record<string, string> = fields();
    for (const i of [0, 1, 2, 3]) delete none[`markets.${i}.enabled`];
    const off = await send(marketsAction, "/admin/settings/markets", none, admin);
    expect(off.status).toBe(400);
    expect(body(off).fieldErrors.markets).toContain("Keep at least one market enabled");
    expect(await auditCount()).toBe(before);
    expect((await db().select().from(markets).where(eq(markets.id, "uk")))[0].rateMicros).toBe(790_000);

    const ok = await send(marketsAction, "/admin/settings/markets", fields({ "markets.0.rate": "0.8", "markets.0.rounding": "up_whole" }), admin);
    expect(ok.status).toBe(302);
    const uk = (await pricingSettings()).markets.find((m) => m.id === "uk")!;
    expect(uk).toMatchObject({ rateMicros: 800_000, rounding: "up_whole" });
    expect((await lastAudit()).data).toMatchObject({ changes: [{ id: "uk", from: { rateMicros: 790_000 }, to: { rateMicros: 800_000, rounding: "up_whole" } }] });
    // Back as seeded, for the tests below.
    expect((await send(marketsAction, "/admin/settings/markets", fields(), admin)).status).toBe(302);
  });

  it("shipping: min above max days, negative price, a bad cut-off and a duplicate name are refused next to the field, nothing written", async () => {
    const before = await auditCount();
    const fields = await ukZoneFields((rows) => [
      { ...rows[0], price: "-3.99" },
      { ...rows[1], minDays: "5", maxDays: "2" },
      { ...rows[2], cutoff: "25:00", name: "Standard" },
    ]);
    const bad = await send(shippingAction, "/admin/settings/shipping", fields, admin);
    expect(bad.status).toBe(400);
    expect(body(bad).fieldErrors).toMatchObject({
      "methods.0.price": "Enter a price from 0 to 1000.00, like 3.99",
      "methods.1.maxDays": "The longest delivery time cannot be shorter than the shortest",
      "methods.2.cutoff": "Enter a time like 14:00, or leave it empty",
      "methods.2.name": "Each method of a zone needs a different name",
    });
    // The form comes back as typed.
    expect(body(bad).values[0]).toMatchObject({ price: "-3.99" });
    const noneEnabled = await send(shippingAction, "/admin/settings/shipping", await ukZoneFields((rows) => rows.map((r) => ({ ...r, enabled: "" }))), admin);
    expect(noneEnabled.status).toBe(400);
    expect(body(noneEnabled).fieldErrors.methods).toContain("Keep at least one method enabled");
    expect(await auditCount()).toBe(before);
    expect((await db().select().from(shippingMethods).where(eq(shippingMethods.id, "uk-standard")))[0].priceMinor).toBe(399);
  });

  it("shipping: Add and Remove only change the form; Save writes the zone in one transaction and the policy shows it", async () => {
    const before = await auditCount();
    const added = await send(shippingAction, "/admin/settings/shipping", { ...(await ukZoneFields()), intent: "add" }, admin);
    expect(added.status).toBe(200);
    expect(body(added).values).toHaveLength(4);
    const removed = await send(shippingAction, "/admin/settings/shipping", { ...(await ukZoneFields()), intent: "remove:1" }, admin);
    expect(body(removed).values.map((v) => (v as { name: string }).name)).toEqual(["Standard", "Next Day"]);
    expect(await auditCount()).toBe(before);

    // UK Standard to £4.49, Express removed, a new Saturday method added.
    const fields = await ukZoneFields((rows) => [
      { ...rows[0], price: "4.49" },
      rows[2],
      { id: "", name: "Saturday", price: "£15", freeFrom: "", minDays: "1", maxDays: "1", cutoff: "12:00", position: "9", enabled: "on" },
    ]);
    const saved = await send(shippingAction, "/admin/settings/shipping", fields, admin);
    expect(saved.status).toBe(302);
    const uk = (await pricingSettings()).shippingMethods.filter((m) => m.marketId === "uk");
    expect(uk.map((m) => [m.id, m.priceMinor])).toEqual([
      ["uk-standard", 449],
      ["uk-next-day", 1299],
      ["uk-saturday", 1500],
    ]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ entity: "settings", entityId: "shipping:uk" });
    expect(audit.data).toMatchObject({ removed: ["uk-express"] });
    const policy = await loadPolicy("shipping-policy", await getShopSettings(), await pricingSettings());
    const text = policy.html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("£4.49, free on orders of £40.00 or more");
    expect(text).toContain("Saturday");
    expect(text).not.toContain("Express 1-2 business days");
  });

  it("shipping: a failure mid-save rolls the whole zone back (one transaction)", async () => {
    const before = await db().select().from(shippingMethods).where(eq(shippingMethods.marketId, "uk"));
    const audits = await auditCount();
    const form = new FormData();
    for (const [k, v] of Object.entries(await ukZoneFields((rows) => rows.map((r) => ({ ...r, price: "9.99" }))))) form.append(k, v);
    const parsed = parseForm(zoneFormSchema, form);
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const input = parsed.data;
    // Past the form's rules, the table's CHECK refuses the last row after the first rows were written.
    input.methods[input.methods.length - 1].maxDays = -1;
    await expect(saveZone(input, { id: "admin-1", email: "boss@example.com" })).rejects.toThrow();
    const after = await db().select().from(shippingMethods).where(eq(shippingMethods.marketId, "uk"));
    expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(before.sort((a, b) => a.id.localeCompare(b.id)));
    expect(await auditCount()).toBe(audits);
  });

  it("tax rates: an unknown country, a rate above 50% and a duplicate are refused; a US state is added, audited and used", async () => {
    const loaded = answer(await call(taxesLoader, shopRequest("/admin/settings/taxes", { cookie: admin })));
    const rows = (loaded.body as { values: { country: string; region: string; name: string; rate: string; taxShipping: boolean }[] }).values;
    expect(rows).toHaveLength(28);
    expect(rows.some((r) => r.country === "US")).toBe(false);
    const fields = (extra: { country: string; region: string; name: string; rate: string; taxShipping: boolean }[]) => {
      const f: Record<string, string> = { intent: "save" };
      [...rows, ...extra].forEach((r, i) => {
        f[`rates.${i}.country`] = r.country;
        f[`rates.${i}.region`] = r.region;
        f[`rates.${i}.name`] = r.name;
        f[`rates.${i}.rate`] = r.rate;
        if (r.taxShipping) f[`rates.${i}.taxShipping`] = "on";
      });
      return f;
    };
    const before = await auditCount();
    // A post without the Save button (a probe, a stale script) is not "save an empty table".
    const probe = await send(taxesAction, "/admin/settings/taxes", { intent: "route-matrix-probe" }, admin);
    expect(probe.status).toBe(400);
    expect(body(probe).message).toBe("Use the form's Save, Add or Remove buttons.");
    expect(await db().select().from(taxRates)).toHaveLength(28);
    expect((await send(shippingAction, "/admin/settings/shipping", { marketId: "uk" }, admin)).status).toBe(400);
    const bad = await send(
      taxesAction,
      "/admin/settings/taxes",
      fields([
        { country: "XX", region: "", name: "VAT", rate: "20", taxShipping: false },
        { country: "US", region: "NY", name: "Sales tax", rate: "80", taxShipping: false },
        { country: "DE", region: "", name: "VAT", rate: "19", taxShipping: true },
        // Regions are US states only: checkout matches a US address's state and nothing else.
        { country: "CA", region: "ON", name: "HST", rate: "13", taxShipping: true },
        { country: "US", region: "ZZ", name: "Sales tax", rate: "5", taxShipping: false },
      ]),
      admin,
    );
    expect(bad.status).toBe(400);
    expect(body(bad).fieldErrors).toMatchObject({
      "rates.28.country": expect.stringContaining("a country a market delivers to"),
      "rates.29.rate": expect.stringContaining("from 0 to 50"),
      "rates.30.country": "This country (and region) already has a rate above",
      "rates.31.region": expect.stringContaining("Enter a US state's code like CA or NY"),
      "rates.32.region": expect.stringContaining("Enter a US state's code like CA or NY"),
    });
    expect(await auditCount()).toBe(before);
    expect(await db().select().from(taxRates).where(eq(taxRates.country, "US"))).toEqual([]);

    const ok = await send(taxesAction, "/admin/settings/taxes", fields([{ country: "us", region: "ny", name: "Sales tax", rate: "8.875", taxShipping: true }]), admin);
    // Three decimals are more than basis points can hold.
    expect(ok.status).toBe(400);
    const saved = await send(taxesAction, "/admin/settings/taxes", fields([{ country: "us", region: "ny", name: "Sales tax", rate: "8.88", taxShipping: true }]), admin);
    expect(saved.status).toBe(302);
    const ny = (await pricingSettings()).taxRates.find((r) => r.country === "US");
    expect(ny).toEqual({ country: "US", region: "NY", name: "Sales tax", rateBps: 888, taxShipping: true });
    expect((await lastAudit()).data).toEqual({ added: ["US-NY"], changed: [], removed: [] });
  });
});

describe("a product's own price in a market", () => {
  useTestDatabase({ seed: true });
  const actor = { id: "admin-1", email: "boss@example.com" };

  function productForm(extra: Record<string, string>) {
    const form = new FormData();
    const fields: Record<string, string> = {
      intent: "publish",
      title: "Pocket Arcade",
      descriptionHtml: "<p>A small console.</p>",
      price: "49.99",
      compareAtPrice: "59.99",
      "colors.0.name": "Black",
      "colors.0.hex": "#111111",
      "colors.0.stock": "5",
      ...extra,
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return parseProductForm(form);
  }

  async function ukPrice(id: string) {
    const settings = await pricingSettings();
    const shopper = { settings, market: settings.markets.find((m) => m.id === "uk")! };
    return localise(shopper, { id, priceCents: 4999, compareAtCents: 5999 });
  }

  it("is refused when it is not a price or its compare-at is not above it; a market that is not offered is refused by the save", () => {
    const bad = productForm({ "marketPrices.uk.price": "-1", "marketPrices.eu.compareAtPrice": "50" });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toMatchObject({
      "marketPrices.uk.price": "Enter an amount above 0 like 39.99, or leave it empty to convert from USD",
      "marketPrices.eu.compareAtPrice": "Set the price in this market too, or leave both empty",
    });
    const low = productForm({ "marketPrices.uk.price": "40", "marketPrices.uk.compareAtPrice": "40" });
    expect(low.error!.issues[0]).toMatchObject({ path: ["marketPrices", "uk", "compareAtPrice"], message: "The compare-at price must be greater than the price" });
  });

  it("wins over the converted price on the storefront, is audited with the product, and empty brings the conversion back", async () => {
    const base = productForm({});
    const created = await saveProduct(null, base.data!, actor);
    // Converted: $49.99 × 0.79 = £39.49, rounded up to .99.
    expect(await ukPrice(created.id)).toMatchObject({ priceCents: 3999, compareAtCents: 4799, currency: "GBP" });

    await expect(saveProduct(created.id, productForm({ "marketPrices.us.price": "45" }).data!, actor)).rejects.toThrow(ProductSaveError);
    await expect(saveProduct(created.id, productForm({ "marketPrices.nowhere.price": "45" }).data!, actor)).rejects.toThrow(ProductSaveError);
    expect(await db().select().from(productMarketPrices).where(eq(productMarketPrices.productId, created.id))).toEqual([]);

    await saveProduct(created.id, productForm({ "marketPrices.uk.price": "£42.50", "marketPrices.uk.compareAtPrice": "", "marketPrices.eu.price": "" }).data!, actor);
    expect(await ukPrice(created.id)).toMatchObject({ priceCents: 4250, compareAtCents: null, currency: "GBP" });
    expect((await getProductForEdit(created.id))!.marketPrices).toEqual([{ marketId: "uk", priceMinor: 4250, compareAtMinor: null }]);
    const audit = await lastAudit();
    expect(audit).toMatchObject({ entity: "product", entityId: created.id });
    expect(audit.data).toMatchObject({ marketPrices: { uk: { priceMinor: 4250, compareAtMinor: null }, eu: "converted" } });

    // A form without the market leaves its price alone; an empty box removes it.
    await saveProduct(created.id, productForm({}).data!, actor);
    expect((await ukPrice(created.id)).priceCents).toBe(4250);
    await saveProduct(created.id, productForm({ "marketPrices.uk.price": "" }).data!, actor);
    expect((await ukPrice(created.id)).priceCents).toBe(3999);
  });
});
