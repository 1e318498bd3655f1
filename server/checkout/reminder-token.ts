import crypto from "node:crypto";
import { config } from "../config";

/**
 * Signed single-purpose tokens for links in email (the abandoned checkout reminder): what they name,
 * what for and until when, with an HMAC of the three under the shop's secret. A token made for one
 * purpose never passes for another (the purpose is signed), so an unsubscribe link cannot restore a
 * cart. Nothing is stored: the link works on any device, and is refused once it has expired.
 */

export type TokenPurpose = "restore-cart" | "unsubscribe";

function mac(purpose: TokenPurpose, subject: string, expires: number): string {
  return crypto.createHmac("sha256", config().authSecret).update(`${purpose}\n${subject}\n${expires}`).digest("base64url");
}

/** A token for `subject`; `expiresAt` null: one that never expires (an unsubscribe link must keep working). */
export function signToken(purpose: TokenPurpose, subject: string, expiresAt: Date | null): string {
  const expires = expiresAt ? Math.floor(expiresAt.getTime() / 1000) : 0;
  return `${Buffer.from(subject).toString("base64url")}.${expires}.${mac(purpose, subject, expires)}`;
}

/** What the token names, or why it is refused. */
export function readToken(purpose: TokenPurpose, token: string, now = new Date()): { subject: string } | { refused: "invalid" | "expired" } {
  const parts = token.split(".");
  if (parts.length !== 3 || !/^\d{1,12}$/.test(parts[1])) return { refused: "invalid" };
  const subject = Buffer.from(parts[0], "base64url").toString();
  const expires = Number(parts[1]);
  const expected = Buffer.from(mac(purpose, subject, expires));
  const given = Buffer.from(parts[2]);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { refused: "invalid" };
  if (expires !== 0 && expires * 1000 < now.getTime()) return { refused: "expired" };
  return { subject };
}
