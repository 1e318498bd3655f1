/**
 * A customer is everyone who paid for an order or registered, known by their email (lower case):
 * guests have no account id. Their page's URL carries the email as base64url (/admin/customers/:key),
 * so a key is decoded without a lookup and the address does not sit in the URL as plain text.
 */
export function customerKey(email: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(email.trim().toLowerCase())) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The email a key stands for, or null for anything that is not a key of an email. */
export function emailOfCustomerKey(key: string): string | null {
  if (!/^[A-Za-z0-9_-]{4,400}$/.test(key)) return null;
  try {
    const binary = atob(key.replaceAll("-", "+").replaceAll("_", "/"));
    const email = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) && email === email.toLowerCase() ? email : null;
  } catch {
    return null;
  }
}
