import { catalogueLeague, seasonName } from '@matchday/contracts';
import type { ImportBatch } from './cli';
import type { ImportedMatch } from './model';

/** A replay's replayed seasons and its history (a league's earlier seasons), its range and its label (replay.ts). */

/**
 * Each league's latest season among the collected matches: the season a replay replays. A league's earlier seasons
 * (the default replay's Premier League 2019-20 to 2023-24) are history: moved by the same shift, so that they stay
 * before the replay's today and their real dates read right, but written as the source has them, never held back,
 * and left out of the replay's first and last day and its label.
 */
export function replayedSeasons(batches: readonly ImportBatch[]): Map<number, number> {
  const latest = new Map<number, number>();
  for (const batch of batches) {
    if (batch.kind !== 'matches') continue;
    for (const match of batch.records)
      if (match.season > (latest.get(match.leagueId) ?? -Infinity)) latest.set(match.leagueId, match.season);
  }
  return latest;
}

/** Whether a match is of an earlier season than its league's replayed one (replayedSeasons). */
export function isHistory(match: Pick<ImportedMatch, 'leagueId' | 'season'>, replayed: ReadonlyMap<number, number>): boolean {
  return match.season < (replayed.get(match.leagueId) ?? match.season);
}

/** The replayed seasons' first and last kick-off among the collected matches (null when there are none). */
export function seasonRange(batches: readonly ImportBatch[]): { first: Date; last: Date } | null {
  const replayed = replayedSeasons(batches);
  let first = Infinity;
  let last = -Infinity;
  for (const batch of batches) {
    if (batch.kind !== 'matches') continue;
    for (const match of batch.records) {
      if (isHistory(match, replayed)) continue;
      const at = match.kickoffAt.getTime();
      if (at < first) first = at;
      if (at > last) last = at;
    }
  }
  return first === Infinity ? null : { first: new Date(first), last: new Date(last) };
}

/**
 * What a replay is of, in words: "Premier League 2024-25" for one competition; for several of one season the
 * season first, "2024-25 season: Premier League, Champions League, Indian Super League" (a screen too narrow for
 * it cuts the end, and the season stays).
 */
export function replayLabel(batches: readonly ImportBatch[]): string {
  const replayed = replayedSeasons(batches);
  const leagues = new Map<number, Set<number>>();
  for (const batch of batches) {
    if (batch.kind !== 'matches') continue;
    for (const match of batch.records) {
      if (isHistory(match, replayed)) continue;
      const seasons = leagues.get(match.leagueId) ?? new Set<number>();
      seasons.add(match.season);
      leagues.set(match.leagueId, seasons);
    }
  }
  const named = [...leagues].map(([leagueId, seasons]) => ({
    name: catalogueLeague(leagueId)?.displayName ?? `League ${leagueId}`,
    seasons: [...seasons].sort().map((year) => seasonName(year, leagueId)),
  }));
  if (named.length === 1) return `${named[0]!.name} ${named[0]!.seasons.join(', ')}`;
  const seasons = [...new Set(named.flatMap((league) => league.seasons))];
  if (seasons.length === 1) return `${seasons[0]} season: ${named.map((league) => league.name).join(', ')}`;
  return named.map((league) => `${league.name} ${league.seasons.join(', ')}`).join(', ');
}
