import { asc, eq } from "drizzle-orm";
import { recordAudit, type Actor } from "@server/audit";
import { catalogChanged } from "@server/cache";
import { db, transaction, type Tx } from "../db/client";
import { DomainError } from "../errors";
import { slugify } from "@core/text";
import type { MarketsInput, TaxRatesInput, ZoneInput } from "@core/settings-form";
import { markets, shippingMethods, taxRates } from "./schema";

/**
 * The back office's writes of the commerce settings (markets, a zone's shipping methods, tax rates).
 * Each save checks what needs the database (which markets exist, their currencies), writes in ONE
 * transaction with its audit entry, and announces a catalogue change: every instance drops its cached
 * settings after commit, so prices, shipping and the Shipping Policy follow on the next request.
 * The forms' own rules are in core/settings-form.ts; the tables' CHECKs back both.
 */

/** A refusal the form can show next to its fields (keys are field paths, "" for the form): 400. */
export class SettingsSaveError extends DomainError {
  readonly status = 400;
  constructor(fieldErrors: Record<string, string>) {
    super(Object.values(fieldErrors)[0] ?? "The settings could not be saved", { fieldErrors });
  }
}

/** The settings as stored (disabled rows included), for the editors; never cached. */
export async function settingsForEditor() {
  const [m, methods, rates] = await Promise.all([
    db().select().from(markets).orderBy(asc(markets.position), asc(markets.id)),
    db().select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id)),
    db().select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region)),
  ]);
  return { markets: m, shippingMethods: methods, taxRates: rates };
}

/** Every country a market delivers to: a tax rate anywhere else would never apply. */
export async function deliveryCountries(): Promise<string[]> {
  const rows = await db().select({ countries: markets.countries }).from(markets);
  return [...new Set(rows.flatMap((r) => r.countries))].sort();
}

async function settingsChanged(tx: Tx, actor: Actor, entityId: string, data: Record<string, unknown>) {
  await recordAudit(tx, { actor, action: "update", entity: "settings", entityId, data });
  await catalogChanged(tx);
}

/** Rate, rounding and enabled of every market in the form. */
export async function saveMarkets(input: MarketsInput, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    // Locked, so two admins saving at once cannot together disable every market.
    const stored = await tx.select().from(markets).orderBy(asc(markets.id)).for("update");
    const byId = new Map(stored.map((m) => [m.id, m]));
    const errors: Record<string, string> = {};
    input.markets.forEach((m, i) => {
      const market = byId.get(m.id);
      if (!market) errors[`markets.${i}.rate`] = "This market no longer exists. Reload the page.";
      // Base prices are US dollars: a dollar market converting at anything but 1 would re-price them.
      else if (market.currency === "USD" && m.rateMicros !== 1_000_000) errors[`markets.${i}.rate`] = "Prices are set in US dollars, so a USD market's rate is 1";
    });
    const enabled = new Map(stored.map((m) => [m.id, m.enabled]));
    for (const m of input.markets) enabled.set(m.id, m.enabled);
    if (![...enabled.values()].some(Boolean)) errors.markets = "Keep at least one market enabled: the shop cannot sell anywhere without one";
    if (Object.keys(errors).length) throw new SettingsSaveError(errors);

    const changes: Record<string, unknown>[] = [];
    for (const m of input.markets) {
      const before = byId.get(m.id)!;
      if (before.rateMicros === m.rateMicros && before.rounding === m.rounding && before.enabled === m.enabled) continue;
      await tx.update(markets).set({ rateMicros: m.rateMicros, rounding: m.rounding, enabled: m.enabled }).where(eq(markets.id, m.id));
      changes.push({ id: m.id, from: pick(before), to: pick(m) });
    }
    if (changes.length) await settingsChanged(tx, actor, "markets", { changes });
  });
}

const pick = (m: { rateMicros: number; rounding: string; enabled: boolean }) => ({ rateMicros: m.rateMicros, rounding: m.rounding, enabled: m.enabled });

