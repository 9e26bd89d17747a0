import type { FixtureStats } from '@matchday/contracts';

/** "Statistics: football-data.co.uk · players: FPL", or where the result alone comes from; null when unknown. */
export function sourcesLine(stats: FixtureStats): string | null {
  const sources = stats.sources;
  if (!sources) return null;
  const parts = [
    sources.statistics.length > 0 ? `Statistics: ${sources.statistics.join(', ')}` : null,
    sources.players.length > 0 ? `players: ${sources.players.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  if (parts.length > 0) return parts.join(' · ');
  return sources.results.length > 0 ? `Result: ${sources.results.join(', ')}; no team statistics` : null;
}
