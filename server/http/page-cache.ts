import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { startBus, subscribe } from "../realtime/bus";
import { readCookie } from "./cookies";

/**
 * Rendered storefront pages shared by every visitor (ADR 018), kept per process as pre-compressed bodies
 * (brotli, gzip and the plain bytes), keyed by market and path+query (the encoding is chosen from
 * the entry). Every catalogue, blog or settings change drops all of them on every instance: the
 * writer's process at commit, the others on the LISTEN/NOTIFY event (ADR 014). The request side
 * (who may get a cached page, CSP, headers) is server/http/page-handler.ts.
 */

export type Encoding = "br" | "gzip" | "identity";

export type CachedPage = {
  status: number;
  /** Only a 200 page without cookies is kept; anything else is answered once to whoever asked. */
  storable: boolean;
  /** The route's own response headers worth repeating (never Set-Cookie, Content-Length, Cache-Control). */
  headers: [string, string][];
  /** The CSP script-src sources of the page's own inline scripts: 'sha256-…' each. */
  scriptHashes: string[];
  /** The stored page's validator ("" for a page answered once and not kept). */
  etag: string;
  /** Compressed bodies only for a storable page (the others go through the compression middleware). */
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer };
  size: number;
};

/** Paths of pages that are the same for every visitor of a market (their own parts come after load). */
const CACHEABLE = [
  /^\/$/,
  /^\/products$/,
  /^\/collections\/[a-z0-9-]+$/,
  /^\/products\/[a-z0-9-]+$/,
  /^\/product$/,
  /^\/blog$/,
  /^\/blog\/[a-z0-9-]+$/,
  /^\/faq$/,
  /^\/(privacy-policy|refund-policy|terms-of-service|shipping-policy)$/,
];

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE.some((re) => re.test(pathname));
}

/**
 * Cookies that say nothing about who the visitor is: the chosen market (part of a shared page's key)
 * and the browser-only flags (the promo popup's "seen this visit", the cart badge's hint). Any other
 * cookie (session, cart, checkout, buy-now, better-auth's, one we do not know) makes the visitor a
 * returning one, whose personal pages link the stylesheet instead of inlining it.
 */
export const NEUTRAL_COOKIES = new Set(["market", "promo-seen", "cart-hint"]);

export function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((part) => part.slice(0, part.includes("=") ? part.indexOf("=") : undefined).trim())
    .filter(Boolean);
}

/**
 * The one cookie a shared page is rendered with, as a Cookie header ("" without it): the market,
 * which picks the prices. Every other cookie stays out of the render, so no visitor's session or
 * cart can reach a page that others get.
 */
export function marketCookieOf(header: string | undefined): string {
  const value = readCookie(header, "market");
  return value === undefined ? "" : `market=${value}`;
}

export function isAnonymous(headers: { cookie?: string; authorization?: string }): boolean {
  if (headers.authorization) return false;
  return cookieNames(headers.cookie).every((name) => NEUTRAL_COOKIES.has(name));
}

/** The best encoding we hold that the client accepts (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/**
 * CSP sources for the inline scripts the page's render marked with `marker` as its nonce (React
 * Router's and React's own), and the HTML with that marker removed. Only marked scripts are
 * hashed: an inline script that reached the page any other way (a stored XSS that got past the
 * sanitiser) carries no marker, gets no hash, and stays blocked, as it would under a nonce.
 * Works on the bytes: the page is never decoded to a string and encoded back (a few non-ASCII
 * characters make a 175 KB page a two-byte string; decoding, scanning and encoding it was about a
 * sixth of an uncached product page's render).
 */
export function hashMarkedScripts(page: Buffer | string, marker: string): { html: Buffer; hashes: string[] } {
  const bytes = typeof page === "string" ? Buffer.from(page, "utf8") : page;
  const attr = Buffer.from(` nonce="${marker}"`);
  const hashes = new Set<string>();
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(attr); at >= 0; at = bytes.indexOf(attr, from)) {
    kept.push(bytes.subarray(from, at));
    from = at + attr.length;
    if (!isScriptTagAt(bytes, bytes.lastIndexOf(LT, at))) continue;
    const open = bytes.indexOf(GT, from);
    const close = open < 0 ? -1 : bytes.indexOf(SCRIPT_END, open + 1);
    if (close < 0) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(bytes.subarray(open + 1, close)).digest("base64")}'`);
  }
  if (kept.length === 0) return { html: bytes, hashes: [] };
  kept.push(bytes.subarray(from));
  return { html: Buffer.concat(kept), hashes: [...hashes] };
}

const LT = 0x3c;
const GT = 0x3e;
// React writes tags in lower case; a marked script found any other way is left unhashed (blocked).
const SCRIPT_START = Buffer.from("<script");
const SCRIPT_END = Buffer.from("</script>");

