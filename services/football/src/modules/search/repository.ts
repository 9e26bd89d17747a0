import type { Knex } from '@matchday/server';
import {
  nationFlag,
  SEARCH_PER_KIND,
  type SearchLeague,
  type SearchPlayer,
  type SearchResults,
  type SearchTeam,
} from '@matchday/contracts';
import { knownAsBeside, knownAsWords, normalizeSearchText, SEARCH_TABLE, type SearchKind } from '../../domain/search';
import { prefixUpperBound } from './prefix';

/** Terms read per kind before ranking: enough to rank the first five well, bounded whatever the query. */
const CANDIDATES = 40;

/**
 * Entity ids whose terms start with `prefix`, in term order: one range of the (kind, term) primary key.
 * The bounds are plain strings compared byte by byte, so `%` and `_` in a query are ordinary characters.
 */
async function candidates(db: Knex, kind: SearchKind, prefix: string): Promise<number[]> {
  const rows: Array<{ entity_id: number }> = await db(SEARCH_TABLE)
    .where('kind', kind)
    .andWhere('term', '>=', prefix)
    .andWhere('term', '<', prefixUpperBound(prefix))
    .orderBy('term')
    .limit(CANDIDATES)
    .select('entity_id');
  return [...new Set(rows.map((r) => Number(r.entity_id)))];
}

/**
 * Best first: the whole name starting with the query ("man" -> Manchester City before Isle of Man),
 * then shorter names, then alphabetical.
 */
export function rankByName<T>(items: readonly T[], name: (item: T) => string, query: string): T[] {
  const scored = items.map((item) => {
    const text = normalizeSearchText(name(item));
    return { item, text, starts: text.startsWith(query) ? 0 : 1 };
  });
  scored.sort((a, b) => a.starts - b.starts || a.text.length - b.text.length || a.text.localeCompare(b.text));
  return scored.map((s) => s.item);
}

interface Placement {
  leagueId: number;
  season: number;
  cup: boolean;
}

/** A later season first; within a season a league before a cup. */
function better(a: Placement, b: Placement | undefined): boolean {
  return !b || a.season > b.season || (a.season === b.season && !a.cup && b.cup);
}

/**
 * Where each team played at home: per `team|season` its league rather than a cup when it played in both
 * (Manchester City 2023: the Premier League, not the Champions League), and per `team|latest` the latest.
 */
async function leaguesOfTeams(db: Knex, teamIds: readonly number[]): Promise<Map<string, Placement>> {
  const out = new Map<string, Placement>();
  if (teamIds.length === 0) return out;
  const rows: Array<{ team_id: number; season: number; league_id: number; type: string }> = await db('fixtures as f')
    .join('leagues as l', 'l.id', 'f.league_id')
    .whereIn('f.home_team_id', teamIds)
    .groupBy('f.home_team_id', 'f.season', 'f.league_id', 'l.type')
    .select('f.home_team_id as team_id', 'f.season', 'f.league_id', 'l.type');
  for (const row of rows) {
    const placement = { leagueId: Number(row.league_id), season: Number(row.season), cup: row.type === 'cup' };
    for (const key of [`${Number(row.team_id)}|${placement.season}`, `${Number(row.team_id)}|latest`]) {
      if (better(placement, out.get(key))) out.set(key, placement);
    }
  }
  return out;
}

async function findTeams(db: Knex, query: string): Promise<SearchTeam[]> {
  const ids = await candidates(db, 'team', query);
  if (ids.length === 0) return [];
  const rows: Array<{ id: number; name: string; logo: string | null; country: string | null }> = await db('teams')
    .whereIn('id', ids)
    .select('id', 'name', 'logo', 'country');
  const top = rankByName(rows, (r) => r.name, query).slice(0, SEARCH_PER_KIND);
  const leagues = await leaguesOfTeams(
    db,
    top.map((t) => Number(t.id)),
  );
  return top.map((t) => {
    const where = leagues.get(`${Number(t.id)}|latest`);
    // a national team (its latest matches at the World Cup or the Euro) wears its flag
    const flag = where ? nationFlag(where.leagueId, t.name) : undefined;
    return {
      id: Number(t.id),
      name: t.name,
      logo: t.logo,
      ...(flag ? { flag } : {}),
      country: t.country,
      leagueId: where?.leagueId ?? null,
      season: where?.season ?? null,
    };
  });
}

/** Minutes each player has played in the stored matches: how much fans see of him. */
async function minutesPlayed(db: Knex, playerIds: readonly number[]): Promise<Map<number, number>> {
  const rows: Array<{ player_id: number; minutes: number | string | null }> = await db('fixture_player_stats')
    .whereIn('player_id', playerIds)
    .groupBy('player_id')
    .select('player_id')
    .sum({ minutes: 'minutes' });
  return new Map(rows.map((r) => [Number(r.player_id), Number(r.minutes ?? 0)]));
}

