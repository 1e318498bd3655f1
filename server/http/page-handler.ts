import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { isAdminPath } from "./admin-headers";
import { clientIpOf } from "./client-ip";
import { config } from "../config";
import { log } from "../log";
import { logRequest, requestIdFor } from "./access-log";
import {
  cachedPage,
  isAnonymous,
  isCacheablePath,
  makePage,
  marketCookieOf,
  pageKey,
  preferredEncoding,
  rememberedMarket,
  rememberMarket,
  renderOnce,
  startPageCache,
  type CachedPage,
  type Encoding,
} from "./page-cache";
import { contentSecurityPolicy, fixedSecurityHeaders } from "./security";
import { writeBody } from "./write-body";

/**
 * React Router behind Express (in place of @react-router/express, whose adapter this follows), with
 * the page cache in front of it (ADR 014, ADR 018):
 * - a GET of a shared storefront page (page-cache.ts `isCacheablePath`) is answered from the cache of
 *   its market, or rendered once for it as for a visitor without session or cart, whoever asks: the
 *   page holds nothing personal (that comes from /api/personal after load), with
 *   `Cache-Control: public, s-maxage` so a CDN may keep it too;
 * - everything else is rendered for the request, `Cache-Control: private, no-store` unless the route
 *   says otherwise.
 */

/** What varies a shared page: the encoding, the market (from Accept-Language or the market cookie). */
const ANONYMOUS_VARY = "Accept-Encoding, Accept-Language, Cookie";

/** Response headers a cached page does not repeat: they are the request's own, or set here. */
const NOT_REPEATED = new Set(["set-cookie", "content-length", "content-encoding", "cache-control", "vary", "etag", "content-security-policy", "x-request-id"]);

type Handler = (request: Request, context: AppLoadContext) => Promise<Response>;

function loadContext(req: ExpressRequest, res: ExpressResponse, cspNonce: string, shared = false): AppLoadContext {
  // A shared page is a first visit's page (stylesheet inline); a personal one links the stylesheet
  // for a returning visitor, who has it cached.
  return { requestId: res.locals.requestId as string, cspNonce, clientIp: clientIpOf(req), inlineCss: shared || isAnonymous(req.headers), sharedPage: shared };
}

/** The request as React Router wants it (as @react-router/express builds it). */
function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find((p) => Number.isSafeInteger(p));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value) headers.set(key, value);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/**
 * The request a shared page is rendered from: only what the key holds (the path and query on the
 * public origin, the market's inputs: Accept-Language and the market cookie), so no visitor's
 * session, cart or other headers (Host, say) can shape a page that others will get.
 */
function sharedRequest(req: ExpressRequest): Request {
  const headers = new Headers({ Accept: "text/html" });
  if (req.headers["accept-language"]) headers.set("Accept-Language", req.headers["accept-language"]);
  const market = marketCookieOf(req.headers.cookie);
  if (market) headers.set("Cookie", market);
  return new Request(`${config().publicUrl}${req.originalUrl}`, { headers });
}

/** Sends React Router's answer; a header the route sets replaces the app's default of the same name. */
async function send(res: ExpressResponse, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers) if (key !== "set-cookie") res.setHeader(key, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) return void res.end();
  try {
    await writeBody(response.body, res);
  } catch (err) {
    if (!(res.destroyed || res.writableEnded)) throw err;
  }
}

/** Renders a shared page with a one-off marker as its nonce: the scripts carrying it get hashed. */
async function renderShared(handle: Handler, request: Request, context: AppLoadContext, store: boolean): Promise<CachedPage> {
  const marker = crypto.randomBytes(16).toString("hex");
  const response = await handle(request, { ...context, cspNonce: marker });
  // The bytes as rendered: decoding a page only to encode it again cost more than the scan for its scripts.
  const html = Buffer.from(await response.arrayBuffer());
  const setsCookie = response.headers.getSetCookie().length > 0;
  const storable =
    store && response.status === 200 && !setsCookie && /^text\/html/.test(response.headers.get("Content-Type") ?? "") && !/no-store|private/.test(response.headers.get("Cache-Control") ?? "");
  const headers: [string, string][] = [];
  for (const [key, value] of response.headers) if (!NOT_REPEATED.has(key)) headers.push([key, value]);
  for (const c of response.headers.getSetCookie()) headers.push(["set-cookie", c]);
  return makePage({ status: response.status, storable, html, headers }, marker);
}

/** A stored page's response headers, per encoding, built once (CSP from its script hashes). */
const headerSets = new WeakMap<CachedPage, Partial<Record<Encoding, string[]>>>();

function storedPageHeaders(page: CachedPage, encoding: Encoding): string[] {
  let sets = headerSets.get(page);
  if (!sets) headerSets.set(page, (sets = {}));
  let flat = sets[encoding];
  if (!flat) {
    const cfg = config();
    const body = page.bodies[encoding]!;
    const list: [string, string][] = [
      ...fixedSecurityHeaders(cfg.publicUrl),
      ["Content-Security-Policy", contentSecurityPolicy(cfg.publicUrl, page.scriptHashes)],
      ...page.headers,
      ["Cache-Control", `public, s-maxage=${cfg.PAGE_S_MAXAGE}, stale-while-revalidate=${cfg.PAGE_STALE_WHILE_REVALIDATE}`],
      ["Vary", ANONYMOUS_VARY],
      ["ETag", `"${page.etag}-${encoding}"`],
      ...(encoding === "identity" ? [] : [["Content-Encoding", encoding] as [string, string]]),
      ["Content-Length", String(body.length)],
    ];
    sets[encoding] = flat = list.flat();
  }
  return flat;
}

