import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { log } from "../log";
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
    res.on("finish", () => logRequest(requestId, req.method, req.path, res.statusCode, started));
    runInRequest({ requestId, databaseUnavailable: false }, next);
  };
}

/** A proxy's request id when it looks like one, else a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/** The access-log line; the path only: query strings may carry tokens (reset links, session ids). */
export function logRequest(requestId: string, method: string, path: string, status: number, started: bigint) {
  log.info({ requestId, method, path, status, ms: Number(process.hrtime.bigint() - started) / 1e6 }, "request");
}
