import crypto from "node:crypto";
import { config } from "../config";

/**
 * Cookies signed with HMAC-SHA256 under the app's secret (config().authSecret), httpOnly,
 * SameSite=Lax and Secure when the shop is served over https. A tampered value parses as null.
 *
 * The bytes are React Router's createCookie's (base64 of the JSON value, ".", the unpadded base64
 * signature; URI-encoded in the header), so cookies issued by either read the same
 * (tests/unit/signed-cookie.test.ts). Signed here with node:crypto at once: React Router signs and
 * verifies through WebCrypto, a key import and a thread-pool job each time, about 5 % of the shop's
 * CPU in a checkout (the cart, checkout and market cookies).
 */
export type SignedCookie = {
  readonly name: string;
  /** The value of the request's cookie: null when absent or tampered with, "" when empty. */
  parse(cookieHeader: string | null | undefined): Promise<unknown>;
  /** A Set-Cookie value; "" with `{ maxAge: 0 }` forgets the cookie. */
  serialize(value: unknown, options?: { maxAge?: number }): Promise<string>;
};

const cookies = new Map<string, SignedCookie>();

export function signedCookie(name: string, maxAgeSeconds: number): SignedCookie {
  let cookie = cookies.get(name);
  if (!cookie) {
    const c = config();
    cookie = createSignedCookie(name, { maxAgeSeconds, secret: c.authSecret, secure: c.publicUrl.startsWith("https:") });
    cookies.set(name, cookie);
  }
  return cookie;
}

const signature = (value: string, secret: string) => crypto.createHmac("sha256", secret).update(value).digest("base64").replace(/=+$/, "");

function unsign(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf(".");
  if (dot < 0) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(signature(value, secret));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? value : null;
}

function decodeData(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return {};
  }
}

/** The cookie package's reading of a value (what React Router parses with): quotes dropped, percent-decoded when it can be. */
function decodeHeaderValue(raw: string): string {
  const value = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function createSignedCookie(name: string, opts: { maxAgeSeconds: number; secret: string; secure: boolean }): SignedCookie {
  const attributes = (maxAge: number) => `; Max-Age=${maxAge}; Path=/; HttpOnly${opts.secure ? "; Secure" : ""}; SameSite=Lax`;
  return {
    name,
    async parse(cookieHeader) {
      const raw = readCookie(cookieHeader, name);
      if (raw === undefined) return null;
      const value = decodeHeaderValue(raw);
      if (value === "") return "";
      const unsigned = unsign(value, opts.secret);
      return unsigned === null ? null : decodeData(unsigned);
    },
    async serialize(value, options) {
      let encoded = "";
      if (value !== "") {
        const data = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
        encoded = encodeURIComponent(`${data}.${signature(data, opts.secret)}`);
      }
      return `${name}=${encoded}${attributes(Math.floor(options?.maxAge ?? opts.maxAgeSeconds))}`;
    },
  };
}

/** The signed string value of a cookie, or null when absent, tampered with or of another shape. */
export async function readSignedValue(cookie: SignedCookie, request: Request): Promise<string | null> {
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
