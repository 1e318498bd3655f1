import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { ServerBuild } from "react-router";
import { scrape } from "../metrics";
import { learnRoutes } from "./route-pattern";

const sameSecret = (a: string, b: string) => {
  const x = crypto.createHash("sha256").update(a).digest();
  const y = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

/**
 * GET /metrics (METRICS=on, ADR 020): the Prometheus exposition, only with `Authorization: Bearer
 * <METRICS_TOKEN>` (401 otherwise), never cached. Mounted ahead of the access log: a scrape every
 * few seconds is neither a logged nor a counted request. Also teaches the request counter the
 * route table, so requests are labelled by route pattern.
 */
export function metricsEndpoint(token: string, build: () => Promise<ServerBuild>) {
  build().then(learnRoutes, () => {});
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== "/metrics") return next();
    res.setHeader("Cache-Control", "no-store");
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (!given || !sameSecret(given, token)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return res.status(401).json({ ok: false, message: "This endpoint needs the metrics token." });
    }
    if (req.method !== "GET" && req.method !== "HEAD") return res.status(405).json({ ok: false, message: "Method not allowed" });
    try {
      const out = await scrape();
      if (!out) return res.status(503).json({ ok: false, message: "Metrics are starting." });
      res.type(out.contentType).send(out.body);
    } catch (err) {
      next(err);
    }
  };
}
