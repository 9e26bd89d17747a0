/**
 * The search index's facts, shared by the side that writes it (importer store, demo seed) and the side
 * that reads it (modules/search): the table, its kinds, and what a name and a query are both reduced to.
 *
 * Search text: accents and case are dropped ("Mbappé" -> "mbappe", "ATLÉTICO" -> "atletico"), letters
 * without a decomposition are spelled out ("Ødegaard" -> "odegaard", "Gündoğan" -> "gundogan"), hyphens
 * count as spaces and apostrophes vanish ("N'Golo" -> "ngolo"). Every other character, `%` and `_`
 * included, stays as it is: the search compares plain strings, so nothing in a query acts as a wildcard.
 */

/**
 * One row per (kind, term, entity), term being a normalised name from one of its words on (see
 * searchTerms), read by prefix range, which the (kind, term) primary key answers.
 */
export const SEARCH_TABLE = 'search_terms';

export type SearchKind = 'team' | 'player' | 'league';

export interface SearchTermRow {
  kind: SearchKind;
  term: string;
  entity_id: number;
}

export interface NamedEntity {
  id: number;
  names: ReadonlyArray<string | null | undefined>;
}

const SPELLED_OUT: Record<string, string> = {
  ø: 'o',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
/**
 * The characters above U+00FF are written as escapes or built from the table's keys: one such character in a regular
 * expression literal made the compiled bundle's whole source a two-byte string in V8 (~0.3 MB per football process).
 */
const SPELLED_OUT_LETTER = new RegExp(`[${Object.keys(SPELLED_OUT).join('')}]`, 'g');

/** Longest stored term (the column width); longer names are cut, which still matches every prefix of them. */
export const MAX_TERM_LENGTH = 120;

export function normalizeSearchText(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(SPELLED_OUT_LETTER, (c) => SPELLED_OUT[c] ?? c)
      // ' ’ ‘ ` ´ are dropped; white space and - ‐ – — are word breaks
      .replace(/['\u2019\u2018`\u00b4]/g, '')
      .replace(/[\s\-\u2010\u2013\u2014]+/g, ' ')
      .trim()
  );
}

/**
 * The index terms of a name: the normalised name from each word on to its end, so that a query matches
 * when it is the beginning of any word of the name and of what follows ("city" and "manchester city"
 * both find Manchester City; "chester" does not).
 */
export function searchTerms(...names: Array<string | null | undefined>): string[] {
  const terms = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    const text = normalizeSearchText(name);
    if (!text) continue;
    for (let i = 0; i < text.length; i += 1) {
      if (i === 0 || text[i - 1] === ' ') terms.add(text.slice(i, i + MAX_TERM_LENGTH));
    }
  }
  return [...terms];
}

export function searchTermRows(kind: SearchKind, entities: readonly NamedEntity[]): SearchTermRow[] {
  return entities.flatMap(({ id, names }) => searchTerms(...names).map((term) => ({ kind, term, entity_id: id })));
}

/**
 * A player is found by his name as shown, by first and last name together ("Haaland" and "Erling Braut Haaland") and by
 * the name fans know him by where a source gives one ("Casemiro" for Carlos Henrique Casimiro).
 */
export function playerNames(player: {
  id: number;
  name: string;
  first_name?: string | null;
  last_name?: string | null;
  known_as?: string | null;
}): NamedEntity {
  const full = [player.first_name, player.last_name].filter(Boolean).join(' ');
  return { id: Number(player.id), names: [player.name, full, knownAsWords(player.known_as)] };
}

/**
 * A known-as name worth showing beside the name: null when each of its words is a word of the name, a word ending in
 * a dot standing for one that starts so ("M.Salah" adds nothing to Mohamed Salah, "Casemiro" does to Carlos Henrique
 * Casimiro).
 */
export function knownAsBeside(name: string, knownAs: string | null | undefined): string | null {
  if (!knownAs?.trim()) return null;
  const words = new Set(normalizeSearchText(name).split(' '));
  const adds = normalizeSearchText(knownAsWords(knownAs)!)
    .split(' ')
    .some((word) => (word.endsWith('.') ? ![...words].some((w) => w.startsWith(word.slice(0, -1))) : !words.has(word)));
  return adds ? knownAs.trim() : null;
}

/** A known-as name as words: FPL abbreviates a first name with a dot ("M.Salah" is found by "salah"). */
export function knownAsWords(knownAs: string | null | undefined): string | null {
  return knownAs ? knownAs.replace(/\./g, '. ').trim() : null;
}
