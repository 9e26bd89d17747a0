import { useEffect, useMemo } from 'react';
import type { Bracket } from '@matchday/contracts';
import { useLiveMatches, useNow, type LiveState } from '@matchday/ui/live';

/**
 * The bracket kept live: the live stream's matches, and the bracket read again (`refresh`) whenever one of its
 * matches moves on (a goal, a status); `now` ticks every 5 s while one of them is in the stream (the live clocks).
 */
export function useBracketLive(bracket: Bracket | null | undefined, refresh: () => unknown): { live: LiveState; now: number } {
  const live = useLiveMatches(true);
  const fixtureIds = useMemo(
    () =>
      new Set(
        (bracket?.rounds ?? []).flatMap((r) => r.ties.flatMap((t) => t.legs.flatMap((l) => (l.fixtureId === null ? [] : [l.fixtureId])))),
      ),
    [bracket],
  );
  const moved = [...live.matches.values()]
    .filter((entry) => fixtureIds.has(entry.match.fixtureId))
    .map((entry) => `${entry.match.fixtureId}:${entry.match.lastSeq}:${entry.match.status}`)
    .join(',');
  useEffect(() => {
    if (moved) void refresh();
  }, [moved, refresh]);
  const now = useNow(5000, moved !== '');
  return { live, now };
}
