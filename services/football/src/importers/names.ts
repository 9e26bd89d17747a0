/**
 * Team-name normalisation: the key under which every spelling of a club is stored in `team_aliases`.
 * "Brighton & Hove Albion FC", "brighton and hove albion" and "Brighton & Hove Albion" all give
 * "brighton and hove albion"; "Nott'm Forest" gives "nottm forest"; "NorthEast Utd" gives "northeast united".
 */

/** Letters that Unicode decomposition does not split into a base letter and a mark. */
const LETTERS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };
/**
 * The characters above U+00FF are written as escapes or built from the table's keys: one such character in a regular
 * expression literal made the compiled bundle's whole source a two-byte string in V8 (~0.3 MB per football process).
 */
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** Words that mean the same thing in club names. */
const WORDS: Record<string, string> = { utd: 'united', '&': 'and', st: 'saint' };

/** Legal-form affixes dropped at either end: "FC Barcelona", "Arsenal FC", "AFC Bournemouth", "Real Madrid CF". */
const AFFIXES = new Set(['fc', 'afc', 'cf', 'sc']);

const normalized = new Map<string, string>();

export function normalizeTeamName(name: string): string {
  const cached = normalized.get(name);
  if (cached !== undefined) return cached;
  const key = computeTeamKey(name);
  if (normalized.size < 50_000) normalized.set(name, key);
  return key;
}

function computeTeamKey(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LETTER, (c) => LETTERS[c] ?? c)
    .replace(/&/g, ' & ')
    // Apostrophes and dots join ("Nott'm" -> "nottm", "St." -> "st"); other punctuation separates.
    // ' ’ ` .
    .replace(/['\u2019`.]/g, '')
    .replace(/[^a-z0-9&]+/g, ' ');
  const words = plain
    .split(' ')
    .filter(Boolean)
    .map((w) => WORDS[w] ?? w);
  while (words.length > 1 && AFFIXES.has(words[0]!)) words.shift();
  while (words.length > 1 && AFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** Player names compared across sources (same rules, no affixes). */
export function normalizePersonName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LETTER, (c) => LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
