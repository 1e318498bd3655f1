/** The storefront search's shared rules (the header box, the results page and the server's matcher). */

export const SEARCH_PATH = "/search";
/** Longest query accepted; longer ones are cut, not refused (a pasted sentence still searches). */
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_PAGE_SIZE = 24;
/** More words than this add nothing but cost: the rest are ignored. */
const MAX_TERMS = 6;

/**
 * A query as the words the matcher compares: lower case, accents dropped, split on anything that is
 * not a letter or digit ("R36-Pro!" → ["r36", "pro"]). One-letter words are dropped when there are
 * longer ones (they match nearly everything).
 */
export function searchTerms(query: string): string[] {
  const words = query
    .slice(0, SEARCH_MAX_LENGTH)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const meaningful = words.some((w) => w.length > 1) ? words.filter((w) => w.length > 1) : words;
  return [...new Set(meaningful)].slice(0, MAX_TERMS);
}

export function searchHref(query: string): string {
  return `${SEARCH_PATH}?q=${encodeURIComponent(query)}`;
}

/**
 * Names shoppers write for the same system (each inner list: one system, its words as searchTerms
 * gives them). The search expands a query with them itself (searchAlternatives): a synonym
 * dictionary would be a file on the database server, which PGlite and managed PostgreSQL do not allow.
 */
const SYNONYMS: string[][] = [
  ["game boy", "gameboy"],
  ["game boy advance", "gameboy advance", "gba"],
  ["game boy color", "game boy colour", "gameboy color", "gbc"],
  ["playstation", "play station", "psx", "ps1", "psone"],
  ["playstation portable", "psp"],
  ["super nintendo", "snes", "super nes", "super famicom"],
  ["nes", "nintendo entertainment system", "famicom"],
  ["mega drive", "megadrive", "sega genesis", "genesis"],
  ["nintendo 64", "n64"],
  ["neo geo", "neogeo"],
  ["pc engine", "turbografx"],
];

const SYNONYM_PHRASES = SYNONYMS.flatMap((names) => names.map((name) => ({ words: name.split(" "), names })));

/**
 * The terms as groups of alternative phrases, every group required: a run of terms that names a
 * system in SYNONYMS becomes all its names (the longest run wins: "game boy advance" is the GBA, not
 * the Game Boy and "advance"), any other term stays itself. ["gameboy"] → [["game boy", "gameboy"]].
 */
export function searchAlternatives(terms: string[]): string[][] {
  const groups: string[][] = [];
  for (let i = 0; i < terms.length; ) {
    let best: { words: string[]; names: string[] } | undefined;
    for (const phrase of SYNONYM_PHRASES) {
      const fits = phrase.words.every((w, k) => terms[i + k] === w);
      if (fits && phrase.words.length > (best?.words.length ?? 0)) best = phrase;
    }
    groups.push(best?.names ?? [terms[i]]);
    i += best?.words.length ?? 1;
  }
  return groups;
}
