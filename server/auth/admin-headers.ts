import type { RequestHandler } from "express";

/** Admin pages are never indexed and never cached (browsers, proxies, CDNs). */
export const adminHeaders = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "no-store",
} as const;

function isAdminPath(path: string) {
  return path === "/admin" || path === "/admin-login" || path.startsWith("/admin/") || path.startsWith("/admin-login/");
}

/**
 * Express middleware: every answer under /admin and /admin-login carries adminHeaders, whatever
 * produced it (a page, a redirect, an error page, a resource route). They are added when the
 * headers are written, only where the route did not set them itself.
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
