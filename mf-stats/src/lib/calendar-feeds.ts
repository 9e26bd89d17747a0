import { API_PREFIXES } from '@matchday/contracts';

/**
 * The public calendar feeds (no sign-in: calendar apps send no cookies), as paths on this site; the
 * screens make the subscribe links of them with calendarLinks (libs/ui/src/calendar-links.ts).
 */

/** Every match of a team: `/api/calendar/team/{teamId}.ics`. */
export function teamFeedPath(teamId: number | string): string {
  return `${API_PREFIXES.football.calendarTeam}/${encodeURIComponent(String(teamId))}.ics`;
}

/** Every match of a league season: `/api/calendar/league/{leagueId}/{season}.ics`. */
export function leagueFeedPath(leagueId: number | string, season: number | string): string {
  return `${API_PREFIXES.football.calendarLeague}/${encodeURIComponent(String(leagueId))}/${encodeURIComponent(String(season))}.ics`;
}

/** The name a downloaded feed is saved under: "arsenal-matches.ics" (letters and digits of the name, else "matchday"). */
export function feedFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || 'matchday'}-matches.ics`;
}
