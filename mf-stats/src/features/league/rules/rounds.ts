import type { Fixture } from '@matchday/contracts';

export interface RoundGroup {
  /** Stable key for the URL (?round=): the source's round name, or "matchday-N" for derived ones. */
  key: string;
  label: string;
  fixtures: Fixture[];
}

/** Fixtures without a round are cut into matchdays where the calendar has a gap of this much or more. */
const MATCHDAY_GAP_MS = 40 * 3_600_000;
/** A match counts as under way (not yet a past round) until this long after kick-off. */
const UNDER_WAY_MS = 3 * 3_600_000;

/** "Regular Season - 12" (API-Football, FPL) -> "Round 12"; other names as the source wrote them. */
export function roundLabel(round: string): string {
  const regular = /^regular season\s*-\s*(\d+)$/i.exec(round.trim());
  return regular ? `Round ${regular[1]}` : round.trim();
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/**
 * Fixtures grouped by round or matchday, rounds in calendar order (by their median kick-off, so that a
 * match postponed to months later does not move its round). Fixtures inside a round by kick-off.
 * Fixtures without a round (football-data.co.uk has none) form matchdays: runs of matches with no gap of
 * 40 hours or more between two kick-offs (a Friday-to-Monday weekend is one, a midweek round the next).
 */
export function groupByRound(fixtures: readonly Fixture[]): RoundGroup[] {
  const sorted = [...fixtures].sort((a, b) => Date.parse(a.eventDate) - Date.parse(b.eventDate) || a.id - b.id);
  const named = new Map<string, Fixture[]>();
  const unnamed: Fixture[][] = [];
  let last = -Infinity;
  for (const fixture of sorted) {
    const round = fixture.round?.trim();
    if (round) {
      const list = named.get(round) ?? [];
      list.push(fixture);
      named.set(round, list);
      continue;
    }
    const at = Date.parse(fixture.eventDate);
    if (unnamed.length === 0 || at - last >= MATCHDAY_GAP_MS) unnamed.push([]);
    unnamed[unnamed.length - 1]!.push(fixture);
    last = at;
  }
  const groups: Array<RoundGroup & { at: number }> = [
    ...[...named.entries()].map(([round, list]) => ({ key: round, label: roundLabel(round), fixtures: list })),
    ...unnamed.map((list, index) => ({ key: `matchday-${index + 1}`, label: `Matchday ${index + 1}`, fixtures: list })),
  ].map((group) => ({ ...group, at: median(group.fixtures.map((f) => Date.parse(f.eventDate))) }));
  groups.sort((a, b) => a.at - b.at);
  return groups.map(({ key, label, fixtures: list }) => ({ key, label, fixtures: list }));
}

export function isFinished(fixture: Fixture): boolean {
  return fixture.status === 'finished' && fixture.goalsHome !== null && fixture.goalsAway !== null;
}

/**
 * The round to open on: the one holding the next match still to be played (or under way), so that
 * during a weekend the weekend's round shows and between rounds the coming one; after the last match of
 * the season, the last round; before the first, the first.
 */
export function currentRoundIndex(groups: readonly RoundGroup[], now: Date = new Date()): number {
  if (groups.length === 0) return -1;
  let next: { index: number; at: number } | null = null;
  groups.forEach((group, index) => {
    for (const fixture of group.fixtures) {
      if (isFinished(fixture) || fixture.status === 'postponed') continue;
      const at = Date.parse(fixture.eventDate);
      if (at < now.getTime() - UNDER_WAY_MS) continue;
      if (!next || at < next.at) next = { index, at };
    }
  });
  return next === null ? groups.length - 1 : (next as { index: number }).index;
}

/** What the Matches tab says when it has no rounds to show; null when it has some. */
export interface MatchesNotice {
  title: string;
  message: string;
  /** Offer "Try again" (the fixtures could not be read: a network error or a failing server). */
  retry: boolean;
}

/**
 * The Matches tab's notice: a read that failed says so and offers a retry (it is not "no fixtures yet", which
 * would tell a fan offline that the season has none); a season read without a fixture is empty. Rounds already
 * read stay shown when a later look fails.
 */
export function matchesNotice(failed: boolean, groups: readonly RoundGroup[]): MatchesNotice | null {
  if (groups.length > 0) return null;
  if (failed) {
    return { title: 'Fixtures could not be loaded', message: 'Check your connection and try again.', retry: true };
  }
  return { title: 'No matches found', message: 'No fixtures or results for this season yet.', retry: false };
}
