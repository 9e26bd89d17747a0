import type { Fixture, League } from '@matchday/contracts';
import type { Page } from '@playwright/test';
import { getJson } from './screens';

/** Every fixture of the demo season (GET /api/fixtures). */
export function allFixtures(page: Page): Promise<Fixture[]> {
  return getJson<Fixture[]>(page, '/api/fixtures?tz=UTC');
}

/** The most recent finished fixture of a league (default: Premier League). */
export async function finishedFixture(page: Page, leagueId = 39): Promise<Fixture> {
  const fixtures = (await allFixtures(page)).filter((f) => f.leagueId === leagueId && f.status === 'finished' && f.goalsHome !== null);
  const fixture = fixtures.sort((a, b) => b.eventDate.localeCompare(a.eventDate))[0];
  if (!fixture) throw new Error(`no finished fixture in league ${leagueId}`);
  return fixture;
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
  oneDecimal: (value: number | null | undefined) => (value ?? 0).toFixed(1),
  stripPercent: (value: number | string | null | undefined) =>
    value === null || value === undefined ? 0 : Number.parseFloat(String(value).replace('%', '')) || 0,
  shortName(name: string): string {
    const words = name.trim().split(/\s+/);
    return words.length === 1
      ? words[0]!.slice(0, 3).toUpperCase()
      : words
          .slice(0, 3)
          .map((w) => w[0])
          .join('')
          .toUpperCase();
  },
};
