import { createCookie, type Cookie } from "react-router";
import { config } from "../config";

/**
 * Cookies signed with HMAC-SHA256 under the app's secret (config().authSecret), httpOnly,
 * SameSite=Lax and Secure when the shop is served over https. A tampered value parses as null.
 */
const cookies = new Map<string, Cookie>();

export function signedCookie(name: string, maxAgeSeconds: number): Cookie {
  let cookie = cookies.get(name);
  if (!cookie) {
    const c = config();
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure: c.publicUrl.startsWith("https:"),
      path: "/",
      maxAge: maxAgeSeconds,
      secrets: [c.authSecret],
    });
    cookies.set(name, cookie);
  }
  return cookie;
}

/** The signed string value of a cookie, or null when absent, tampered with or of another shape. */
export async function readSignedValue(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** One cookie's raw value (as sent, not decoded) from a Cookie header: the first of that name. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
