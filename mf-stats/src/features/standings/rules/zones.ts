import { ZONE_COLOURS, type StandingRow } from '@matchday/contracts';

/** Colour of a row's qualification zone: the league catalogue's colour of its kind (null outside a zone). */
export function zoneColour(row: Pick<StandingRow, 'leagueDescription' | 'zoneKind'>): string | null {
  if (!row.leagueDescription) return null;
  return ZONE_COLOURS[row.zoneKind ?? 'other'];
}

/** The zones of a table, in table order, each with its colour (for the legend). */
export function zonesOf(rows: readonly StandingRow[]): Array<{ description: string; colour: string }> {
  const seen = new Map<string, string>();
  for (const row of rows) {
    const colour = zoneColour(row);
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
