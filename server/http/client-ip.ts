import type { Request, RequestHandler } from "express";

/** The header better-auth's rate limiter reads the client's address from (see auth.ts). */
export const CLIENT_IP_HEADER = "x-shop-client-ip";

/**
 * Express middleware: replaces any client-sent value of CLIENT_IP_HEADER with the address
 * Express resolved (the socket, or the proxy chain when TRUST_PROXY says whom to trust), so a
 * client cannot pick its own rate-limit bucket.
 */
export const setClientIp: RequestHandler = (req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "";
  next();
};

/** The client's address as every per-client limit keys it (the load context's `clientIp`). */
export function clientIpOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** TRUST_PROXY as Express's `trust proxy` setting: "true", a hop count, or addresses/subnets. */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