/** A new method's id: the zone and the name ("uk-next-day"), made unique among every method. */
function newMethodId(marketId: string, name: string, taken: Set<string>): string {
  const base = `${marketId}-${slugify(name).slice(0, 40) || "method"}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * A zone's methods as the form lists them: rows with a stored id are updated, rows without one are
 * added, stored methods missing from the form are removed (orders keep their own copy of the method).
 */
export async function saveZone(input: ZoneInput, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    const [market] = await tx.select().from(markets).where(eq(markets.id, input.marketId)).for("update");
    if (!market) throw new SettingsSaveError({ "": "This shipping zone no longer exists. Reload the page." });
    const stored = await tx.select().from(shippingMethods).where(eq(shippingMethods.marketId, market.id));
    const storedIds = new Set(stored.map((m) => m.id));
    const errors: Record<string, string> = {};
    input.methods.forEach((m, i) => {
      if (m.id && !storedIds.has(m.id)) errors[`methods.${i}.name`] = "This method was removed meanwhile. Reload the page.";
    });
    if (market.enabled && !input.methods.some((m) => m.enabled)) {
      errors.methods = `Keep at least one method enabled: shoppers in ${market.name} could not check out`;
    }
    if (Object.keys(errors).length) throw new SettingsSaveError(errors);

    const taken = new Set((await tx.select({ id: shippingMethods.id }).from(shippingMethods)).map((r) => r.id));
    const kept: string[] = [];
    for (const m of input.methods) {
      const values = {
        name: m.name,
        priceMinor: m.price,
        freeFromMinor: m.freeFrom,
        minDays: m.minDays,
        maxDays: m.maxDays,
        sameDayCutoff: m.cutoff,
        position: m.position,
        enabled: m.enabled,
      };
      if (m.id && !kept.includes(m.id)) {
        await tx.update(shippingMethods).set(values).where(eq(shippingMethods.id, m.id));
        kept.push(m.id);
      } else {
        const id = newMethodId(market.id, m.name, taken);
        await tx.insert(shippingMethods).values({ ...values, id, marketId: market.id });
        kept.push(id);
      }
    }
    const removed = stored.filter((m) => !kept.includes(m.id));
    for (const m of removed) await tx.delete(shippingMethods).where(eq(shippingMethods.id, m.id));
    await settingsChanged(tx, actor, `shipping:${market.id}`, {
      methods: input.methods.map((m, i) => ({ id: kept[i], name: m.name, priceMinor: m.price, freeFromMinor: m.freeFrom, days: `${m.minDays}-${m.maxDays}`, enabled: m.enabled })),
      removed: removed.map((m) => m.id),
    });
  });
}

/** The whole tax table as the form lists it: rows replace the stored rates in one transaction. */
export async function saveTaxRates(input: TaxRatesInput, actor: Actor): Promise<void> {
  await transaction(async (tx) => {
    const before = await tx.select().from(taxRates).for("update");
    const key = (r: { country: string; region: string }) => (r.region ? `${r.country}-${r.region}` : r.country);
    const old = new Map(before.map((r) => [key(r), r]));
    const rows = input.rates.map((r) => ({ country: r.country, region: r.region, name: r.name, rateBps: r.rate, taxShipping: r.taxShipping }));
    await tx.delete(taxRates);
    if (rows.length) await tx.insert(taxRates).values(rows);
    const added = rows.filter((r) => !old.has(key(r))).map(key);
    const changed = rows
      .filter((r) => {
        const o = old.get(key(r));
        return o && (o.name !== r.name || o.rateBps !== r.rateBps || o.taxShipping !== r.taxShipping);
      })
      .map((r) => ({ rate: key(r), fromBps: old.get(key(r))!.rateBps, toBps: r.rateBps }));
    const kept = new Set(rows.map(key));
    const removed = before.filter((r) => !kept.has(key(r))).map(key);
    if (added.length || changed.length || removed.length) await settingsChanged(tx, actor, "tax_rates", { added, changed, removed });
  });
}
