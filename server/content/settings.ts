import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { recordAudit, type Actor } from "@server/audit";
import { cachedCatalogRead, catalogChanged } from "@server/cache";
import { db, transaction } from "../db/client";
import type { StoreDetails } from "@core/settings-form";
import type { StoredImage } from "@core/images";
import { loadImages } from "@server/media";
import { settings } from "./schema";

/** Shop identity shown in the footer, contact page and policies; admins may change it. */
export const shopSettingsSchema = z.object({
  shopName: z.string().min(1),
  supportEmail: z.string().email(),
  phone: z.string().min(1),
  address: z.string().min(1),
  /** Printed on invoices and credit notes when set (empty: none). */
  vatNumber: z.string(),
  companyNumber: z.string(),
  partnerOfferUrl: z.string().url(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const DEFAULT_SETTINGS: ShopSettings = {
  shopName: "Pocket Retro",
  supportEmail: "support@pocketretro.example",
  // A number from Ofcom's range reserved for drama: it reaches nobody.
  phone: "+44 20 7946 0321",
  address: "14 Lantern Yard, Camden, London NW1 8QP, United Kingdom",
  vatNumber: "",
  companyNumber: "",
  partnerOfferUrl: "https://partner.pocketretro.example/offer",
};

async function load(): Promise<ShopSettings> {
  const rows = await db()
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.keys(DEFAULT_SETTINGS)));
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const r of rows) merged[r.key] = r.value;
  const parsed = shopSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

/**
 * Read once per process and dropped with the catalogue cache: a change made on any instance is
 * announced on the bus (saveStoreDetails), so every instance shows it on its next request.
 */
export function getShopSettings(): Promise<ShopSettings> {
  return cachedCatalogRead("shop-settings", load, { showsStock: false });
}

/** The shop's details every printed document shows (invoice, packing slip, credit note). */
export async function printedShopDetails() {
  const { shopName, supportEmail, phone, address, vatNumber, companyNumber } = await getShopSettings();
  return { shopName, supportEmail, phone, address, vatNumber, companyNumber };
}

/** The back office's store details (Settings): one transaction with the audit entry and the announcement. */
export async function saveStoreDetails(input: StoreDetails, actor: Actor): Promise<void> {
  const before = await load();
  const changed = (Object.keys(input) as (keyof StoreDetails)[]).filter((k) => before[k] !== input[k]);
  if (changed.length === 0) return;
  await transaction(async (tx) => {
    for (const key of changed) {
      await tx.insert(settings).values({ key, value: input[key] }).onConflictDoUpdate({ target: settings.key, set: { value: input[key] } });
    }
    await recordAudit(tx, {
      actor,
      action: "update",
      entity: "settings",
      entityId: "store",
      data: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: input[k] }])),
    });
    await catalogChanged(tx);
  });
}

/** The settings row naming the home page hero's media row (the seed draws the picture). */
export const HOME_HERO_SETTING = "homeHeroImage";

/** The home page's hero picture, or null when there is none; cached with the catalogue like the page around it. */
export function getHomeHeroImage(): Promise<StoredImage | null> {
  return cachedCatalogRead("home-hero", async () => {
    const [row] = await db().select().from(settings).where(eq(settings.key, HOME_HERO_SETTING));
    if (typeof row?.value !== "string") return null;
    return (await loadImages([row.value])).get(row.value) ?? null;
  });
}
