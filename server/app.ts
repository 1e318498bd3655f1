import crypto from "node:crypto";
import "react-router";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { config } from "./config";
import { startServices, stopServices } from "./startup";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
  }
}

/**
 * The application as an Express app. It is the server build's entry (see vite.config.ts), so the
 * React Router routes and the code below share one module graph and one database connection.
 */
export const app = express();
app.disable("x-powered-by");

app.use("/media", express.static(config().mediaDir, {
  immutable: true,
  maxAge: "1y",
  index: false,
  setHeaders: (res) => res.setHeader("X-Content-Type-Options", "nosniff"),
}));

app.get("/healthz", (_req, res) => {
  res.json({ ok: true });
});

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    getLoadContext: (req) => ({ requestId: (req.headers["x-request-id"] as string) || crypto.randomUUID() }),
  }),
);

export { startServices, stopServices };
export { closeAllEventStreams } from "./realtime/sse";
