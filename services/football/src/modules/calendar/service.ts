import { seasonName } from '@matchday/contracts';
import { notFound, type Knex } from '@matchday/server';
import { replayInfo } from '../../domain/dataset';
import { fixtureCalendar, type FeedOptions } from './feed';
import { findLeague, findTeam, leagueFixtures, personalFixtures, seasonExists, teamFixtures } from './repository';

/** How a feed is written: finished matches' scores in their titles or not, and the site the match links point at. */
export type CalendarFeedOptions = Pick<FeedOptions, 'scores' | 'publicUrl'>;

/** A team's fixtures of the current and the next season of each competition, as iCalendar text; 404 for an unknown team. */
export async function teamCalendar(db: Knex, teamId: number, options: CalendarFeedOptions): Promise<string> {
  const found = await findTeam(db, teamId);
  if (!found) throw notFound('Team not found');
  const rows = await teamFixtures(db, teamId);
  return fixtureCalendar(`${found.name} · Matchday`, rows, { ...options, replay: await replayInfo(db) });
}

/** Every fixture of a league-season, as iCalendar text; 404 for an unknown league or season. */
export async function leagueCalendar(db: Knex, leagueId: number, season: number, options: CalendarFeedOptions): Promise<string> {
  const found = await findLeague(db, leagueId);
  if (!found) throw notFound('League not found');
  if (!(await seasonExists(db, found, season))) throw notFound('Season not found');
  const rows = await leagueFixtures(db, leagueId, season);
  const name = `${found.display_name} ${seasonName(season, found.id)} · Matchday`;
  return fixtureCalendar(name, rows, { ...options, replay: await replayInfo(db) });
}

/** The fixtures of these teams and leagues, each once, from 30 days before `now` on (repository.ts), as iCalendar text. */
export async function personalCalendar(
  db: Knex,
  ids: { teams: number[]; leagues: number[] },
  now: number,
  name: string,
  options: CalendarFeedOptions,
): Promise<string> {
  const rows = await personalFixtures(db, ids, now);
  return fixtureCalendar(name, rows, { ...options, replay: await replayInfo(db) });
}
