import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as editorAction } from "../../app/routes/admin/discount-editor";
import { action as listAction, loader as listLoader } from "../../app/routes/admin/discounts";
import { createAdmin } from "../../server/auth/admins";
import { signInAdmin } from "../../server/auth/sign-in";
import { startCheckout } from "../../server/checkout";
import { db } from "../../server/db/client";
import { auditLog } from "../../server/audit/schema";
import {
  countOrderDiscount,
  deleteDiscount,
  DiscountNotFoundError,
  DiscountRefusedError,
  DiscountSaveError,
  discountEditorChoices,
  getDiscount,
  holdDiscountUse,
  listDiscounts,
  priceWithDiscount,
  releaseDiscountUses,
  resolveDiscount,
  saveDiscount,
  setDiscountActive,
} from "../../server/discounts";
import { DEFAULT_PRICING_SETTINGS, type Market } from "../../server/pricing";
import { markets as marketsTable } from "../../server/pricing/schema";
import { invalidateCatalog } from "../../server/cache/catalog";
import { discountFormSchema, parseDiscountForm } from "../../core/discount-form";
import { buyer, cartWith, useCatalogue, variantOf } from "./shop-helpers";
import { cookieHeaderFrom, markTwoFactorEnrolled, shopRequest } from "./auth-helpers";
import { testDbKind, useTestDatabase } from "./test-db";

const actor = { id: "admin-1", email: "boss@example.com" };
const market = (id: string): Market => DEFAULT_PRICING_SETTINGS.markets.find((m) => m.id === id)!;
const NOW = new Date("2026-11-23T12:00:00Z");
const DESTINATION: Record<string, { country: string; region?: string }> = {
  uk: { country: "GB" },
  eu: { country: "DE" },
  us: { country: "US", region: "NY" },
  row: { country: "JP" },
};

type FormFields = Record<string, unknown>;

async function createCode(fields: FormFields) {
  const input = discountFormSchema.parse({ title: "Test code", kind: "percentage", percentOff: "10", ...fields });
  return saveDiscount(null, input, actor);
}

/** The seeded consoles as cart lines (keyed by variant) and a map from line key to product. */
async function lines(items: { slug: string; colour: string; quantity: number }[]) {
  const rows = await Promise.all(items.map((i) => variantOf(i.slug, i.colour)));
  const productOf = new Map(rows.map((r) => [r.id, r.productId]));
  return {
    lines: rows.map((r, i) => ({ key: r.id, quantity: items[i].quantity, basePriceCents: r.priceCents })),
    productOf: (key: string) => productOf.get(key),
    productIds: rows.map((r) => r.productId),
  };
}

/** Prices a cart in a market with a code as the shopper typed it (looked up in the database). */
async function quote(code: string, marketId: string, cart: Awaited<ReturnType<typeof lines>>, opts: { email?: string; now?: Date } = {}) {
  let resolved;
  try {
    resolved = await resolveDiscount(code, { email: opts.email });
  } catch (err) {
    if (err instanceof DiscountRefusedError) return { quote: null, refusal: err };
    throw err;
  }
  return priceWithDiscount(
    { lines: cart.lines, market: market(marketId), destination: DESTINATION[marketId], now: opts.now ?? NOW },
    DEFAULT_PRICING_SETTINGS,
    { ...resolved, productOf: cart.productOf },
  );
}