/** The encoding to send a stored page in: the best the client takes that the page holds. */
function encodingFor(page: CachedPage, acceptEncoding: string | undefined): Encoding {
  const e = preferredEncoding(acceptEncoding);
  return page.bodies[e] ? e : "identity";
}

/**
 * Writes a stored page (headers and all) on a bare Node response. X-Request-Id is the caller's: set
 * on the response already, or given here, which keeps Node's `writeHead` on its fast path (a header
 * set before it makes Node remove and append each of the page's headers again).
 */
function writeStoredPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: "hit" | "miss", requestId?: string): number {
  const encoding = encodingFor(page, req.headers["accept-encoding"]);
  const headers = storedPageHeaders(page, encoding);
  const ours = requestId === undefined ? ["X-Page-Cache", state] : ["X-Page-Cache", state, "X-Request-Id", requestId];
  const notModified = req.headers["if-none-match"]?.split(",").some((t) => t.trim() === `"${page.etag}-${encoding}"`);
  if (notModified) {
    // A 304 repeats the validators and caching headers, without a body or its length.
    res.writeHead(304, [...headers.slice(0, -2), ...ours]);
    res.end();
    return 304;
  }
  res.writeHead(200, [...headers, ...ours]);
  res.end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
  return 200;
}

function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: "hit" | "miss") {
  if (page.storable) {
    // Headers the app's middleware set (security, CSP with its nonce) are replaced by the stored set.
    for (const name of res.getHeaderNames()) if (name !== "x-request-id" && name !== "retry-after") res.removeHeader(name);
    // For the access log's metrics (access-log.ts): what writeHead was given is not read back.
    res.locals.pageCache = state;
    writeStoredPage(req, res, page, state);
    return;
  }
  res.status(page.status);
  const cookies = page.headers.filter(([k]) => k === "set-cookie").map(([, v]) => v);
  for (const [key, value] of page.headers) if (key !== "set-cookie") res.setHeader(key, value);
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(config().publicUrl, page.scriptHashes));
  res.setHeader("Cache-Control", "private, no-store");
  res.end(req.method === "HEAD" ? undefined : page.bodies.identity);
}

/** Whether this process keeps pages: not under `npm run dev` (its pages change with the code), not with PAGE_CACHE=off. */
const storing = () => config().NODE_ENV !== "development" && config().PAGE_CACHE === "on";

/**
 * The front door for hits, ahead of Express (scripts/serve.mjs): a stored page for a visitor whose
 * market this process has already resolved, written with its precomputed headers,
 * a request id and the access-log line. Answers false for anything else, which Express handles.
 */
export function serveCachedPage(req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || !storing()) return false;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  if (!isCacheablePath(path)) return false;
  const market = rememberedMarket(req.headers);
  const page = market === undefined ? undefined : cachedPage(pageKey(market, url));
  if (!page) return false;
  const started = process.hrtime.bigint();
  const header = req.headers["x-request-id"];
  const requestId = requestIdFor(Array.isArray(header) ? header[0] : header);
  const status = writeStoredPage(req, res, page, "hit", requestId);
  logRequest(requestId, req.method, path, status, started, "hit");
  return true;
}

/**
 * React Router derives its handler (createStaticHandler, flattening and ranking every route) on
 * each request when given the build as a function: in production the build never changes, so it is
 * resolved once and the derived handler kept (the product page profile had 10% of its time there).
 * Development keeps the function: its build changes with the code.
 */
function requestHandler(build: () => Promise<ServerBuild>): Handler {
  if (process.env.NODE_ENV !== "production") return createRequestHandler(build, process.env.NODE_ENV);
  const ready = build().then((b) => createRequestHandler(b, process.env.NODE_ENV));
  return async (request, context) => (await ready)(request, context);
}

/** What the page cache asks the shop: the market a request is priced in (part of the cached page's key). */
export type PageCacheHooks = { marketOf: (request: Request) => Promise<string> };

export function pageHandler(build: () => Promise<ServerBuild>, hooks: PageCacheHooks) {
  const handle: Handler = requestHandler(build);
  // `npm run dev` renders every request as before: its pages change with the code.
  const sharedPages = config().NODE_ENV !== "development";
  const store = storing();

  const personal = async (req: ExpressRequest, res: ExpressResponse) => {
    // Admin answers get their own `no-store` when written (server/http/admin-headers.ts).
    if (!res.hasHeader("Cache-Control") && !isAdminPath(req.path)) res.setHeader("Cache-Control", "private, no-store");
    await send(res, await handle(fetchRequest(req, res), loadContext(req, res, res.locals.cspNonce as string)));
  };

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const candidate = sharedPages && (req.method === "GET" || req.method === "HEAD") && isCacheablePath(req.path);
      if (!candidate) return await personal(req, res);
      const request = sharedRequest(req);
      let key: string;
      try {
        const market = await hooks.marketOf(request);
        if (store) rememberMarket(req.headers, market);
        key = pageKey(market, req.originalUrl);
      } catch (err) {
        // The market could not be told (the database out of reach): the page's own error handling answers.
        log.debug({ err }, "page cache skipped");
        return await personal(req, res);
      }
      const context = loadContext(req, res, "", true);
      // Listening starts with the first page, once the database is open (startServices).
      if (store) startPageCache();
      if (!store) return sendPage(req, res, await renderShared(handle, request, context, false), "miss");
      const hit = cachedPage(key);
      if (hit) return sendPage(req, res, hit, "hit");
      let mine = false;
      const page = await renderOnce(key, () => {
        mine = true;
        return renderShared(handle, request, context, true);
      });
      // A cookie set by someone else's render is not ours to receive.
      if (!mine && page.headers.some(([k]) => k === "set-cookie")) return await personal(req, res);
      sendPage(req, res, page, "miss");
    } catch (err) {
      next(err);
    }
  };
}
