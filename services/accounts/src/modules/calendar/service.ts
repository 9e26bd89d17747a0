import { notFound, type FootballClient, type Knex } from '@matchday/server';
import { calendarOwner } from './repository';

/**
 * The iCalendar feed behind a calendar token: the football service's feed of the owner's followed teams and leagues,
 * with scores in titles only when asked and never in spoiler-free mode; 404 for an unknown or rotated token.
 */
export async function personalFeed(db: Knex, football: FootballClient, token: string, scores: boolean): Promise<string> {
  const owner = await calendarOwner(db, token);
  if (!owner) throw notFound('Calendar not found');
  const query = new URLSearchParams({ scores: scores && !owner.spoilerFree ? '1' : '0', name: 'Matchday: my follows' });
  if (owner.teams.length > 0) query.set('teams', owner.teams.join(','));
  if (owner.leagues.length > 0) query.set('leagues', owner.leagues.join(','));
  return (await football.getText(`/internal/calendar/feed?${query.toString()}`)).text;
}