describe("discount codes: the merchant's definitions, the discount step and its refusals", () => {
  useTestDatabase();
  useCatalogue();

  it("every refusal says why in words", async () => {
    const cart = await lines([{ slug: "r36s", colour: "White", quantity: 1 }]);
    const other = await lines([{ slug: "r36pro", colour: "Blue", quantity: 1 }]);
    await createCode({ code: "LATER10", startsAt: "2026-12-01T00:00" });
    await createCode({ code: "OVER10", endsAt: "2026-11-01T00:00" });
    await createCode({ code: "MIN10", minSubtotals: { USD: "100", GBP: "52.00" } });
    await createCode({ code: "ONLYPRO", appliesTo: "products", productIds: other.productIds });
    const off = await createCode({ code: "OFF10" });
    await setDiscountActive(off.id, false, actor);
    await createCode({ code: "UKSHIP", kind: "free_shipping", freeShippingMarkets: ["uk"] });

    const reasons = async (code: string, marketId = "us") => (await quote(code, marketId, cart)).refusal?.message;
    expect(await reasons("NOPE")).toBe("We could not find the discount code NOPE.");
    expect(await reasons("x")).toBe("We could not find the discount code X.");
    expect(await reasons("later10")).toBe("LATER10 has not started yet.");
    expect(await reasons("OVER10")).toBe("OVER10 has expired.");
    expect(await reasons("OFF10")).toBe("OFF10 is no longer active.");
    // R36S: $49.99 / £39.99: the minimum is per currency.
    expect(await reasons("MIN10")).toBe("Add $50.01 more to use MIN10.");
    expect(await reasons("MIN10", "uk")).toBe("Add £12.01 more to use MIN10.");
    // EUR has no minimum of its own: $100 converted at 0.92 (€92.00) and rounded up to .99 is €92.99.
    expect(await reasons("MIN10", "eu")).toBe("Add €47.00 more to use MIN10.");
    expect(await reasons("ONLYPRO")).toBe("ONLYPRO is not for the products in your cart.");
    expect(await reasons("UKSHIP")).toBe("UKSHIP is not for deliveries to United States.");
    expect(await reasons("UKSHIP", "uk")).toBeUndefined();

    // A refused code leaves the quote without a discount, so the cart still shows its total.
    const refused = await quote("MIN10", "us", cart);
    expect(refused.quote).toMatchObject({ discount: null, subtotalMinor: 4999, discountedSubtotalMinor: 4999 });
  });

  it("a percentage spreads over the eligible lines in every currency, rounded so the parts add up", async () => {
    await createCode({ code: "SPRING15", percentOff: "15" });
    const cart = await lines([
      { slug: "r36s", colour: "Purple", quantity: 3 },
      { slug: "r36pro", colour: "Orange", quantity: 1 },
      { slug: "rg35xx-pro", colour: "Teal", quantity: 2 },
    ]);
    for (const id of ["uk", "eu", "us", "row"]) {
      const { quote: q, refusal } = await quote("spring15", id, cart);
      expect(refusal).toBeNull();
      const expected = Math.floor((q!.subtotalMinor * 15) / 100 + 0.5);
      expect(q!.discount).toMatchObject({ code: "SPRING15", label: "-15%", amountMinor: expected });
      expect(q!.lines.reduce((s, l) => s + l.discountMinor, 0)).toBe(expected);
      expect(q!.discountedSubtotalMinor).toBe(q!.subtotalMinor - expected);
      for (const l of q!.lines) {
        expect(Math.abs(l.discountMinor - (l.lineTotalMinor * 15) / 100)).toBeLessThanOrEqual(1);
      }
      // Tax is charged on the discounted lines, and its parts add up to the tax line.
      const taxParts = q!.lines.reduce((s, l) => s + l.taxMinor, q!.shipping!.taxMinor);
      expect(q!.taxLines.reduce((s, t) => s + t.amountMinor, 0)).toBe(taxParts);
    }
    // UK: 3 × £39.99 + £47.99 + 2 × £63.99 = £295.94; 15% = £44.391 → £44.39.
    expect((await quote("SPRING15", "uk", cart)).quote!.discount!.amountMinor).toBe(4439);
  });

  it("a fixed amount: its own per currency, else the USD one converted with the market's rate and rounding; never below zero", async () => {
    await createCode({ code: "TENOFF", kind: "fixed", amounts: { USD: "10", GBP: "8.50" } });
    await createCode({ code: "HUGE", kind: "fixed", amounts: { USD: "5000" } });
    const cart = await lines([
      { slug: "r36s", colour: "Black", quantity: 1 },
      { slug: "r36pro", colour: "Black", quantity: 2 },
    ]);
    const amounts: Record<string, [number, string]> = { us: [1000, "-$10.00"], row: [1000, "-$10.00"], uk: [850, "-£8.50"], eu: [999, "-€9.99"] };
    for (const [id, [amount, label]] of Object.entries(amounts)) {
      const q = (await quote("TENOFF", id, cart)).quote!;
      expect(q.discount).toMatchObject({ amountMinor: amount, label });
      expect(q.lines.map((l) => l.discountMinor).reduce((a, b) => a + b, 0)).toBe(amount);
    }
    // $10 over $49.99 and 2 × $59.99, in proportion: 2941 and 7059 thousandths → 294 + 706.
    expect((await quote("TENOFF", "us", cart)).quote!.lines.map((l) => l.discountMinor)).toEqual([294, 706]);
    // More than the cart costs: the whole subtotal, nothing negative, total is the shipping.
    const free = (await quote("HUGE", "us", cart)).quote!;
    expect(free.discount!.amountMinor).toBe(free.subtotalMinor);
    expect(free.lines.every((l) => l.discountMinor === l.lineTotalMinor)).toBe(true);
    expect(free.totalMinor).toBe(free.shipping!.priceMinor);
  });

  it("a code for chosen products discounts those lines only, and the minimum counts them only", async () => {
    const pro = await lines([{ slug: "r36pro", colour: "White", quantity: 1 }]);
    await createCode({ code: "PROONLY", percentOff: "50", appliesTo: "products", productIds: pro.productIds, minSubtotals: { USD: "100" } });
    const mixed = await lines([
      { slug: "r36s", colour: "White", quantity: 1 },
      { slug: "r36pro", colour: "White", quantity: 1 },
    ]);
    expect((await quote("PROONLY", "us", mixed)).refusal?.message).toBe("Add $40.01 more to use PROONLY.");
    const two = await lines([
      { slug: "r36s", colour: "White", quantity: 1 },
      { slug: "r36pro", colour: "White", quantity: 2 },
    ]);
    const q = (await quote("PROONLY", "us", two)).quote!;
    expect(q.lines.map((l) => l.discountMinor)).toEqual([0, 5999]);
  });

  it("a free-shipping code removes the US $12.99 under $75; the discount never touches the lines", async () => {
    await createCode({ code: "SHIPFREE", kind: "free_shipping" });
    const cart = await lines([{ slug: "r36s", colour: "Orange", quantity: 1 }]);
    const without = priceWithDiscount({ lines: cart.lines, market: market("us"), destination: { country: "US" }, now: NOW }, DEFAULT_PRICING_SETTINGS, null);
    expect(without.quote.shipping).toMatchObject({ name: "Standard", priceMinor: 1299 });
    const q = (await quote("SHIPFREE", "us", cart)).quote!;
    expect(q.discount).toMatchObject({ code: "SHIPFREE", label: "Free shipping", amountMinor: 0, freeShipping: true });
    expect(q.shipping).toMatchObject({ name: "Standard", priceMinor: 0, free: true });
    expect(q.totalMinor).toBe(4999);
  });

  it("the editor's rules: code format, percentage range, USD amount, dates, products; a duplicate code in any case", async () => {
    const issues = (fields: FormFields) => {
      const r = discountFormSchema.safeParse({ code: "GOOD-1", title: "T", kind: "percentage", percentOff: "10", ...fields });
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(issues({ code: "ab" })).toEqual({ code: "Use 3 to 32 letters, digits or hyphens" });
    expect(issues({ code: "SPRING 10" })).toEqual({ code: "Use 3 to 32 letters, digits or hyphens" });
    expect(issues({ code: "X".repeat(33) })).toEqual({ code: "Use 3 to 32 letters, digits or hyphens" });
    expect(issues({ percentOff: "101" })).toEqual({ percentOff: "Enter a whole percentage from 1 to 100" });
    expect(issues({ percentOff: "0" })).toEqual({ percentOff: "Enter a whole percentage from 1 to 100" });
    expect(issues({ kind: "fixed", amounts: { GBP: "5" } })).toEqual({ "amounts.USD": "Enter the amount in USD; other currencies are converted unless you set them" });
    expect(issues({ kind: "fixed", amounts: { USD: "-5" } })).toEqual({ "amounts.USD": "Enter the amount in USD like 12.50, or leave it empty" });
    expect(issues({ startsAt: "2026-12-02T00:00", endsAt: "2026-12-01T00:00" })).toEqual({ endsAt: "The end must be after the start" });
    expect(issues({ usageLimit: "0" })).toEqual({ usageLimit: "Enter a whole number of uses from 1, or leave it empty" });
    expect(issues({ appliesTo: "products" })).toEqual({ productIds: "Choose at least one product, or apply it to all products" });
    expect(issues({ kind: "bogus" })).toEqual({ kind: "Choose what the code gives" });

    await createCode({ code: "Twin-Code" });
    const dup = await createCode({ code: "twin-code" }).catch((e: unknown) => e);
    expect(dup).toBeInstanceOf(DiscountSaveError);
    expect((dup as DiscountSaveError).fieldErrors).toEqual({ code: "A discount with this code already exists" });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entity, "discount"));
    expect(audit.some((a) => a.action === "create" && (a.data as { code: string }).code === "TWIN-CODE")).toBe(true);
  });

  it("the editor offers the currencies and zones of the markets enabled in the settings; a code keeps what it already uses", async () => {
    const seeded = await discountEditorChoices();
    expect(seeded.currencies).toEqual(["USD", "GBP", "EUR"]);
    expect(seeded.zones.map((z) => z.id)).toEqual(DEFAULT_PRICING_SETTINGS.markets.filter((m) => m.enabled).map((m) => m.id));

    // The merchant turns the EU market off: euros and its zone are no longer offered for new codes.
    await db().update(marketsTable).set({ enabled: false }).where(eq(marketsTable.id, "eu"));
    invalidateCatalog();
    try {
      const choices = await discountEditorChoices();
      expect(choices.currencies).toEqual(["USD", "GBP"]);
      expect(choices.zones.map((z) => z.id)).not.toContain("eu");
      // A code made before still shows its euro amount and its EU zone, so saving it keeps them.
      const old = { amounts: { USD: 1000, EUR: 900 }, minSubtotals: {}, freeShippingMarkets: ["eu"] };
      const kept = await discountEditorChoices(old);
      expect(kept.currencies).toEqual(["USD", "GBP", "EUR"]);
      expect(kept.zones.map((z) => z.id)).toContain("eu");
    } finally {
      await db().update(marketsTable).set({ enabled: true }).where(eq(marketsTable.id, "eu"));
      invalidateCatalog();
    }
  });

  it("one schema: the browser's form check, the action and saveDiscount refuse the same things with the same words", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ code: "sch-1", title: "Schema", kind: "fixed", "amounts.GBP": "£4.50", "minSubtotals.USD": "lots", usageLimit: "0" })) form.set(k, v);
    const parsed = parseDiscountForm(form);
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(messages).toEqual({
      "minSubtotals.USD": "Enter the minimum subtotal in USD like 12.50, or leave it empty",
      usageLimit: "Enter a whole number of uses from 1, or leave it empty",
      "amounts.USD": "Enter the amount in USD; other currencies are converted unless you set them",
    });
    // Only the chosen kind's fields are kept: a percentage typed before switching to Fixed is dropped.
    form.set("minSubtotals.USD", "");
    form.set("usageLimit", "");
    form.set("amounts.USD", "5");
    form.set("percentOff", "50");
    const ok = parseDiscountForm(form);
    expect(ok.success && ok.data).toMatchObject({ code: "SCH-1", kind: "fixed", percentOff: null, amounts: { USD: 500, GBP: 450 }, minSubtotals: {}, usageLimit: null });

    // A caller other than the editor is held to the same rules before anything is written.
    const bad = { ...(ok.success ? ok.data : ({} as never)), kind: "percentage" as const, percentOff: 150 };
    const refused = await saveDiscount(null, bad, actor).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DiscountSaveError);
    expect((refused as DiscountSaveError).fieldErrors).toEqual({ percentOff: "Enter a whole percentage from 1 to 100", amounts: "Only a fixed-amount code has amounts" });
    expect(await listDiscounts("SCH-1")).toEqual([]);
  });

  it("one use per customer by email: held or paid by that email refuses the code to it, not to others; a released hold gives it back", async () => {
    const saved = await createCode({ code: "ONCE", oncePerCustomer: "on" });
    const variant = await variantOf("r36s", "White");
    const { cartId } = await cartWith([{ variantId: variant.id, quantity: 1 }]);
    const order = await startCheckout({ cartId, userId: null, details: buyer(31) });
    await db().transaction((tx) =>
      holdDiscountUse(tx, {
        discountId: saved.id,
        code: "ONCE",
        label: "-10%",
        amountMinor: 500,
        freeShipping: false,
        currency: "USD",
        orderId: order.orderId,
        email: "Buyer31@Example.com",
        expiresAt: new Date(Date.now() + 30 * 60_000),
        market: market("us"),
        now: new Date(),
      }),
    );
    const cart = await lines([{ slug: "r36s", colour: "White", quantity: 1 }]);
    expect((await quote("ONCE", "us", cart, { email: "buyer31@example.com", now: new Date() })).refusal?.message).toBe(
      "ONCE has already been used with this email address.",
    );
    expect((await quote("ONCE", "us", cart, { email: "someone@example.com", now: new Date() })).refusal).toBeNull();
    // The cart (no email yet) is not refused.
    expect((await quote("ONCE", "us", cart, { now: new Date() })).refusal).toBeNull();

    await db().transaction((tx) => releaseDiscountUses(tx, [order.orderId]));
    expect((await quote("ONCE", "us", cart, { email: "buyer31@example.com", now: new Date() })).refusal).toBeNull();
    // Paid after its hold was released (a payment honoured late): counted again, and refused again.
    expect((await db().transaction((tx) => countOrderDiscount(tx, order.orderId)))?.countedNow).toBe(true);
    expect((await quote("ONCE", "us", cart, { email: "BUYER31@example.com", now: new Date() })).refusal?.message).toBe(
      "ONCE has already been used with this email address.",
    );
    expect((await getDiscount(saved.id))!.uses).toBe(1);
    // A used code is deactivated, not deleted.
    expect(await deleteDiscount(saved.id, actor)).toBe("deactivated");
    expect((await listDiscounts("once"))[0]).toMatchObject({ code: "ONCE", status: "deactivated", uses: 1 });
    const unused = await createCode({ code: "UNUSED" });
    expect(await deleteDiscount(unused.id, actor)).toBe("deleted");
    expect(await getDiscount(unused.id)).toBeNull();
    // Each change is in the audit log with who made it: the deactivation in place of a delete says so.
    const audit = await db().select().from(auditLog).where(inArray(auditLog.entityId, [saved.id, unused.id]));
    expect(audit.map((a) => [a.entityId, a.action, (a.data as { code: string }).code, a.actorEmail])).toEqual(
      expect.arrayContaining([
        [saved.id, "deactivate", "ONCE", actor.email],
        [unused.id, "create", "UNUSED", actor.email],
        [unused.id, "delete", "UNUSED", actor.email],
      ]),
    );
    expect(audit.filter((a) => a.entityId === saved.id && a.action === "delete")).toHaveLength(0);
  });

  it.skipIf(testDbKind !== "postgres")(
    "20 checkouts holding the last use of a code at once: exactly one hold, 19 told it has been used up (real PostgreSQL only)",
    async () => {
      const saved = await createCode({ code: "LASTONE", usageLimit: "1" });
      const variant = await variantOf("rg35xx-pro", "White");
      const orders = [];
      for (let i = 0; i < 20; i++) {
        const { cartId } = await cartWith([{ variantId: variant.id, quantity: 1 }]);
        orders.push(await startCheckout({ cartId, userId: null, details: buyer(200 + i) }));
      }
      const results = await Promise.allSettled(
        orders.map((o, i) =>
          db().transaction((tx) =>
            holdDiscountUse(tx, {
              discountId: saved.id,
              code: "LASTONE",
              label: "-10%",
              amountMinor: 800,
              freeShipping: false,
              currency: "USD",
              orderId: o.orderId,
              email: `buyer${200 + i}@example.com`,
              expiresAt: new Date(Date.now() + 30 * 60_000),
              market: market("us"),
              now: new Date(),
            }),
          ),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as DiscountRefusedError] : []));
      expect(refused).toHaveLength(19);
      for (const e of refused) expect(e.message).toBe("LASTONE has been used up.");
      expect((await listDiscounts("LASTONE"))[0]).toMatchObject({ status: "active", uses: 0 });
    },
  );
});

