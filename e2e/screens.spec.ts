import { expect, test, type Page } from '@playwright/test';
import type { PlayerRecentFixture, StandingRow, TopScorer } from '@matchday/contracts';
import { baseUrl } from './support/session';
import { ALL_LOOKS, blockingViolations, getJson, JOURNEY_LOOKS, lookName, saveScreenshot, signedInPage } from './support/screens';
import { finishedFixture, upcomingFixture } from './support/demo-data';

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has its data (and its chart, where it has one). */
  ready: (page: Page) => ReturnType<Page['locator']>;
  /** It shows a chart, which is drawn once its slot is scrolled near the viewport. */
  chart?: boolean;
}

/** Every route of spec §2 served by mf-fixtures and mf-stats, with ids taken from the demo data. */
async function screens(page: Page): Promise<Screen[]> {
  const upcoming = await upcomingFixture(page);
  const finished = await finishedFixture(page);
  const { leagueId, season } = upcoming;
  const scorers = await getJson<TopScorer[]>(page, `/api/top-scorers/${leagueId}/${season}`);
  const regular = { playerId: scorers[0]!.playerId };
  const recent = await getJson<PlayerRecentFixture[]>(page, `/api/player-stats/fixtures?playerId=${regular.playerId}`);
  const table = await getJson<StandingRow[]>(page, `/api/standings?leagueId=${leagueId}&season=${season}`);
  const standings = `/standings?leagueId=${leagueId}&season=${season}&highlightTeams=${encodeURIComponent(`${upcoming.homeTeam},${upcoming.awayTeam}`)}&tab=today`;
  const chartDrawn = (page: Page) => page.locator('[data-testid="chart"] .recharts-surface').first();
  return [
    { name: 'home', path: '/?tab=week', ready: (p) => p.getByTestId('fixture-card').first() },
    { name: 'team', path: `/team/${finished.homeTeamId}/${leagueId}/${season}`, ready: (p) => p.getByTestId('squad-player').first() },
    {
      name: 'squad',
      path: `/squad/${upcoming.homeTeamId}/${upcoming.awayTeamId}/${leagueId}/${season}?tab=today&position=Midfielder`,
      ready: (p) => p.getByTestId('squad-player').first(),
    },
    {
      name: 'player',
      path: `/player/${regular.playerId}/${leagueId}/${season}?tab=league`,
      ready: recent.length > 0 ? chartDrawn : (p) => p.getByTestId('league-stats'),
      chart: recent.length > 0,
    },
    {
      name: 'player-fixtures',
      path: `/player/${regular.playerId}/${leagueId}/${season}?tab=fixtures`,
      ready: (p) => p.getByRole('tabpanel'),
    },
    { name: 'fixture-stats', path: `/fixture-stats/${finished.id}`, ready: (p) => p.getByTestId('split-segment').first() },
    { name: 'fixture-players', path: `/fixture-players/${finished.id}`, ready: (p) => p.getByTestId('fixture-player').first() },
    { name: 'standings', path: standings, ready: (p) => p.getByTestId('standing-row').first() },
    {
      name: 'top-scorers',
      path: `/top-scorers/${leagueId}/${season}?returnTo=${encodeURIComponent(standings)}`,
      ready: (p) => p.getByTestId('scorer').first(),
    },
    {
      name: 'h2h',
      path: `/h2h?homeTeamId=${upcoming.homeTeamId}&awayTeamId=${upcoming.awayTeamId}&tab=today`,
      ready: (p) => p.getByTestId('h2h-tally'),
    },
    {
      name: 'team-stats',
      path: `/team-stats/${table[0]!.teamId}/${leagueId}/${season}?returnTo=${encodeURIComponent(standings)}`,
      ready: chartDrawn,
      chart: true,
    },
    { name: 'empty-state', path: '/h2h?homeTeamId=999991&awayTeamId=999992', ready: (p) => p.getByTestId('message') },
  ];
}

for (const look of ALL_LOOKS) {
  test(`every screen has its metadata and fits${JOURNEY_LOOKS.includes(look) ? ', and passes axe' : ''} (${lookName(look)}); screenshots go to /tmp/screens`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { page, context } = await signedInPage(browser, look, `screens.${look.width}.${look.theme}@example.com`);
    for (const screen of await screens(page)) {
      await test.step(screen.name, async () => {
        await page.goto(`${baseUrl()}${screen.path}`);
        if (screen.chart) await page.getByTestId('chart').first().scrollIntoViewIfNeeded();
        await expect(screen.ready(page)).toBeVisible();
        await expect(page.getByTestId('loading')).toHaveCount(0);
        await expect(page).toHaveTitle(/ \| Matchday$|Matchday/);
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseUrl()}${screen.path}`);
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
        // nothing wider than the viewport
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect.soft(overflow, `${screen.name} overflows horizontally`).toBeLessThanOrEqual(0);
        // axe in the two looks that cover both themes and both widths (its contrast checks are the theme's)
        if (JOURNEY_LOOKS.includes(look)) {
          const blocking = await blockingViolations(page);
          expect.soft(blocking, `${screen.name}: ${blocking.join('\n')}`).toEqual([]);
        }
        await saveScreenshot(page, screen.name, look);
      });
    }
    await context.close();
  });
}
