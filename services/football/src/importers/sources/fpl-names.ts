/**
 * The name fans know a player by, from the parts Fantasy Premier League gives: the legal first and second names
 * ("Carlos Henrique", "Casimiro") and the short name on its shirts (`web_name`: "Casemiro", "M.Salah",
 * "B.Fernandes", "Martinelli", "João Pedro"). What FotMob or a commentator would say:
 *
 * - a name that is not part of the legal one is the name fans use ("Casemiro", "Rodri", "Jorginho");
 * - an initial and a surname take the first given name ("M.Salah" is Mohamed Salah, "G.Jesus" Gabriel Jesus);
 * - a surname alone takes the first given name ("Martinelli" is Gabriel Martinelli, "Raya" David Raya);
 * - a given name alone, or one of the given names, stands alone when the legal name is longer than two words
 *   ("Gabriel" for Gabriel dos Santos Magalhães, "Evanilson"), else the legal name (Thomas Partey, not "Thomas");
 * - several words of the legal name are used as they are when they start with the first given name ("João Pedro",
 *   "João Cancelo"), else after it ("Van den Berg" is Sepp van den Berg);
 * - an initial after a name tells two players apart ("Ederson M." is Ederson), unless no legal name has it
 *   ("Diogo J.": the legal name);
 * - anything else (a spelling of the legal name, "Iling Jr") gives the legal name.
 *
 * Words of the legal name keep their legal spelling ("A. Garcia" is Andrés García). Where FPL's names do not carry the
 * name fans use at all, our own short list (KNOWN_AS) gives it.
 */
export function commonName(first: string | null | undefined, second: string | null | undefined, web: string | null | undefined): string {
  const given = words(first);
  const family = words(second);
  const legal = [...given, ...family];
  const legalName = legal.join(' ');
  const shirt = (web ?? '').trim().replace(/\s+/g, ' ');
  const known = KNOWN_AS[`${shirt}|${legalName}`];
  if (known) return known;
  if (legal.length === 0) return shirt;
  if (!shirt) return legalName;
  const firstGiven = legal[0]!;
  const fold = (word: string) =>
    word
      .toLowerCase()
      .replace(LETTER, (letter) => LETTERS[letter] ?? letter)
      .normalize('NFD')
      .replace(/\p{M}/gu, '');
  const folded = legal.map(fold);
  /** Where `phrase` (words) runs in the legal name, as legal words; undefined when it does not. */
  const inLegal = (phrase: string[]): string[] | undefined => {
    const wanted = phrase.map(fold);
    for (let at = 0; at + wanted.length <= folded.length; at += 1) {
      if (wanted.every((word, i) => folded[at + i] === word)) return legal.slice(at, at + wanted.length);
    }
    return undefined;
  };
  // "M.Salah", "A. Garcia", "D.D.Fofana": initials, then a surname
  const initialled = /^((?:\p{Lu}\.\s?)+)(\S.*)$/u.exec(shirt);
  if (initialled) {
    const initial = initialled[1]!.charAt(0);
    const surname = initialled[2]!.split(' ');
    const found = inLegal(surname);
    if (fold(firstGiven).charAt(0) !== fold(initial) || !found) return legalName;
    return [firstGiven, ...found].join(' ');
  }
  // "Ederson M.": an initial after the name tells two players apart; one that is no legal name's ("Diogo J.") says
  // the shirt name is not made of the legal one
  const shirtWords = shirt.split(' ');
  while (shirtWords.length > 1 && /^\p{Lu}\.$/u.test(shirtWords[shirtWords.length - 1]!)) {
    const initial = fold(shirtWords.pop()!.charAt(0));
    if (!folded.some((word) => word.startsWith(initial))) return legalName;
  }
  if (shirtWords.some((word) => word.endsWith('.'))) return legalName;
  const found = inLegal(shirtWords);
  if (!found) {
    // a name of its own ("Casemiro", "Jorginho"); several words that are not the legal ones are a spelling of it
    const anyLegal = shirtWords.some((word) => folded.some((legalWord) => legalWord.split('-').includes(fold(word))));
    return shirtWords.length === 1 && !anyLegal ? shirt : legalName;
  }
  if (found.join(' ') === legalName) return legalName;
  if (found.length > 1) return fold(found[0]!) === fold(firstGiven) ? found.join(' ') : [firstGiven, ...found].join(' ');
  const at = folded.indexOf(fold(found[0]!));
  if (at >= given.length) return [firstGiven, found[0]!].join(' ');
  // a given name alone: one of the later ones is a name of its own (Evanilson); the first is, when the family name is
  // more than one name (Gabriel dos Santos Magalhães; not Virgil van Dijk or Thomas Partey)
  const familyNames = family.filter((word) => !PARTICLES.has(fold(word)));
  return at > 0 || familyNames.length > 1 ? found[0]! : legalName;
}

/**
 * Players whose FPL names hold no name fans use (our own curated list, by shirt name and legal name): the shirt name
 * tells two players apart with an initial that is the name fans use, cut short ("Diogo J." beside "Jota Silva";
 * "Matheus N.", "Bruno G."). A player who is missing here is shown by his legal name, or by the initial's rule above.
 */
const KNOWN_AS: Readonly<Record<string, string>> = {
  'Diogo J.|Diogo Teixeira da Silva': 'Diogo Jota',
  'Matheus N.|Matheus Luiz Nunes': 'Matheus Nunes',
  'Bruno G.|Bruno Guimarães Rodriguez Moura': 'Bruno Guimarães',
};

/** Letters that do not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = { ß: 'ss', ł: 'l', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ı: 'i', '\u2019': "'" };
/** Built from the table's keys, not a literal: a character above U+00FF in a regular expression literal makes V8 keep the compiled bundle as a two-byte string (importers/names.ts). */
const LETTER = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** Words that join a family name rather than being one ("van Dijk", "dos Santos"). */
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'da',
  'das',
  'do',
  'dos',
  'di',
  'del',
  'della',
  'der',
  'den',
  'du',
  'le',
  'la',
  'ten',
  'ter',
  'e',
  'y',
  'bin',
  'al',
  'el',
  'mac',
  'st',
]);

function words(text: string | null | undefined): string[] {
  return (text ?? '').trim().split(/\s+/).filter(Boolean);
}
