import { diffSeason } from '../src/importers/sync/diff';
import type { StoredMatch, StoredSeason } from '../src/importers/sync/repository';

const KICK_OFF = Date.parse('2025-08-15T19:00:00Z');

function season(fixtures: Array<[id: number, externalId: string | null, match: StoredMatch]>): StoredSeason {
  return {
    fixtures: new Map(fixtures.map(([id, , match]) => [id, match])),
    linked: new Map(fixtures.filter(([, externalId]) => externalId !== null).map(([id, externalId]) => [externalId!, id])),
    clubs: new Set(),
  };
}

const match = (label: string, goals: StoredMatch['goals'], kickoffMs = KICK_OFF): StoredMatch => ({ label, goals, kickoffMs });

describe("the sync's before/after comparison of a league-season", () => {
  it('counts results added, lists changed results, counts moved kick-offs', () => {
    const before = season([
      [1, 'a', match('Liverpool v Bournemouth', { home: 4, away: 2 })],
      [2, 'b', match('Aston Villa v Newcastle United', null)],
      [3, 'c', match('Sunderland v West Ham United', null)],
    ]);
    const after = season([
      [1, 'a', match('Liverpool v Bournemouth', { home: 4, away: 3 })],
      [2, 'b', match('Aston Villa v Newcastle United', { home: 0, away: 0 })],
      [3, 'c', match('Sunderland v West Ham United', null, KICK_OFF + 86_400_000)],
    ]);
    const listed = [
      { externalId: 'a', label: 'Liverpool v Bournemouth', hasResult: true },
      { externalId: 'b', label: 'Aston Villa v Newcastle United', hasResult: true },
      { externalId: 'c', label: 'Sunderland v West Ham United', hasResult: false },
    ];
    expect(diffSeason(before, after, listed)).toEqual({
      resultsAdded: 1,
      changedResults: ['Liverpool v Bournemouth 4-2 → 4-3'],
      kickoffsMoved: 1,
      missingUpstream: [],
      resultsWithdrawn: [],
    });
  });

  it('reports a match the file no longer lists, and a result it no longer gives that stays stored', () => {
    const before = season([
      [1, 'a', match('Liverpool v Bournemouth', { home: 4, away: 2 })],
      [2, 'b', match('Chelsea v Crystal Palace', { home: 0, away: 0 })],
      [3, null, match('Leeds United v Everton', null)],
    ]);
    const after = before;
    const listed = [{ externalId: 'a', label: 'Liverpool v Bournemouth', hasResult: false }];
    const diff = diffSeason(before, after, listed);
    expect(diff.missingUpstream).toEqual(['b']);
    expect(diff.resultsWithdrawn).toEqual(['Liverpool v Bournemouth']);
    expect(diff.resultsAdded).toBe(0);
    expect(diff.changedResults).toEqual([]);
  });

  it('finds nothing when nothing changed, and takes a new match as new, not moved', () => {
    const before = season([[1, 'a', match('Liverpool v Bournemouth', { home: 4, away: 2 })]]);
    const after = season([
      [1, 'a', match('Liverpool v Bournemouth', { home: 4, away: 2 })],
      [2, 'b', match('Man City v Spurs', null, KICK_OFF + 7 * 86_400_000)],
    ]);
    const listed = [
      { externalId: 'a', label: 'Liverpool v Bournemouth', hasResult: true },
      { externalId: 'b', label: 'Man City v Spurs', hasResult: false },
    ];
    expect(diffSeason(before, after, listed)).toEqual({
      resultsAdded: 0,
      changedResults: [],
      kickoffsMoved: 0,
      missingUpstream: [],
      resultsWithdrawn: [],
    });
  });
});
