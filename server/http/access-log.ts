import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { writeAccessLine } from "../log";
import { metrics, metricsStarted } from "../metrics";
import { routePatternOf } from "./route-pattern";
import { runInRequest } from "./request-context";

/**
 * A request id on every request (honoured from a proxy's X-Request-Id) and one access-log line. The
 * rest of the request runs inside its request context, so every line it logs carries the id.
 */
export function accessLog() {
  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFor(req.get("x-request-id"));
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => logRequest(requestId, req.method, req.path, res.statusCode, started, res.locals.pageCache));
    runInRequest({ requestId, databaseUnavailable: false }, next);
  };
}

/** A proxy's request id when it looks like one, else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * The access-log line; the path only: query strings may carry tokens (reset links, session ids).
 * With metrics on, the request is counted too, by route pattern, and a page-cache answer (its
 * X-Page-Cache header) as a hit or a miss, which the caller says: headers a stored page is written
 * with go to `writeHead` in a list, and `getHeader` does not read those back.
 */
export function logRequest(requestId: string, method: string, path: string, status: number, started: bigint, pageCache: unknown) {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  writeAccessLine({ requestId, method, path, status, ms });
  if (!metricsStarted()) return;
  metrics.request(routePatternOf(path), method, status, ms / 1000);
  if (pageCache === "hit" || pageCache === "miss") metrics.pageCache(pageCache);
}
