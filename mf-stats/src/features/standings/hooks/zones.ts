import type { StandingRow } from '@matchday/contracts';

/** Colour of a qualification zone, from the league's description of the place. */
export function zoneColour(description: string | undefined | null): string | null {
  if (!description) return null;
  const text = description.toLowerCase();
  if (text.includes('relegation')) return '#dc2626';
  if (text.includes('champions league')) return '#2563eb';
  if (text.includes('europa league')) return '#ea580c';
  if (text.includes('conference')) return '#0d9488';
  if (
    text.includes('promotion') ||
    text.includes('play') ||
    text.includes('semi') ||
    text.includes('final') ||
    text.includes('next round')
  ) {
    return '#16a34a';
  }
  return '#7c3aed';
}

/** The zones of a table, in table order, each with its colour (for the legend). */
export function zonesOf(rows: readonly StandingRow[]): Array<{ description: string; colour: string }> {
  const seen = new Map<string, string>();
  for (const row of rows) {
    const colour = zoneColour(row.leagueDescription);
    if (row.leagueDescription && colour && !seen.has(row.leagueDescription)) seen.set(row.leagueDescription, colour);
  }
  return [...seen].map(([description, colour]) => ({ description, colour }));
}

/** Rows by group (cups), in rank order; one unnamed group for single tables. */
export function groupsOf(rows: readonly StandingRow[]): Array<{ name: string | null; rows: StandingRow[] }> {
  const groups = new Map<string | null, StandingRow[]>();
  for (const row of rows) {
    const list = groups.get(row.group) ?? [];
    list.push(row);
    groups.set(row.group, list);
  }
  return [...groups]
    .sort(([a], [b]) => (a ?? '').localeCompare(b ?? '', 'en', { numeric: true }))
    .map(([name, list]) => ({ name, rows: list.sort((x, y) => x.teamRank - y.teamRank) }));
}
