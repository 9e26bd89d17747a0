import { normalizeSearchText } from './search';

/**
 * Player names as fans write them. Some sources shout a name or its surname ("MOHAMED SALAH", "Virgil VAN DIJK":
 * football.json's `-full` line-ups); the screens show the squad's own spelling where the squad has the player, and
 * otherwise the name in normal case.
 */

/** Name particles written in lower case inside a name ("Virgil van Dijk", "Frenkie de Jong", "Rúben dos Santos"). */
const PARTICLES: ReadonlySet<string> = new Set([
  'van',
  'von',
  'der',
  'den',
  'de',
  'del',
  'della',
  'di',
  'da',
  'das',
  'do',
  'dos',
  'du',
  'la',
  'le',
  'ter',
  'ten',
]);

/** Whether a word is written in capitals only (at least two letters, none lower case: "SALAH", "O'SHEA"). */
function isShouted(word: string): boolean {
  const letters = word.replace(/[^\p{L}]/gu, '');
  return letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
}

/** "ALEXANDER-ARNOLD" → "Alexander-Arnold", "O'SHEA" → "O'Shea", "MCNEIL" → "McNeil". */
function capitalise(word: string): string {
  const lower = word.toLowerCase();
  const parts = lower.replace(/(^|[-'\u2019])(\p{L})/gu, (_all, before: string, letter: string) => before + letter.toUpperCase());
  return /^Mc\p{L}{2}/u.test(parts) ? `Mc${parts.charAt(2).toUpperCase()}${parts.slice(3)}` : parts;
}

/**
 * A name in normal case: each word written in capitals only is written as a name ("MOHAMED SALAH" → "Mohamed Salah"),
 * a particle inside the name in lower case ("Virgil VAN DIJK" → "Virgil van Dijk"); words already in mixed or lower
 * case are kept as the source wrote them ("Fer López", "Kevin De Bruyne").
 */
export function fanCase(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .map((word, i) => {
      if (!isShouted(word)) return word;
      const lower = word.toLowerCase();
      if (i > 0 && i < words.length - 1 && PARTICLES.has(lower)) return lower;
      return capitalise(word);
    })
    .join(' ');
}

/** A player of the squad a source's name may be. */
export interface SquadName {
  playerId: number;
  name: string;
  /** The name he is known by where it differs ("Rodri"). */
  knownAs?: string | null;
}

/**
 * The squad player a source's name means: the one whose name (or the name he is known by) is the same apart from
 * case, accents and punctuation ("MOHAMED SALAH" is Mohamed Salah; "Virgil VAN DIJK" Virgil van Dijk). Null when no
 * player, or more than one, has that name.
 */
export function squadPlayerNamed<T extends SquadName>(name: string, squad: readonly T[]): T | null {
  const wanted = normalizeSearchText(name);
  if (!wanted) return null;
  const found = squad.filter(
    (player) => normalizeSearchText(player.name) === wanted || (player.knownAs ? normalizeSearchText(player.knownAs) === wanted : false),
  );
  return found.length === 1 ? found[0]! : null;
}

/** A source's name as the screens show it: the squad player's (and his id) where the squad has him, else in normal case. */
export function fanName(name: string, squad: readonly SquadName[]): { playerId: number | null; name: string } {
  const player = squadPlayerNamed(name, squad);
  return player ? { playerId: player.playerId, name: player.name } : { playerId: null, name: fanCase(name) };
}
