import type { StoredSeason } from './repository';

/** What a run changed in a league-season: the stored season before and after it, and what the file listed. */
export interface SeasonDiff {
  /** Matches with a result now that had none before. */
  resultsAdded: number;
  /** Finished matches whose result is another now: "Liverpool v Bournemouth 4-2 → 4-3", in stored order. */
  changedResults: string[];
  /** Matches whose kick-off moved. */
  kickoffsMoved: number;
  /** Matches this source had before that the file no longer lists (their external ids). */
  missingUpstream: string[];
  /** Matches the file lists without a result whose stored result stays (labels). */
  resultsWithdrawn: string[];
}

/** A match as the file gives it: its external id, a label, and whether it carries a result. */
export interface ListedMatch {
  externalId: string;
  label: string;
  hasResult: boolean;
}

/**
 * The before/after comparison of a run (pure: the sync reads both seasons and reports this). A withdrawn result is
 * one the file no longer gives for a match that still has one stored: the store never removes a result, so it is
 * reported, not applied.
 */
export function diffSeason(before: StoredSeason, after: StoredSeason, listed: readonly ListedMatch[]): SeasonDiff {
  const diff: SeasonDiff = { resultsAdded: 0, changedResults: [], kickoffsMoved: 0, missingUpstream: [], resultsWithdrawn: [] };
  for (const [id, stored] of after.fixtures) {
    const old = before.fixtures.get(id);
    if (stored.goals && !old?.goals) diff.resultsAdded += 1;
    if (stored.goals && old?.goals && (stored.goals.home !== old.goals.home || stored.goals.away !== old.goals.away)) {
      diff.changedResults.push(`${stored.label} ${old.goals.home}-${old.goals.away} → ${stored.goals.home}-${stored.goals.away}`);
    }
    if (old && old.kickoffMs !== stored.kickoffMs) diff.kickoffsMoved += 1;
  }
  const inFile = new Set(listed.map((m) => m.externalId));
  diff.missingUpstream = [...before.linked.keys()].filter((id) => !inFile.has(id));
  diff.resultsWithdrawn = listed
    .filter((m) => !m.hasResult && after.fixtures.get(after.linked.get(m.externalId) ?? -1)?.goals)
    .map((m) => m.label);
  return diff;
}
