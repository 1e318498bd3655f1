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
    const incoming = req.get("x-request-id");
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      // The path only: query strings may carry tokens (reset links, session ids).
      log.info(
        { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 },
        "request",
      );
    });
    runInRequest({ requestId, databaseUnavailable: false }, next);
  };
}
