import type { Fixture, HeadToHeadMatch, League, StandingRow } from '@matchday/contracts';
import type { Page } from '@playwright/test';
import { getJson } from './screens';

/** Every fixture of the demo season (GET /api/fixtures). */
export function allFixtures(page: Page): Promise<Fixture[]> {
  return getJson<Fixture[]>(page, '/api/fixtures?tz=UTC');
}

export interface FinishedFixture {
  id: number;
  leagueId: number;
  season: number;
  homeTeamId: number;
  awayTeamId: number;
  homeTeam: string;
  awayTeam: string;
}

/**
 * A recent finished fixture of a league (default: Premier League). /api/fixtures lists what is to
 * come, so it is found through the head-to-head record of the next fixture's teams.
 */
export async function finishedFixture(page: Page, leagueId = 39): Promise<FinishedFixture> {
  const upcoming = (await allFixtures(page)).filter((f) => f.leagueId === leagueId).slice(0, 10);
  for (const next of upcoming) {
    const meetings = await getJson<HeadToHeadMatch[]>(page, `/api/h2h?homeTeamId=${next.homeTeamId}&awayTeamId=${next.awayTeamId}`);
    const played = meetings
      .filter((m) => m.leagueId === leagueId && m.goalsHome !== null && m.goalsAway !== null)
      .sort((x, y) => y.eventDate.localeCompare(x.eventDate))[0];
    if (played) {
      const { fixtureId: id, season, homeTeamId, awayTeamId, homeTeam, awayTeam } = played;
      return { id, leagueId, season, homeTeamId, awayTeamId, homeTeam, awayTeam };
    }
  }
  throw new Error(`no finished fixture in league ${leagueId}`);
}

/** The next scheduled fixture of a league. */
export async function upcomingFixture(page: Page, leagueId = 39): Promise<Fixture> {
  const fixtures = (await allFixtures(page)).filter((f) => f.leagueId === leagueId && f.status === 'scheduled');
  const fixture = fixtures.sort((a, b) => a.eventDate.localeCompare(b.eventDate))[0];
  if (!fixture) throw new Error(`no scheduled fixture in league ${leagueId}`);
  return fixture;
}

export async function league(page: Page, id: number): Promise<League> {
  const found = (await getJson<League[]>(page, '/api/leagues')).find((l) => l.id === id);
  if (!found) throw new Error(`no league ${id}`);
  return found;
}

/** Mirrors the screens' rules so tests can compute the expected figures from the API (spec §5, §9). */
export const rules = {
  oneDecimal: (value: number | null | undefined) => (value === null || value === undefined ? '–' : value.toFixed(1)),
  stripPercent: (value: number | string | null | undefined) =>
    value === null || value === undefined ? 0 : Number.parseFloat(String(value).replace('%', '')) || 0,
  /**
   * The team's label on a phone-width table: the club's short name from the API. Every demo club has
   * a 3-letter code, so the screen's fallbacks (spec shortcut, a short form of the name) never apply here.
   */
  shortName(row: Pick<StandingRow, 'teamName' | 'teamShortName'>): string {
    if (!row.teamShortName) throw new Error(`demo club ${row.teamName} has no short name`);
    return row.teamShortName;
  },
};
