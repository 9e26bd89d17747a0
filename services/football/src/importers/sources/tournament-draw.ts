import { seasonRules } from '@matchday/contracts';
import { computeTable, type TableMatch } from '../../domain/table';
import type { ImportedMatch } from '../model';

/**
 * The draw of a tournament's knockouts, completed from its results where the files leave it out, so that every
 * knockout match is stored with its number and the labels of its two places (the bracket, GET /api/bracket, reads
 * them; a replay stores them before the matches are played):
 * - 2026 writes both: `(73)` and `## 2A v 2B`. They are kept.
 * - The Euro writes the places (`# Winner Group A - Runner-up Group C`, `# Winner Match 39 - Winner Match 37`) but
 *   not the numbers: a match gets the number a later match names its winner (or loser) by.
 * - The World Cup 2022 writes neither: the numbers follow the group matches in kick-off order (49-64, FIFA's own),
 *   a first-round place is the team's finish in its group (`1A`, `2B`), a later one the match it came from (`W49`).
 */

/** The matches of one tournament (one league and season). */
export function completeDraw(matches: readonly ImportedMatch[]): void {
  const groupMatches = matches.filter((m) => m.stage === 'group');
  // stable: matches kicking off together keep the order of the files
  const knockouts = matches.filter((m) => m.stage === 'knockout').sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime());
  if (knockouts.length === 0) return;

  const previous = (match: ImportedMatch, team: string): ImportedMatch | undefined =>
    knockouts
      .filter((m) => m.kickoffAt < match.kickoffAt && (m.home.name === team || m.away.name === team))
      .reduce<ImportedMatch | undefined>((last, m) => (last && last.kickoffAt > m.kickoffAt ? last : m), undefined);

  // Numbers named by the places of later matches.
  for (const match of knockouts) {
    for (const [slot, team] of [
      [match.homeSlot, match.home.name],
      [match.awaySlot, match.away.name],
    ] as const) {
      const named = slot ? /^[WL](\d+)$/.exec(slot) : null;
      const from = named ? previous(match, team) : undefined;
      if (from && (from.matchNumber ?? null) === null) from.matchNumber = Number(named![1]);
    }
  }
  const used = new Set(knockouts.flatMap((m) => (m.matchNumber ? [m.matchNumber] : [])));
  let next = groupMatches.length;
  for (const match of knockouts) {
    if (match.matchNumber) continue;
    do next += 1;
    while (used.has(next));
    match.matchNumber = next;
    used.add(next);
  }

  const finishes = groupFinishes(groupMatches);
  for (const match of knockouts) {
    if (!match.homeSlot) match.homeSlot = placeOf(match, match.home.name);
    if (!match.awaySlot) match.awaySlot = placeOf(match, match.away.name);
  }

  function placeOf(match: ImportedMatch, team: string): string | null {
    const from = previous(match, team);
    if (from) return `${winnerOf(from) === team ? 'W' : 'L'}${from.matchNumber}`;
    return finishes.get(team) ?? null;
  }
}

/** The name of the team that went through (after extra time and penalties), or null for an unplayed or level match. */
export function winnerOf(match: ImportedMatch): string | null {
  const score = match.penalties ?? match.extraTime ?? match.goals;
  if (!score || score.home === score.away) return null;
  return score.home > score.away ? match.home.name : match.away.name;
}

/** Each team's finish in its group as a place label ("1A", "2B", "3C"), by the tournament's own tie-break rule. */
export function groupFinishes(groupMatches: readonly ImportedMatch[]): Map<string, string> {
  const first = groupMatches[0];
  if (!first) return new Map();
  const ids = new Map<string, number>();
  const idOf = (name: string) => ids.get(name) ?? ids.set(name, ids.size + 1).get(name)!;
  const groupOf = new Map<string, string>();
  const played: TableMatch[] = [];
  for (const m of groupMatches) {
    groupOf.set(m.home.name, m.group ?? '');
    groupOf.set(m.away.name, m.group ?? '');
    if (m.goals)
      played.push({
        homeTeamId: idOf(m.home.name),
        awayTeamId: idOf(m.away.name),
        homeGoals: m.goals.home,
        awayGoals: m.goals.away,
        kickoff: m.kickoffAt.getTime(),
        round: m.round ?? null,
      });
  }
  const teams = [...groupOf].map(([name, group]) => ({ teamId: idOf(name), name, group }));
  const { tiebreak } = seasonRules(first.leagueId, first.season, true);
  return new Map(computeTable(teams, played, tiebreak).map((row) => [row.name, `${row.rank}${row.group ?? ''}`]));
}
