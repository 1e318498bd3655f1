import "react-router";
import express from "express";
import { adminResponseHeaders } from "./http/admin-headers";
import { clientIpOf, setClientIp, trustProxySetting } from "./http/client-ip";
import { config } from "./config";
import { accessLog } from "./http/access-log";
import { bodyLimits } from "./http/body-limit";
import { readiness } from "./http/health";
import { serveMedia } from "./http/media";
import { metricsEndpoint } from "./http/metrics";
import { pageHandler } from "./http/page-handler";
import { databaseOutageStatus } from "./http/outage";
import { sameOriginWrites, securityHeaders } from "./http/security";
import { refuseStreamsOverCap } from "./realtime/sse";
import { startServices, stopServices } from "./startup";
import { mediaStore } from "./storage";
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
const serverBuild = () => import("virtual:react-router/server-build");
// Before the access log: scrapes are neither logged nor counted (ADR 020).
if (config().METRICS === "on") app.use(metricsEndpoint(config().METRICS_TOKEN!, serverBuild));
app.use(accessLog());
// Before anything reads a body: oversized ones are refused unread (server/http/body-limit.ts).
app.use(bodyLimits({ form: config().BODY_LIMIT_BYTES, webhook: config().WEBHOOK_BODY_LIMIT_BYTES, upload: uploadBodyLimit }));
app.use(securityHeaders(config().publicUrl));
app.use(sameOriginWrites(config().publicUrl));

// Media from the store (a local folder or a bucket, ADR 019), or a redirect to its public URL.
app.use("/media", serveMedia({ store: mediaStore, publicBaseUrl: config().MEDIA_PUBLIC_BASE_URL }));

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
  pageHandler(serverBuild, {
    marketOf: async (request) => (await shopperForRequest(request)).market.id,
  }),
);

export { startServices, stopServices };
export { serveCachedPage } from "./http/page-handler";
export { closeAllEventStreams } from "./realtime/sse";
export { log } from "./log";
