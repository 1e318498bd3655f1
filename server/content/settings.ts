import { inArray } from "drizzle-orm";
import { z } from "zod";
import { db } from "../db/client";
import { settings } from "./schema";

/** Shop identity shown in the footer, contact page and policies; admins may change it. */
export const shopSettingsSchema = z.object({
  shopName: z.string().min(1),
  supportEmail: z.string().email(),
  phone: z.string().min(1),
  address: z.string().min(1),
  partnerOfferUrl: z.string().url(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const DEFAULT_SETTINGS: ShopSettings = {
  shopName: "Pocket Retro",
  supportEmail: "support@pocketretro.example",
  // A number from Ofcom's range reserved for drama: it reaches nobody.
  phone: "+44 20 7946 0321",
  address: "14 Lantern Yard, Camden, London NW1 8QP, United Kingdom",
  partnerOfferUrl: "https://partner.pocketretro.example/offer",
};

let cache: Promise<ShopSettings> | undefined;

export function getShopSettings(): Promise<ShopSettings> {
  cache ??= (async () => {
    const rows = await db()
      .select()
      .from(settings)
      .where(inArray(settings.key, Object.keys(DEFAULT_SETTINGS)));
    const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
    for (const r of rows) merged[r.key] = r.value;
    const parsed = shopSettingsSchema.safeParse(merged);
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  })();
  cache.catch(() => (cache = undefined));
  return cache;
}

export function resetSettingsCache() {
  cache = undefined;
}
