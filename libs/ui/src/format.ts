import { catalogueColour } from '@matchday/contracts';

/**
 * The words of a name that hold a letter or a digit: "Brighton & Hove Albion" is Brighton, Hove, Albion (an "&" or a
 * dash standing alone is not a word to take a letter from: it drew "B&" on a badge).
 */
export function nameWords(name: string): string[] {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/** Two-letter initials of a team or player name ("Mumbai Mariners" -> "MM", "Goa" -> "GO", "Brighton & Hove Albion" -> "BH"). */
export function initials(name: string): string {
  const words = nameWords(name);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}

/** League colour: explicit colour, else the league catalogue's (by any of its names), else a stable hash-based hue. */
export function leagueColour(name: string, explicit?: string | null): string {
  if (explicit) return explicit;
  const named = catalogueColour(name);
  if (named) return named;
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 65% 40%)`;
}

/** Name particles that belong to the surname ("van Dijk", "dos Santos", "De Bruyne" keeps its capital and its own word). */
const PARTICLES = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'dos',
  'das',
  'da',
  'di',
  'del',
  'della',
  'du',
  'la',
  'le',
  'ten',
  'ter',
  'al',
  'el',
  'bin',
]);

/**
 * A player's name shortened as fans write it where room is short (a fantasy pitch): the first name's initial and the
 * surname, a particle kept with it ("Bruno Fernandes" -> "B. Fernandes", "Jan Paul van Hecke" -> "J. van Hecke",
 * "Mateus Gonçalo Espanha Fernandes" -> "M. Gonçalo"); a one-word name as it is ("Casemiro").
 */
export function shortPlayerName(name: string): string {
  const words = nameWords(name);
  if (words.length < 2) return name.trim();
  const particle = words.findIndex((word, i) => i > 0 && i < words.length - 1 && PARTICLES.has(word));
  const surname = particle > 0 ? `${words[particle]} ${words[particle + 1]}` : words[1]!;
  return `${[...words[0]!][0]!.toUpperCase()}. ${surname}`;
}
