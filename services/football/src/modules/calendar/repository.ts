import { toSqlDateTime, type Knex } from '@matchday/server';
import type { FixturesRow, LeaguesRow, TeamsRow } from '../../db/rows';
import { fixturesWithNames, type FixtureWithNamesRow } from '../fixtures/mapper';

/**
 * The fixtures of the calendar feeds, with the names an event shows and its schedule revision, ordered by
 * kick-off then id (the same rows in the same order give the same bytes).
 *
 * Which seasons: a team's feed and the personal feed hold the current and the next season of each
 * competition (`leagues.current_season` and the one after), never older ones. A club's season is 38-70
 * matches, ~0.5 KB each: well under 50 KB per team-season (README "Calendar feeds" has the sizes measured).
 * The bounds below only stop a pathological dataset from making a huge feed (the earliest matches are kept).
 */

/** Events of one team's feed at most (two seasons of the busiest club are ~140). */
export const MAX_TEAM_EVENTS = 250;
/** Events of one league-season feed at most (a 24-club league is 552; a 36-club league phase with knock-outs ~200). */
export const MAX_LEAGUE_EVENTS = 1000;
/** Events of the personal feed at most (the nearest from its window start). */
export const MAX_PERSONAL_EVENTS = 2000;
/** The personal feed starts this many days before the current UTC day (a full season of many leagues is too big). */
export const PERSONAL_LOOKBACK_DAYS = 30;

const DAY_MS = 86_400_000;

export type CalendarFixtureRow = FixtureWithNamesRow & Pick<FixturesRow, 'schedule_seq' | 'schedule_changed_at'>;

function calendarFixtures(db: Knex): Knex.QueryBuilder {
  return fixturesWithNames(db)
    .select('f.schedule_seq', 'f.schedule_changed_at')
    .orderBy([{ column: 'f.kickoff_at' }, { column: 'f.id' }]);
}

/** The current and the next season of the fixture's own competition. */
function currentOrNextSeason(query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query.whereRaw('f.season >= l.current_season').whereRaw('f.season <= l.current_season + 1');
}

export async function findTeam(db: Knex, teamId: number): Promise<Pick<TeamsRow, 'id' | 'name'> | undefined> {
  return (await db('teams').where({ id: teamId }).first('id', 'name')) as Pick<TeamsRow, 'id' | 'name'> | undefined;
}

export async function findLeague(
  db: Knex,
  leagueId: number,
): Promise<Pick<LeaguesRow, 'id' | 'display_name' | 'current_season'> | undefined> {
  return (await db('leagues').where({ id: leagueId }).first('id', 'display_name', 'current_season')) as
    Pick<LeaguesRow, 'id' | 'display_name' | 'current_season'> | undefined;
}

/** Whether a league-season can have a feed: a stored season, or the league's current or next one (subscribe early). */
export async function seasonExists(db: Knex, league: Pick<LeaguesRow, 'id' | 'current_season'>, season: number): Promise<boolean> {
  const current = Number(league.current_season);
  if (season === current || season === current + 1) return true;
  return (await db('seasons').where({ league_id: league.id, year: season }).first('year')) !== undefined;
}

/** Every fixture of the team in the current and the next season of its competitions. */
export async function teamFixtures(db: Knex, teamId: number): Promise<CalendarFixtureRow[]> {
  const query = calendarFixtures(db).where((q) => q.where('f.home_team_id', teamId).orWhere('f.away_team_id', teamId));
  return (await currentOrNextSeason(query).limit(MAX_TEAM_EVENTS)) as CalendarFixtureRow[];
}

/** Every fixture of the league-season. */
export async function leagueFixtures(db: Knex, leagueId: number, season: number): Promise<CalendarFixtureRow[]> {
  return (await calendarFixtures(db)
    .where({ 'f.league_id': leagueId, 'f.season': season })
    .limit(MAX_LEAGUE_EVENTS)) as CalendarFixtureRow[];
}

/**
 * The personal feed: every fixture of any of the teams or leagues (each once), in the current or next season of
 * its competition, kicking off from PERSONAL_LOOKBACK_DAYS before the current UTC day on (the window moves once a
 * day, so the feed stays byte-identical through a day). Unknown ids simply match nothing.
 */
export async function personalFixtures(db: Knex, ids: { teams: number[]; leagues: number[] }, now: number): Promise<CalendarFixtureRow[]> {
  if (ids.teams.length === 0 && ids.leagues.length === 0) return [];
  const from = Math.floor(now / DAY_MS) * DAY_MS - PERSONAL_LOOKBACK_DAYS * DAY_MS;
  const query = calendarFixtures(db)
    .where((q) => {
      if (ids.teams.length > 0) q.orWhereIn('f.home_team_id', ids.teams).orWhereIn('f.away_team_id', ids.teams);
      if (ids.leagues.length > 0) q.orWhereIn('f.league_id', ids.leagues);
    })
    .where('f.kickoff_at', '>=', toSqlDateTime(new Date(from)));
  return (await currentOrNextSeason(query).limit(MAX_PERSONAL_EVENTS)) as CalendarFixtureRow[];
}
