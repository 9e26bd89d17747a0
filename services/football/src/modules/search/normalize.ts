/**
 * Search text: what a name and a query are both reduced to before they are compared. Accents and case
 * are dropped ("Mbappé" -> "mbappe", "ATLÉTICO" -> "atletico"), letters without a decomposition are
 * spelled out ("Ødegaard" -> "odegaard", "Gündoğan" -> "gundogan"), hyphens count as spaces and
 * apostrophes vanish ("N'Golo" -> "ngolo"). Every other character, `%` and `_` included, stays as it
 * is: the search compares plain strings, so nothing in a query acts as a wildcard.
 */

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

/** Longest stored term (the column width); longer names are cut, which still matches every prefix of them. */
export const MAX_TERM_LENGTH = 120;

export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øßæœłđðþıħ]/g, (c) => SPELLED_OUT[c] ?? c)
    .replace(/['’‘`´]/g, '')
    .replace(/[\s\-‐–—]+/g, ' ')
    .trim();
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

/**
 * The exclusive upper bound of the terms that start with `prefix` under a binary (code point) order:
 * the prefix with its last character raised by one ("city" -> "citz"). Terms t with
 * prefix <= t < upper are exactly those beginning with prefix.
 */
export function prefixUpperBound(prefix: string): string {
  const chars = Array.from(prefix);
  const last = chars.pop();
  if (last === undefined) return '\u{10FFFF}';
  const code = last.codePointAt(0)!;
  if (code >= 0x10ffff) return `${prefix}\u{10FFFF}`;
  // no code point lies between the surrogates: after U+D7FF comes U+E000
  return chars.join('') + String.fromCodePoint(code + 1 === 0xd800 ? 0xe000 : code + 1);
}
