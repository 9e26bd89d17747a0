import type { ImportedMatch } from '../model';
import type { FixtureIndex, StoredFixture } from './fixtures';
import type { TeamResolver } from './teams';

/**
 * Meetings of a repeated pairing (ImportedMatch.repeatedPairing: a source that meets a home and away team more than
 * once in a league-season and only numbers the meetings in its file's order): they are found by pairing and
 * kick-off, never by the source's id.
 */

/**
 * A meeting of a repeated pairing (ImportedMatch.repeatedPairing) is the stored meeting of that pairing nearest its
 * kick-off, at most this far away (a kick-off moved by weeks is still found; Scotland's meetings at one ground are
 * further apart, and the nearest wins).
 */
export const PAIRING_WINDOW_MS = 60 * 24 * 3_600_000;

/**
 * The stored meetings of the repeated pairings among `matches` (those of unknown leagues left out), decided as a
 * whole so that the file's order does not matter: the closest (match, stored meeting) of a pairing within
 * PAIRING_WINDOW_MS are paired first, then the next closest of those left, and so on. A match left without one
 * is a new meeting.
 */
export async function meetingsOfPairings(
  index: FixtureIndex,
  teams: TeamResolver,
  matches: readonly ImportedMatch[],
  unknownLeagues: ReadonlySet<number>,
): Promise<Map<ImportedMatch, StoredFixture>> {
  const candidates: Array<{ match: ImportedMatch; fixture: StoredFixture; gap: number }> = [];
  for (const match of matches) {
    if (!match.repeatedPairing || unknownLeagues.has(match.leagueId)) continue;
    const home = await teams.resolve(match.home, match.source);
    const away = await teams.resolve(match.away, match.source);
    for (const fixture of index.meetings(match.leagueId, match.season, home, away)) {
      const gap = Math.abs(fixture.kickoffMs - match.kickoffAt.getTime());
      if (gap <= PAIRING_WINDOW_MS) candidates.push({ match, fixture, gap });
    }
  }
  candidates.sort((a, b) => a.gap - b.gap || a.fixture.id - b.fixture.id);
  const found = new Map<ImportedMatch, StoredFixture>();
  const taken = new Set<number>();
  for (const { match, fixture } of candidates) {
    if (found.has(match) || taken.has(fixture.id)) continue;
    found.set(match, fixture);
    taken.add(fixture.id);
  }
  return found;
}
