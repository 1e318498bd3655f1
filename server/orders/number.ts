import crypto from "node:crypto";

/** Letters and digits a customer can read out on the phone: no 0/O, 1/I/L. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/**
 * A human reference such as PR-260314-7KQ3M: the order's date and five random characters (29^5, about
 * 20 million a day). Uniqueness is enforced by the database; the caller retries on a clash.
 */
export function newOrderNumber(now = new Date()): string {
  const date = now.toISOString().slice(2, 10).replaceAll("-", "");
  let suffix = "";
  for (const byte of crypto.randomBytes(5)) suffix += ALPHABET[byte % ALPHABET.length];
  return `PR-${date}-${suffix}`;
}
