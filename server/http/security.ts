import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * The Content-Security-Policy: scripts run only from our origin or when `scriptSources` allow them
 * (this response's nonce, or the hashes of a cached page's own inline scripts: ADR 014); images
 * only from this site; frames only from YouTube/Vimeo embeds (blog videos); nobody may frame us.
 */
export function contentSecurityPolicy(publicUrl: string, scriptSources: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(" "),
    "style-src 'self' 'unsafe-inline'",
    // Images come from this site only: editors' images are copied into the media library on save
    // (server/media/import-images.ts), so no page makes a reader's browser call on another site.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.stripe.com",
    "base-uri 'self'",
    "object-src 'none'",
    ...(publicUrl.startsWith("https://") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** The security headers every response carries besides the CSP. */
export function fixedSecurityHeaders(publicUrl: string): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()"],
    ["Cross-Origin-Opener-Policy", "same-origin-allow-popups"],
    ...(publicUrl.startsWith("https://") ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
}

/** Security headers on every response, with a fresh CSP nonce for the pages rendered for it. */
export function securityHeaders(publicUrl: string) {
  const fixed = fixedSecurityHeaders(publicUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(publicUrl, [`'nonce-${nonce}'`]));
    for (const [name, value] of fixed) res.setHeader(name, value);
    next();
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site state changes: a browser always sends Origin (and Sec-Fetch-Site) on a POST,
 * so a mismatch is a forged request. Requests without either header do not come from a browser
 * page and carry no ambient credentials worth forging. Payment webhooks are exempt: their
 * signatures are the control.
 */
export function sameOriginWrites(publicUrl: string) {
  const allowed = new Set([new URL(publicUrl).origin]);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith("/api/webhooks/")) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    // PUBLIC_URL only: the request's own Host is the client's to choose (DNS rebinding).
    const originOk = !origin || allowed.has(origin);
    const siteOk = !site || site === "same-origin" || site === "none";
    if (originOk && siteOk) return next();
    res.status(403).type("text/plain").send("Cross-site request refused.");
  };
}
