import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import { log } from "../log";
import { MEDIA_CACHE_CONTROL, isMediaKey, type ObjectStore } from "../storage";

/** Nothing served from /media may run, whatever it holds: no sniffing, no scripts, a sandbox, and a disposition that names it a file. */
function inertHeaders(res: Response) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Disposition", "inline");
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
}

const notFound = (res: Response) => res.status(404).type("text/plain").send("Not found");

/**
 * GET and HEAD /media/<key>: the object from the media store (ADR 019), cacheable for a year since a
 * key never changes its bytes; or, with a public base URL (a CDN in front of the bucket), a redirect
 * there. A key that is not in the store is a 404; a store out of reach a 503 that is not cached.
 */
export function serveMedia(opts: { store: () => ObjectStore; publicBaseUrl?: string }) {
  const base = opts.publicBaseUrl?.replace(/\/$/, "");
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = req.path.slice(1);
    if (!isMediaKey(key)) return notFound(res);
    if (base) {
      // The mapping from key to URL never changes either; a day keeps a moved CDN from being remembered for a year.
      res.setHeader("Cache-Control", "public, max-age=86400");
      return res.redirect(301, `${base}/${key}`);
    }
    try {
      const object = req.method === "HEAD" ? await opts.store().head(key).then((info) => info && { info, body: undefined }) : await opts.store().get(key);
      if (!object) return notFound(res);
      const { info } = object;
      inertHeaders(res);
      res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
      res.setHeader("Content-Type", info.contentType);
      if (info.etag) res.setHeader("ETag", info.etag);
      res.setHeader("Last-Modified", info.lastModified.toUTCString());
      if (req.fresh) {
        object.body?.destroy();
        return res.status(304).end();
      }
      res.setHeader("Content-Length", String(info.size));
      if (!object.body) return res.status(200).end();
      // A client that goes away mid-stream ends the read from the store too (pipeline destroys both).
      await pipeline(object.body, res).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ERR_STREAM_PREMATURE_CLOSE") log.warn({ err, key }, "media stream broke off");
      });
    } catch (err) {
      log.error({ err, key }, "media store unavailable");
      if (res.headersSent) return res.destroy();
      res.setHeader("Cache-Control", "no-store");
      res.status(503).type("text/plain").send("Media temporarily unavailable");
    }
  };
}