/** Whether the tag opening at `at` is `<script` followed by whitespace or the tag's end. */
function isScriptTagAt(bytes: Buffer, at: number): boolean {
  if (at < 0 || !bytes.subarray(at, at + SCRIPT_START.length).equals(SCRIPT_START)) return false;
  const next = bytes[at + SCRIPT_START.length];
  return next === 0x20 || next === GT || next === 0x09 || next === 0x0a || next === 0x0d || next === 0x2f;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A rendered answer; a storable one compressed both ways, off the main thread (zlib's pool). */
export async function makePage(
  answer: { status: number; storable: boolean; html: Buffer | string; headers: [string, string][] },
  marker: string,
): Promise<CachedPage> {
  const { html: identity, hashes } = hashMarkedScripts(answer.html, marker);
  const base = { status: answer.status, storable: answer.storable, headers: answer.headers, scriptHashes: hashes };
  // Answered once, not kept: no validator to compute.
  if (!answer.storable) return { ...base, etag: "", bodies: { identity }, size: identity.length };
  const etag = crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27);
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        // 11 costs ~10x the time of 9 for 2-3 % fewer bytes; a page is compressed once per change.
        [zlib.constants.BROTLI_PARAM_QUALITY]: 10,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: 9 }),
  ]);
  return { ...base, etag, bodies: { identity, br, gzip: gz }, size: identity.length + br.length + gz.length };
}

/** At most this many bytes of pages per process (least recently used go first). */
const MAX_BYTES = 48 * 1024 * 1024;

const pages = new Map<string, CachedPage>();
/**
 * The market each (market cookie, Accept-Language) pair resolved to, so a cached page is found
 * without verifying the cookie's signature again. Dropped with the pages (markets are settings).
 */
const markets = new Map<string, string>();
const MAX_MARKET_MEMOS = 2000;
const rendering = new Map<string, Promise<CachedPage>>();
let bytes = 0;
/** Bumped on every drop: a render that began before it must not store what it read. */
let generation = 0;
let wired = false;

export function pageKey(marketId: string, pathAndQuery: string) {
  return `${marketId} ${pathAndQuery}`;
}

function marketMemoKey(headers: { cookie?: string; "accept-language"?: string }) {
  return `${readCookie(headers.cookie, "market") ?? ""}\n${headers["accept-language"] ?? ""}`;
}

export function rememberedMarket(headers: { cookie?: string; "accept-language"?: string }): string | undefined {
  return markets.get(marketMemoKey(headers));
}

export function rememberMarket(headers: { cookie?: string; "accept-language"?: string }, marketId: string) {
  if (markets.size >= MAX_MARKET_MEMOS) markets.clear();
  markets.set(marketMemoKey(headers), marketId);
}

/** Listens for the changes that drop the pages (once per process; the page handler calls it). */
export function startPageCache() {
  if (wired) return;
  wired = true;
  void startBus();
  subscribe((e) => {
    // "resync": events sent while this process was not listening are lost; trust nothing cached.
    if (e.type === "catalog" || e.type === "stock" || e.type === "post" || e.type === "resync") dropCachedPages();
  });
}

/** Forgets every page, and every render under way, of this process. */
export function dropCachedPages() {
  generation++;
  pages.clear();
  rendering.clear();
  markets.clear();
  bytes = 0;
}

export function cachedPage(key: string): CachedPage | undefined {
  const page = pages.get(key);
  if (page) {
    // Most recently used last: eviction takes the first.
    pages.delete(key);
    pages.set(key, page);
  }
  return page;
}

/**
 * The page for `key`, rendered once however many visitors ask at the same time. What is not
 * storable (not a 200 page, a cookie set) is answered to those visitors only; the next one renders
 * again.
 */
export function renderOnce(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
  let pending = rendering.get(key);
  if (!pending) {
    const startedIn = generation;
    pending = render().then(
      (page) => {
        if (rendering.get(key) === pending) rendering.delete(key);
        if (page.storable && generation === startedIn) store(key, page);
        return page;
      },
      (err: unknown) => {
        if (rendering.get(key) === pending) rendering.delete(key);
        throw err;
      },
    );
    rendering.set(key, pending);
  }
  return pending;
}

function store(key: string, page: CachedPage) {
  if (page.size > MAX_BYTES / 4) return;
  const old = pages.get(key);
  if (old) bytes -= old.size;
  pages.delete(key);
  pages.set(key, page);
  bytes += page.size;
  for (const [k, p] of pages) {
    if (bytes <= MAX_BYTES) break;
    pages.delete(k);
    bytes -= p.size;
  }
}

export function pageCacheStats() {
  return { pages: pages.size, bytes };
}
