import { nameWords } from '@matchday/ui';

/**
 * Standings shortcut (spec §9): the first letters of up to 3 words, or the first 3 letters of a
 * one-word name ("Northbridge United" -> "NU", "Goa" -> "GOA", "Brighton & Hove Albion" -> "BHA": words
 * as nameWords counts them). The fallback of teamShortLabels for clubs without a short name.
 */
export function standingsShortName(name: string): string {
  const words = nameWords(name);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((word) => word[0]!)
    .join('')
    .toUpperCase();
}

/** A team as a narrow column names it. */
export interface ShortLabelTeam {
  name: string;
  /** The source's short name or code (FPL MCI, API-Football ARS, StandingRow.teamShortName); null when none. */
  shortName?: string | null;
}

/**
 * Lengths in characters: a name shown whole (about what the team column of a 390 px table holds beside the
 * badge, ~65 px of bold text; the table cuts anything longer with an ellipsis rather than widen), and the
 * longest word or cut name offered.
 */
const WHOLE_MAX = 8;
const WORD_MAX = 10;
const NAME_MAX = 12;

/** Leading words that say what kind of club it is rather than which ("FC Douro", "AS Roma", "1. FC Köln", "VfB Stuttgart"). */
const CLUB_PREFIX = /^(?:\d+\.|A?FC|CF|AC|AS|SC|SS|SV|RC|RCD|CD|UD|SD|US|TSG|SK|FK|NK|BK|IF|Vf[BLR])$/;

/** First words that name no team alone ("South Korea", "New Zealand", "Real Betis"): the word after them is shown. */
const QUALIFIER = /^(?:North|Northern|South|East|West|New|Real|United|San|Santa|Saint|St\.?)$/i;

/** `text` cut to at most `max` characters, the last one an ellipsis when it was cut ("Wolverhampton" -> "Wolverham…"). */
export function shorten(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const kept = chars.slice(0, max - 1).join('');
  return `${kept.trimEnd()}…`;
}

/** What can stand for a team in a narrow column, best first; the full name last. */
function shortLabelCandidates(team: ShortLabelTeam): string[] {
  const name = team.name.trim();
  const words = name.split(/\s+/).filter(Boolean);
  let first = 0;
  while (first < words.length - 1 && CLUB_PREFIX.test(words[first]!)) first += 1;
  const distinctive = words.slice(first).filter((word) => /^\p{L}/u.test(word));
  const [head, next] = distinctive;
  const word = head && next && QUALIFIER.test(head) ? next : head;
  return [
    ...new Set(
      [
        team.shortName?.trim() ?? '',
        // the spec's shortcut, for clubs no source gives a short name
        standingsShortName(name),
        // a short form of the name: the name itself when it fits ("FC Douro", "West Ham"), else its first
        // distinctive word ("Newcastle", "Fenwick", "Korea"), cut when long ("Wolverham…")
        [...name].length <= WHOLE_MAX ? name : '',
        words.length > 1 && word ? shorten(word, WORD_MAX) : '',
        // two clubs of one city ("Manchester City", "Manchester United"): a code in the FPL manner (MCI, MUN)
        head && next ? `${[...head][0]}${[...next].slice(0, 2).join('')}`.toUpperCase() : '',
        shorten(name, NAME_MAX),
        name,
      ].filter(Boolean),
    ),
  ];
}

/**
 * The text beside each team's badge in a narrow column (the standings table on a phone): the
 * source's short name (MCI, MUN), else the spec's shortcut (standingsShortName), else a short form of the
 * name. Never the text the badge itself shows (`badgeText`, the initials a badge without a logo draws:
 * "Fenwick County" is not "FC FC" but "FEN" or "Fenwick"), and no two teams of the list alike ("Manchester"
 * twice becomes "MCI" and "MUN"), falling back to the full name when nothing shorter is left.
 */
export function teamShortLabels(teams: readonly ShortLabelTeam[], badgeText: (name: string) => string | null): string[] {
  const options = teams.map((team) => {
    const badge = badgeText(team.name)?.trim().toUpperCase();
    const all = shortLabelCandidates(team);
    const usable = all.filter((label) => label.toUpperCase() !== badge);
    return usable.length > 0 ? usable : all.slice(-1);
  });
  const pick = options.map(() => 0);
  // Teams sharing a label all move on to their next candidate until every label differs or has run out.
  for (let moved = true; moved;) {
    moved = false;
    const byLabel = new Map<string, number[]>();
    options.forEach((list, i) => {
      const key = list[pick[i]!]!.toUpperCase();
      byLabel.set(key, [...(byLabel.get(key) ?? []), i]);
    });
    for (const same of byLabel.values()) {
      if (same.length < 2) continue;
      for (const i of same) {
        if (pick[i]! < options[i]!.length - 1) {
          pick[i] = pick[i]! + 1;
          moved = true;
        }
      }
    }
  }
  return options.map((list, i) => list[pick[i]!]!);
}

/** One team's label beside its badge (teamShortLabels for a single team, with nothing else to tell it from). */
export function teamShortLabel(team: ShortLabelTeam, badgeText: string | null): string {
  return teamShortLabels([team], () => badgeText)[0]!;
}

/** Standings highlight (spec §9): a team's name contains a highlighted name or vice versa, case-insensitive. */
export function isHighlighted(teamName: string, highlighted: readonly string[]): boolean {
  const team = teamName.toLowerCase();
  return highlighted.some((name) => {
    const other = name.trim().toLowerCase();
    return other.length > 0 && (team.includes(other) || other.includes(team));
  });
}
