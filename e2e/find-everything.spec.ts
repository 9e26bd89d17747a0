import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Fixture, SearchResults, StandingRow } from '@matchday/contracts';
import { repoRoot } from '@matchday/server';
import { runImport } from '@matchday/football/src/importers/cli';
import { freePort } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';
import { baseUrl } from './support/session';
import { blockingViolations, follow, getJson, saveScreenshot, signedInPage, type Look } from './support/screens';

const PHONE: Look = { width: 390, theme: 'light' };
const DESKTOP: Look = { width: 1280, theme: 'dark' };
const sharedData = (...parts: string[]) => path.resolve(repoRoot, process.env.MATCHDAY_DATA_DIR ?? '../shared/data', ...parts);

test.describe('navigation and search on the demo data', () => {
  test('phone: the bottom tab bar opens Tips and Fantasy in one tap and marks the section; it survives a broken remote', async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser, PHONE, 'find.nav@example.com');
    const bar = page.getByRole('navigation', { name: 'Primary' });
    await expect(bar).toHaveCount(1); // the header's copy is hidden on phones
    await expect(page.getByTestId('primary-nav-bottom')).toBeVisible();
    await expect(page.getByTestId('primary-nav-header')).toBeHidden();
    await expect(bar.getByRole('link', { name: 'Matches' })).toHaveAttribute('aria-current', 'page');
    // fixed to the bottom of the viewport, even after scrolling
    await page.mouse.wheel(0, 2000);
    const box = await bar.boundingBox();
    expect(Math.round(box!.y + box!.height)).toBe(844);

    await follow(page, bar.getByRole('link', { name: 'Tips' }), `${baseUrl()}/betting-tips`);
    await expect(page.getByRole('heading', { name: 'Football Betting Tips & Predictions' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Tips' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('link', { name: 'Matches' })).not.toHaveAttribute('aria-current', 'page');
    await follow(page, bar.getByRole('link', { name: 'Matches' }), `${baseUrl()}/`);
    await follow(page, bar.getByRole('link', { name: 'Fantasy' }), `${baseUrl()}/dream11-predictions`);
    await expect(bar.getByRole('link', { name: 'Fantasy' })).toHaveAttribute('aria-current', 'page');

    // a remote that fails to load takes its area down, not the navigation
    await page.route('**/remotes/mf-stats/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
    await follow(page, bar.getByRole('link', { name: 'Leagues' }), `${baseUrl()}/leagues`);
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Leagues' })).toHaveAttribute('aria-current', 'page');
    await follow(page, bar.getByRole('link', { name: 'Matches' }), `${baseUrl()}/`);
    await expect(page.getByRole('heading', { name: 'Upcoming Fixtures' })).toBeVisible();
    await context.close();
  });

  test('desktop: the navigation sits in the header, keyboard reachable; the header search box drops results down', async ({ browser }) => {
    const { page, context } = await signedInPage(browser, DESKTOP, 'find.desktop@example.com');
    const nav = page.getByRole('navigation', { name: 'Primary' });
    await expect(nav).toHaveCount(1);
    await expect(page.getByTestId('primary-nav-header')).toBeVisible();
    await expect(page.getByTestId('primary-nav-bottom')).toBeHidden();
    await nav.getByRole('link', { name: 'Leagues' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${baseUrl()}/leagues`);
    await expect(page.getByRole('heading', { name: 'Leagues', level: 1 })).toBeVisible();
    const links = page.getByTestId('league-link');
    // ISL, Premier League, Champions League first
    await expect(links.nth(0)).toContainText('Indian Super League');
    await expect(links.nth(1)).toContainText('Premier League');
    await expect(links.nth(2)).toContainText('Champions League');
    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'leagues', DESKTOP);

    // search: a demo team by a word in the middle of its name
    const team = (await getJson<StandingRow[]>(page, `/api/standings?leagueId=39&season=${await currentSeason(page, 39)}`)).find((row) =>
      row.teamName.includes(' '),
    )!;
    const word = team.teamName.split(' ').pop()!;
    const box = page.getByTestId('header-search').getByRole('searchbox');
    await box.fill(word.toLowerCase());
    const result = page.getByTestId('search-teams').getByRole('link', { name: new RegExp(team.teamName) });
    await expect(result).toBeVisible();
    await saveScreenshot(page, 'search-dropdown', DESKTOP);
    await result.click();
    await expect(page).toHaveURL(new RegExp(`/team/${team.teamId}/39/\\d{4}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(team.teamName);
    await context.close();
  });

  test('fixture stats of a match not yet started says there are no statistics yet', async ({ browser }) => {
    const { page, context } = await signedInPage(browser, PHONE, 'find.notstarted@example.com');
    const upcoming = (await getJson<Fixture[]>(page, '/api/fixtures/filter?type=week')).find((f) => f.status === 'scheduled')!;
    await page.goto(`${baseUrl()}/fixture-stats/${upcoming.id}`);
    await expect(page.getByRole('heading', { name: 'No statistics yet' })).toBeVisible();
    await expect(page.getByText('This match has not started yet.')).toBeVisible();
    await expect(page.getByTestId('status-badge')).toHaveText('Not Started');
    await expect(page.getByText('Shots & Goals')).toHaveCount(0);
    await context.close();
  });
});

async function currentSeason(page: import('@playwright/test').Page, leagueId: number): Promise<number> {
  const leagues = await getJson<Array<{ id: number; currentSeason: number }>>(page, '/api/leagues');
  return leagues.find((l) => l.id === leagueId)!.currentSeason;
}

test.describe('a real season (E0 2023-24 + FPL 2023-24 imported)', () => {
  let stack: RunningStack;
  let dataDir: string;
  let previousBaseUrl: string | undefined;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-e2e-import-'));
    const env = { ...process.env, DATA_DIR: dataDir, TZ: 'UTC' };
    const quiet = { env, cwd: repoRoot, progress: false, log: () => undefined };
    await runImport(['football-data-co-uk', sharedData('football-data-co-uk', 'E0-2324.csv')], quiet);
    await runImport(['fpl', sharedData('fpl', '2023-24')], quiet);
    stack = await startStack({ port: await freePort(), dataDir, env: { LOG_LEVEL: 'warn' } });
    previousBaseUrl = process.env.E2E_BASE_URL;
    process.env.E2E_BASE_URL = stack.url;
  });

  test.afterAll(async () => {
    process.env.E2E_BASE_URL = previousBaseUrl;
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('phone: Leagues -> Premier League -> Table, Matches -> a result -> its statistics, search "haaland" -> his page', async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser, PHONE, 'find.real@example.com');
    const bar = page.getByRole('navigation', { name: 'Primary' });

    // Leagues -> Premier League -> Table, no fixture card involved
    await follow(page, bar.getByRole('link', { name: 'Leagues' }), `${baseUrl()}/leagues`);
    await follow(page, page.getByTestId('league-link').filter({ hasText: 'Premier League' }), `${baseUrl()}/league/39/2023`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premier League');
    await expect(page.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    const table = await getJson<StandingRow[]>(page, '/api/standings?leagueId=39&season=2023');
    const rows = page.getByTestId('standing-row');
    await expect(rows).toHaveCount(20);
    await expect(rows.first().getByTestId('team-name')).toHaveText('Manchester City');
    await expect(rows.first().getByTestId('points')).toHaveText('91');
    expect(table[0]!.teamName).toBe('Manchester City');
    await expect(rows.first().getByTestId('team-link')).toHaveAttribute('href', `/team/${table[0]!.teamId}/39/2023`);
    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'league-table', PHONE);

    // Matches: the season is over, so it opens on the last round; a result shows its score and FT
    await follow(page, page.getByRole('tab', { name: 'Matches' }), `${baseUrl()}/league/39/2023?tab=matches`);
    const fixtures = await getJson<Fixture[]>(page, '/api/fixtures/filter?leagueId=39&season=2023');
    expect(fixtures).toHaveLength(380);
    const last = fixtures[fixtures.length - 1]!;
    const result = page.getByTestId('result').filter({ hasText: last.homeTeam }).first();
    await expect(result.getByTestId('score')).toHaveText(`${last.goalsHome} – ${last.goalsAway}`);
    await expect(result).toContainText('FT');
    await expect(page.getByTestId('round').getByTestId('result')).toHaveCount(10);
    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'league-matches', PHONE);
    // an earlier round is a tap away, and stays in the URL
    await page.getByRole('button', { name: 'Previous round' }).click();
    await expect(page).toHaveURL(/[?&]round=/);
    await expect(page.getByTestId('result').filter({ hasText: last.homeTeam }).filter({ hasText: last.awayTeam })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next round' }).click();
    await follow(page, page.getByTestId('result').filter({ hasText: last.homeTeam }).first(), `${baseUrl()}/fixture-stats/${last.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${last.homeTeam} vs ${last.awayTeam}`);
    await expect(page.getByTestId('status-badge')).toHaveText('Full Time');
    await expect(page.getByText('Shots & Goals')).toBeVisible();

    // Top scorers tab
    await page.goto(`${baseUrl()}/league/39/2023?tab=scorers`);
    await expect(page.getByRole('tab', { name: 'Top scorers' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('scorer').first().getByTestId('scorer-name')).toHaveText('Erling Haaland');
    expect(await blockingViolations(page)).toEqual([]);

    // search "haaland" on the phone's search screen -> his player page
    await follow(page, page.getByTestId('search-link'), `${baseUrl()}/search`);
    await page.getByRole('searchbox', { name: 'Search teams, players and competitions' }).fill('haaland');
    const player = page.getByTestId('search-players').getByRole('link', { name: /Erling Haaland/ });
    await expect(player).toBeVisible();
    const found = await getJson<SearchResults>(page, '/api/search?q=haaland');
    const haaland = found.players.find((p) => p.name === 'Erling Haaland')!;
    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'search', PHONE);
    await follow(page, player, `${baseUrl()}/player/${haaland.id}/39/2023`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Erling Haaland');
    await context.close();
  });

  test('desktop: the standings screen links to its league hub; its Matches tab has a round picker and no axe violation', async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser, DESKTOP, 'find.real.desktop@example.com');
    await page.goto(`${baseUrl()}/standings?leagueId=39&season=2023`);
    await follow(page, page.getByTestId('league-hub-link'), `${baseUrl()}/league/39/2023`);
    await expect(page.getByTestId('standing-row')).toHaveCount(20);
    await saveScreenshot(page, 'league-table', DESKTOP);
    await follow(page, page.getByRole('tab', { name: 'Matches' }), `${baseUrl()}/league/39/2023?tab=matches`);
    await expect(page.getByTestId('round-select')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'league-matches', DESKTOP);
    await context.close();
  });
});
