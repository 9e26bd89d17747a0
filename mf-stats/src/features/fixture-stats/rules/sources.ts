import type { FixtureStats } from '@matchday/contracts';

/**
 * "Statistics: football-data.co.uk · players: FPL"; where no source has team statistics, where the result comes from
 * ("Result: openfootball; no team statistics"), unless the players' source already names it ("Players: openfootball
 * (football.json)", a football.json match with its line-ups). Null when unknown.
 */
export function sourcesLine(stats: FixtureStats): string | null {
  const sources = stats.sources;
  if (!sources) return null;
  const results = sources.results.filter((name) => !sources.players.includes(name));
  const parts = [
    sources.statistics.length > 0
      ? `Statistics: ${sources.statistics.join(', ')}`
      : results.length > 0
        ? `Result: ${results.join(', ')}; no team statistics`
        : null,
    sources.players.length > 0 ? `players: ${sources.players.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  const line = parts.join(' · ');
  return line ? line.charAt(0).toUpperCase() + line.slice(1) : null;
}
