import crypto from "node:crypto";
import { WebhookSignatureError } from "./provider";

/**
 * Webhook signatures in Stripe's scheme: header `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * The timestamp is signed too, so an old delivery cannot be replayed beyond the tolerance.
 */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signPayload(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export function verifySignature(body: string, header: string | null, secret: string, now = Date.now()): void {
  if (!header) throw new WebhookSignatureError("Missing signature header");
  const parts = header.split(",").map((p) => p.trim().split("="));
  const timestamp = Number(parts.find(([k]) => k === "t")?.[1]);
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!Number.isInteger(timestamp) || signatures.length === 0) throw new WebhookSignatureError("Malformed signature header");
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, "hex");
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError("Signature does not match the payload");
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookSignatureError("Signature timestamp is too old");
}