/**
 * Players best first: one whose name, or the name fans know him by, is the query ("casemiro"); then the one fans see
 * most, by minutes played ("salah": Mohamed Salah before Salah-Eddine Oulad M'hand); then as rankByName orders.
 */
export function rankPlayers<T extends { id: number; name: string; known_as?: string | null }>(
  players: readonly T[],
  query: string,
  minutes: ReadonlyMap<number, number>,
): T[] {
  const exact = (p: T) =>
    normalizeSearchText(p.name) === query || (p.known_as ? normalizeSearchText(knownAsWords(p.known_as)!) === query : false) ? 0 : 1;
  const played = (p: T) => minutes.get(Number(p.id)) ?? 0;
  // sort is stable: equal players keep rankByName's order
  return rankByName(players, (p) => p.name, query).sort((a, b) => exact(a) - exact(b) || played(b) - played(a));
}

async function findPlayers(db: Knex, query: string): Promise<SearchPlayer[]> {
  const ids = await candidates(db, 'player', query);
  if (ids.length === 0) return [];
  const rows: Array<{ id: number; name: string; photo: string | null; known_as: string | null }> = await db('players')
    .whereIn('id', ids)
    .select('id', 'name', 'photo', 'known_as');
  const top = rankPlayers(rows, query, await minutesPlayed(db, ids)).slice(0, SEARCH_PER_KIND);
  // Each player's latest squad (through the (player_id, season) index), then that team's league that season.
  const squads: Array<{ player_id: number; team_id: number; season: number }> = await db('squad_members')
    .whereIn(
      'player_id',
      top.map((p) => Number(p.id)),
    )
    .select('player_id', 'team_id', 'season');
  const latest = new Map<number, { teamId: number; season: number }>();
  for (const s of squads) {
    const current = latest.get(Number(s.player_id));
    if (!current || Number(s.season) > current.season)
      latest.set(Number(s.player_id), { teamId: Number(s.team_id), season: Number(s.season) });
  }
  const teamIds = [...new Set([...latest.values()].map((s) => s.teamId))];
  const teams: Array<{ id: number; name: string }> = teamIds.length ? await db('teams').whereIn('id', teamIds).select('id', 'name') : [];
  const teamName = new Map(teams.map((t) => [Number(t.id), t.name]));
  const leagues = await leaguesOfTeams(db, teamIds);
  return top.map((p) => {
    const squad = latest.get(Number(p.id));
    const where = squad ? leagues.get(`${squad.teamId}|${squad.season}`) : undefined;
    const team = squad ? (teamName.get(squad.teamId) ?? null) : null;
    // a national team's player: his team's flag, as the team's own result wears it
    const teamFlag = where && team ? nationFlag(where.leagueId, team) : undefined;
    return {
      id: Number(p.id),
      name: p.name,
      knownAs: knownAsBeside(p.name, p.known_as),
      photo: p.photo,
      teamName: team,
      ...(teamFlag ? { teamFlag } : {}),
      leagueId: where?.leagueId ?? null,
      season: where ? where.season : null,
    };
  });
}

async function findLeagues(db: Knex, query: string): Promise<SearchLeague[]> {
  const ids = await candidates(db, 'league', query);
  if (ids.length === 0) return [];
  const rows: Array<{ id: number; display_name: string; country: string; logo: string | null; current_season: number }> = await db(
    'leagues',
  )
    .whereIn('id', ids)
    .select('id', 'display_name', 'country', 'logo', 'current_season');
  return rankByName(rows, (r) => r.display_name, query)
    .slice(0, SEARCH_PER_KIND)
    .map((l) => ({ id: Number(l.id), name: l.display_name, country: l.country, logo: l.logo, currentSeason: Number(l.current_season) }));
}

/**
 * Words a club's name carries in one source and not in another ("Arsenal FC", "FC Barcelona", "Sevilla CF"): a query
 * finds clubs without them, unless they are all it is ("fc" lists the clubs that carry it).
 */
const CLUB_WORDS = /(?:^| )(?:a?fc|cf|sc)(?= |$)/g;

/** Teams, players and competitions with a word of their name starting with the query (accents and case ignored). */
export async function search(db: Knex, text: string): Promise<SearchResults> {
  const query = normalizeSearchText(text);
  if (!query) return { query: text, teams: [], players: [], leagues: [] };
  const clubQuery = query.replace(CLUB_WORDS, '').trim() || query;
  // One after the other: SQLite has a single connection.
  const teams = await findTeams(db, clubQuery);
  const players = await findPlayers(db, query);
  const leagues = await findLeagues(db, query);
  return { query: text, teams, players, leagues };
}
