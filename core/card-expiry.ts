/**
 * A card's expiry as the test payment page takes it, the way Stripe's hosted page does: typed as
 * digits ("1230") it shows as "12 / 30" while typed, and the server reads "12 / 30", "12/30" and
 * "1230" alike (a page without JavaScript sends what was typed).
 */

/** The field's text after an edit: digits only, a slash after the month; a lone 2-9 is that month ("4" → "04 / "). */
export function formatExpiryInput(value: string, deleting: boolean): string {
  let digits = value.replace(/\D/g, "").slice(0, 4);
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  // Backspace over the separator removes it rather than putting it straight back.
  return digits.length === 2 && !deleting ? `${digits} / ` : digits;
}

/** Month (1-12) and full year from what was typed, or null when it is not a month and a two-digit year. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2})$/.exec(value.trim()) ?? /^(\d{2})(\d{2})$/.exec(value.replace(/\s/g, ""));
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}
