import { isTieBreakRule, isZoneKind, seasonRules, type TieBreakRule, type Zone } from '@matchday/contracts';
import type { SeasonsRow } from '../../db/rows';

interface StoredZone {
  from: number;
  to: number;
  description: string;
  kind?: unknown;
}

function isStoredZone(value: unknown): value is StoredZone {
  const z = value as StoredZone;
  return (
    typeof value === 'object' && value !== null && Number.isInteger(z.from) && Number.isInteger(z.to) && typeof z.description === 'string'
  );
}

/**
 * Reads a season's zones JSON ([{from, to, description, kind}]); anything malformed is left out. A zone
 * stored without a kind takes the kind of the catalogue zone over the same places (`known`), else 'other'.
 */
export function parseZones(json: string | null | undefined, known: readonly Zone[] = []): Zone[] {
  if (!json) return [];
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(isStoredZone).map(({ from, to, description, kind }) => ({
    from,
    to,
    description,
    kind: isZoneKind(kind) ? kind : (known.find((z) => z.from === from && z.to === to)?.kind ?? 'other'),
  }));
}

/**
 * How a season's table is ordered and labelled: the season row's own rule and zones when it has them,
 * otherwise the league catalogue's (a source that did not fill the season row still gets the Indian
 * Super League's or La Liga's head-to-head rule and the Premier League's zones; any group stage breaks
 * ties head-to-head), otherwise points, goal difference, goals and no zones.
 */
export function tableRules(
  leagueId: number,
  season: number,
  row: Pick<SeasonsRow, 'format' | 'tiebreak' | 'zones'> | undefined,
  grouped: boolean,
): { rule: TieBreakRule; zones: Zone[] } {
  const known = seasonRules(leagueId, season, grouped);
  const zones = parseZones(row?.zones, known.zones);
  // 'points-gd-gf' is also the column's default, so it does not override what is known of a league.
  const stored = isTieBreakRule(row?.tiebreak) && row.tiebreak !== 'points-gd-gf' ? row.tiebreak : undefined;
  return { rule: stored ?? known.tiebreak, zones: zones.length > 0 ? zones : known.zones };
}
