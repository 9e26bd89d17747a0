import { ZONE_COLOURS, type StandingRow, type ZoneKind } from '@matchday/contracts';

/**
 * Colours of the second, third ... zone of one kind in a table: the Indian Super League's semi-finals and play-offs
 * are both knockouts, and so are the Champions League's round of 16 and knockout play-offs, yet a fan must tell them
 * apart in the legend.
 */
const REPEAT_COLOURS = ['#d97706', '#0891b2', '#db2777'] as const;

/**
 * The colour of each zone of a table, by its description, in table order: the league catalogue's colour of its kind
 * (never its wording), or a colour of its own when an earlier zone of the table has the same kind.
 */
export function zoneColours(rows: ReadonlyArray<Pick<StandingRow, 'leagueDescription' | 'zoneKind'>>): Map<string, string> {
  const colours = new Map<string, string>();
  const perKind = new Map<ZoneKind, number>();
  for (const row of rows) {
    if (!row.leagueDescription || colours.has(row.leagueDescription)) continue;
    const kind = row.zoneKind ?? 'other';
    const earlier = perKind.get(kind) ?? 0;
    perKind.set(kind, earlier + 1);
    colours.set(row.leagueDescription, earlier === 0 ? ZONE_COLOURS[kind] : REPEAT_COLOURS[(earlier - 1) % REPEAT_COLOURS.length]!);
  }
  return colours;
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
