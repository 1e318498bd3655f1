/**
 * The staff's order search (server/orders/filters.ts) compares text folded the same way on both
 * sides: accents off (Seán -> sean) and lower case. The stored side is orders.search_text, a column
 * PostgreSQL generates with translate() from the two strings below; the typed side goes through
 * foldForSearch, which uses the same two strings, so both fold exactly the same letters.
 */

/** Latin letters with accents (U+00C0 to U+024F) whose plain form is one ASCII letter, and those letters. */
function foldTable(): { from: string; to: string } {
  let from = "";
  let to = "";
  for (let code = 0xc0; code <= 0x24f; code++) {
    const letter = String.fromCodePoint(code);
    const plain = letter.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    if (/^[A-Za-z]$/.test(plain)) {
      from += letter;
      to += plain;
    }
  }
  return { from, to };
}

export const SEARCH_FOLD = foldTable();

const folds = new Map([...SEARCH_FOLD.from].map((c, i) => [c, SEARCH_FOLD.to[i]]));

/** As PostgreSQL folds orders.search_text: the accented letters replaced, then lower case. */
export function foldForSearch(text: string): string {
  return [...text].map((c) => folds.get(c) ?? c).join("").toLowerCase();
}
