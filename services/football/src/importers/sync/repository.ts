import { toDate, type Knex } from '@matchday/server';
import { curatedKeys, findCuratedClub } from '../aliases';
import { normalizeTeamName } from '../names';
import type { Score } from '../model';

/** The sync's reads of what is stored (its writes go through the store, importers/store, and state.ts). */

export interface StoredMatch {
  kickoffMs: number;
  /** The final score; null while unplayed. */
  goals: Score | null;
  /** "Liverpool v Bournemouth", the stored clubs' names. */
  label: string;
}

export interface StoredSeason {
  /** The league-season's fixtures by id. */
  fixtures: Map<number, StoredMatch>;
  /** Those a source has, by its external id. */
  linked: Map<string, number>;
  /** The clubs that play in it (team ids). */
  clubs: Set<number>;
}

const goalsOf = (home: unknown, away: unknown): Score | null =>
  home === null || home === undefined || away === null || away === undefined ? null : { home: Number(home), away: Number(away) };

/** A league-season's fixtures as stored, which of them `source` has, and its clubs. */
export async function storedSeason(db: Knex, source: string, leagueId: number, season: number): Promise<StoredSeason> {
  const rows = (await db('fixtures as f')
    .join('teams as h', 'h.id', 'f.home_team_id')
    .join('teams as a', 'a.id', 'f.away_team_id')
    .where({ 'f.league_id': leagueId, 'f.season': season })
    .select(
      'f.id',
      'f.kickoff_at',
      'f.home_goals',
      'f.away_goals',
      'f.home_team_id',
      'f.away_team_id',
      'h.name as home_name',
      'a.name as away_name',
    )) as Array<{
    id: number;
    kickoff_at: unknown;
    home_goals: unknown;
    away_goals: unknown;
    home_team_id: number;
    away_team_id: number;
    home_name: string;
    away_name: string;
  }>;
  const links = (await db('external_ids as e')
    .join('fixtures as f', 'f.id', 'e.entity_id')
    .where({ 'e.entity': 'fixture', 'e.source': source, 'f.league_id': leagueId, 'f.season': season })
    .select('e.external_id', 'e.entity_id')) as Array<{ external_id: string; entity_id: number }>;
  return {
    fixtures: new Map(
      rows.map((row) => [
        Number(row.id),
        {
          kickoffMs: toDate(row.kickoff_at)?.getTime() ?? 0,
          goals: goalsOf(row.home_goals, row.away_goals),
          label: `${row.home_name} v ${row.away_name}`,
        },
      ]),
    ),
    linked: new Map(links.map((link) => [link.external_id, Number(link.entity_id)])),
    clubs: new Set(rows.flatMap((row) => [Number(row.home_team_id), Number(row.away_team_id)])),
  };
}

/**
 * The stored team each spelling names, found as the store finds it (importers/store/teams.ts: its normalised alias,
 * a curated club's other spellings, the team's name), without writing; a spelling of no stored team is left out.
 */
export async function teamsBySpelling(db: Knex, spellings: readonly string[]): Promise<Map<string, number>> {
  const keysOf = new Map(
    spellings.map((spelling) => {
      const curated = findCuratedClub(spelling);
      return [
        spelling,
        { keys: [normalizeTeamName(spelling), ...(curated ? curatedKeys(curated) : [])], name: curated?.name ?? spelling.trim() },
      ];
    }),
  );
  const allKeys = [...new Set([...keysOf.values()].flatMap((entry) => entry.keys))].filter(Boolean);
  const names = [...new Set([...keysOf.values()].map((entry) => entry.name))];
  const aliases = new Map<string, number>();
  const byName = new Map<string, number>();
  // in slices: a driver's limit on bound values is never reached
  for (let i = 0; i < allKeys.length; i += 500) {
    const rows = (await db('team_aliases')
      .whereIn('alias', allKeys.slice(i, i + 500))
      .select('alias', 'team_id')) as Array<{ alias: string; team_id: number }>;
    for (const row of rows) aliases.set(row.alias, Number(row.team_id));
  }
  for (let i = 0; i < names.length; i += 500) {
    const rows = (await db('teams')
      .whereIn('name', names.slice(i, i + 500))
      .select('name', 'id')) as Array<{ name: string; id: number }>;
    for (const row of rows) byName.set(row.name, Number(row.id));
  }
  const found = new Map<string, number>();
  for (const [spelling, entry] of keysOf) {
    const id = entry.keys.map((key) => aliases.get(key)).find((value) => value !== undefined) ?? byName.get(entry.name);
    if (id !== undefined) found.set(spelling, id);
  }
  return found;
}
