import type { RequestHandler } from "express";

/** Admin pages are never indexed and never cached (browsers, proxies, CDNs). */
export const adminHeaders = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "no-store",
} as const;

const ADMIN_PREFIXES = ["/admin", "/admin-login", "/api/admin"];

export function isAdminPath(path: string) {
  return ADMIN_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/**
 * Express middleware, the one place admin answers get adminHeaders: every answer under /admin,
 * /admin-login and /api/admin (pages, redirects, error pages, resource routes, event streams),
 * whatever produced it. They are added when the headers are written, only where the route did not
 * set the header itself (the AI stream's Cache-Control adds no-transform).
 */
export const adminResponseHeaders: RequestHandler = (req, res, next) => {
  if (!isAdminPath(req.path)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    for (const [name, value] of Object.entries(adminHeaders)) if (!this.hasHeader(name)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