describe("discount codes in the back office: edits and (re)activation audited, the list's statuses", () => {
  useTestDatabase();
  useCatalogue();
  let adminCookie = "";
  let adminId = "";

  beforeAll(async () => {
    adminId = (await createAdmin({ email: "boss@example.com", password: "boss-password-1" })).id;
    const result = await signInAdmin(shopRequest("/admin-login", { method: "POST" }), { email: "boss@example.com", password: "boss-password-1" });
    if (result.kind !== "signed-in") throw new Error("admin sign-in failed");
    adminCookie = cookieHeaderFrom(result.cookies);
    await markTwoFactorEnrolled("boss@example.com");
  });

  /** A route's loader or action called as React Router would, a thrown redirect answered like a returned one. */
  async function route(fn: unknown, request: Request, params: Record<string, string> = {}) {
    const run = fn as (args: { request: Request; params: Record<string, string>; context: unknown }) => unknown;
    const result = await Promise.resolve()
      .then(() => run({ request, params, context: {} }))
      .catch((thrown: unknown) => thrown);
    if (result instanceof Response) return { status: result.status, body: undefined as unknown, headers: result.headers };
    const r = result as { data: unknown; init?: { status?: number } | null };
    return { status: r.init?.status ?? 200, body: r.data, headers: new Headers() };
  }
  const adminPost = (path: string, fields: Record<string, string>) =>
    new Request(`http://localhost:3000${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: adminCookie } });

  const auditOf = (id: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "discount"), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id));

  it("an edit saved from the editor changes the code and is audited field by field (before and after); Deactivate and Activate are audited", async () => {
    const saved = await createCode({ code: "EDITME", title: "Before", percentOff: "10", minSubtotals: { USD: "50" } });
    const form = {
      code: "edit-me-2",
      title: "After",
      kind: "fixed",
      "amounts.USD": "7.50",
      "amounts.GBP": "6",
      "minSubtotals.USD": "50",
      endsAt: "2099-12-01T09:00",
      timeZone: "Europe/London",
      usageLimit: "3",
      appliesTo: "all",
    };
    const edited = await route(editorAction, adminPost(`/admin/discounts/${saved.id}`, form), { id: saved.id });
    expect(edited).toMatchObject({ status: 302 });
    expect(edited.headers.get("Location")).toBe("/admin/discounts");
    expect(await getDiscount(saved.id)).toMatchObject({
      code: "EDIT-ME-2",
      title: "After",
      kind: "fixed",
      percentOff: null,
      amounts: { USD: 750, GBP: 600 },
      minSubtotals: { USD: 5000 },
      // 09:00 in London in December is 09:00 UTC.
      endsAt: new Date("2099-12-01T09:00:00Z"),
      usageLimit: 3,
      active: true,
    });

    // The same form again changes nothing, so it adds no entry.
    expect((await route(editorAction, adminPost(`/admin/discounts/${saved.id}`, form), { id: saved.id })).status).toBe(302);
    // A refused edit (a percentage out of range) writes nothing either.
    const refused = await route(editorAction, adminPost(`/admin/discounts/${saved.id}`, { ...form, kind: "percentage", percentOff: "150" }), { id: saved.id });
    expect(refused).toMatchObject({ status: 400, body: { fieldErrors: { percentOff: "Enter a whole percentage from 1 to 100" } } });
    expect((await getDiscount(saved.id))!.kind).toBe("fixed");

    for (const intent of ["deactivate", "activate"]) {
      expect(await route(listAction, adminPost("/admin/discounts", { intent, id: saved.id }))).toMatchObject({
        status: 200,
        body: { ok: true, message: intent === "activate" ? "Discount activated" : "Discount deactivated" },
      });
    }
    expect((await getDiscount(saved.id))!.active).toBe(true);

    const audit = await auditOf(saved.id);
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ["create", actor.email],
      ["update", "boss@example.com"],
      ["deactivate", "boss@example.com"],
      ["activate", "boss@example.com"],
    ]);
    expect(audit.slice(1).every((a) => a.actorId === adminId)).toBe(true);
    expect(audit[1].data).toEqual({
      code: "EDIT-ME-2",
      changes: {
        code: { from: "EDITME", to: "EDIT-ME-2" },
        title: { from: "Before", to: "After" },
        kind: { from: "percentage", to: "fixed" },
        percentOff: { from: 10, to: null },
        amounts: { from: {}, to: { GBP: 600, USD: 750 } },
        endsAt: { from: null, to: "2099-12-01T09:00:00.000Z" },
        usageLimit: { from: null, to: 3 },
      },
    });
    expect(audit[2].data).toEqual({ code: "EDIT-ME-2" });
    expect(audit[3].data).toEqual({ code: "EDIT-ME-2" });

    // Reactivated, the code applies again.
    const cart = await lines([{ slug: "r36pro", colour: "Blue", quantity: 1 }]);
    expect((await quote("edit-me-2", "us", cart, { now: new Date() })).quote!.discount).toMatchObject({ code: "EDIT-ME-2", amountMinor: 750 });
    // An edit of a code that is gone is told, not written.
    const gone = crypto.randomUUID();
    const missing = await saveDiscount(gone, (await getDiscount(saved.id))!, actor).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(DiscountNotFoundError);
    expect(await auditOf(gone)).toEqual([]);
  });

  it("the list says scheduled, active, expired, used up and deactivated, each as of the time asked, and its loader shows the same", async () => {
    const now = new Date();
    const hour = 3_600_000;
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 16);
    await createCode({ code: "ST-LATER", startsAt: at(2 * hour), endsAt: at(4 * hour) });
    await createCode({ code: "ST-NOW" });
    await createCode({ code: "ST-OVER", endsAt: at(-hour) });
    const off = await createCode({ code: "ST-OFF", endsAt: at(-hour) });
    await setDiscountActive(off.id, false, actor);
    const last = await createCode({ code: "ST-USED", usageLimit: "1" });
    // ST-USED's one use: a paid order.
    const variant = await variantOf("r36s", "White");
    const { cartId } = await cartWith([{ variantId: variant.id, quantity: 1 }]);
    const order = await startCheckout({ cartId, userId: null, details: buyer(90) });
    await db().transaction(async (tx) => {
      await holdDiscountUse(tx, {
        discountId: last.id,
        code: "ST-USED",
        label: "-10%",
        amountMinor: 500,
        freeShipping: false,
        currency: "USD",
        orderId: order.orderId,
        email: "buyer90@example.com",
        expiresAt: new Date(Date.now() + 30 * 60_000),
        market: market("us"),
        now: new Date(),
      });
      await countOrderDiscount(tx, order.orderId);
    });

    const statuses = async (when: Date) => Object.fromEntries((await listDiscounts("ST-", when)).map((d) => [d.code, d.status]));
    expect(await statuses(now)).toEqual({ "ST-LATER": "scheduled", "ST-NOW": "active", "ST-OVER": "expired", "ST-OFF": "deactivated", "ST-USED": "used up" });
    // Three hours on, the scheduled code has started; five hours on, it has ended.
    expect((await statuses(new Date(now.getTime() + 3 * hour)))["ST-LATER"]).toBe("active");
    expect((await statuses(new Date(now.getTime() + 5 * hour)))["ST-LATER"]).toBe("expired");
    expect((await listDiscounts("ST-USED", now))[0]).toMatchObject({ uses: 1, usageLimit: 1 });

    const page = await route(listLoader, new Request("http://localhost:3000/admin/discounts?q=st-", { headers: { Cookie: adminCookie } }));
    expect(page.status).toBe(200);
    const rows = (page.body as { q: string; discounts: { code: string; status: string }[] }).discounts;
    expect(Object.fromEntries(rows.map((d) => [d.code, d.status]))).toEqual({
      "ST-LATER": "scheduled",
      "ST-NOW": "active",
      "ST-OVER": "expired",
      "ST-OFF": "deactivated",
      "ST-USED": "used up",
    });
  });
});
