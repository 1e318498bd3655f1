import { z } from "zod";
import { readSignedValue, signedCookie } from "../http/cookies";
import { MAX_GUEST_ITEMS } from "@core/wishlist";

/**
 * A guest's wishlist: the saved colours' variant ids, oldest first, in a signed cookie (a tampered
 * value reads as an empty list). Bounded by MAX_GUEST_ITEMS: 20 ids are about 1 KB once signed,
 * well inside a browser's 4 KB per cookie. The cookie is not one of the page cache's neutral
 * cookies (server/http/page-cache.ts), so a guest who saved something gets pages rendered for them.
 */
const GUEST_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const ids = z.array(z.uuid()).max(MAX_GUEST_ITEMS);

function guestCookie() {
  return signedCookie("wishlist", GUEST_COOKIE_MAX_AGE);
}

export async function readGuestWishlist(request: Request): Promise<string[]> {
  const value = await readSignedValue(guestCookie(), request);
  const parsed = ids.safeParse(value ? value.split(",") : []);
  return parsed.success ? [...new Set(parsed.data)] : [];
}

/** The Set-Cookie value holding these ids; an empty list forgets the cookie (the visitor is anonymous again). */
export function guestWishlistCookie(variantIds: string[]): Promise<string> {
  return variantIds.length === 0 ? guestCookie().serialize("", { maxAge: 0 }) : guestCookie().serialize(variantIds.join(","));
}
