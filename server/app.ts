import "react-router";
import express from "express";
import { adminResponseHeaders } from "./http/admin-headers";
import { clientIpOf, setClientIp, trustProxySetting } from "./http/client-ip";
import { config } from "./config";
import { accessLog } from "./http/access-log";
import { bodyLimits } from "./http/body-limit";
import { readiness } from "./http/health";
import { pageHandler } from "./http/page-handler";
import { databaseOutageStatus } from "./http/outage";
import { sameOriginWrites, securityHeaders } from "./http/security";
import { refuseStreamsOverCap } from "./realtime/sse";
import { startServices, stopServices } from "./startup";
import { uploadBodyLimit } from "@server/media";
import { shopperForRequest } from "@server/pricing";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    cspNonce: string;
    /** The client's address: the socket's, or the proxy chain's when TRUST_PROXY trusts it. */
    clientIp: string;
    /** The document carries its stylesheet inline (a first visit) rather than linking it (root.tsx). */
    inlineCss: boolean;
    /** A page every visitor shares (cached): its loaders must read nothing of the visitor's own (ADR 018). */
    sharedPage?: boolean;
  }
}

/**
 * The application as an Express app. It is the server build's entry (see vite.config.ts), so the
 * React Router routes and the code below share one module graph and one database connection.
 */
export const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustProxySetting(config().TRUST_PROXY));
app.use(accessLog());
// Before anything reads a body: oversized ones are refused unread (server/http/body-limit.ts).
app.use(bodyLimits({ form: config().BODY_LIMIT_BYTES, webhook: config().WEBHOOK_BODY_LIMIT_BYTES, upload: uploadBodyLimit }));
app.use(securityHeaders(config().publicUrl));
app.use(sameOriginWrites(config().publicUrl));

app.use("/media", express.static(config().mediaDir, {
  immutable: true,
  maxAge: "1y",
  index: false,
  // Uploads are only ever images re-encoded by sharp; even so, nothing served from here may run:
  // no sniffing, no scripts, a sandbox, and a disposition that names it a file.
  setHeaders: (res) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Disposition", "inline");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  },
}));

app.get("/healthz", (_req, res) => {
  res.json({ ok: true });
});
app.get("/readyz", async (_req, res) => {
  const r = await readiness();
  res.status(r.ok ? 200 : 503).json(r);
});

app.use(setClientIp);
app.use(refuseStreamsOverCap(clientIpOf));
app.use(adminResponseHeaders);
app.use(databaseOutageStatus());
// Pages, data requests and resource routes; anonymous storefront pages from the page cache.
app.use(
  pageHandler(() => import("virtual:react-router/server-build"), {
    marketOf: async (request) => (await shopperForRequest(request)).market.id,
  }),
);

export { startServices, stopServices };
export { serveCachedPage } from "./http/page-handler";
export { closeAllEventStreams } from "./realtime/sse";
export { log } from "./log";
