import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/**
 * Security headers on every response. Scripts run only from our origin or with this response's
 * nonce; frames only from YouTube/Vimeo embeds (blog videos); nobody may frame us.
 */
export function securityHeaders(publicUrl: string) {
  const https = publicUrl.startsWith("https://");
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
      "frame-ancestors 'none'",
      "form-action 'self' https://checkout.stripe.com",
      "base-uri 'self'",
      "object-src 'none'",
      ...(https ? ["upgrade-insecure-requests"] : []),
    ].join("; ");
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
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
