import { expect, test, type Page } from '@playwright/test';
import { AREA_ROUTES, LEAGUE_TABS, SHELL_ROUTES, type League, type TopScorer } from '@matchday/contracts';
import { baseUrl, signIn } from './support/session';
import { getJson } from './support/screens';
import { finishedFixture, upcomingFixture } from './support/demo-data';

/**
 * No screen scrolls sideways on a phone: every route of the routing table (filled with ids of the demo data), each
 * tab of the league hub and the shell's search, at 320 and 390 px, with the page's width compared with the window's.
 * A table or a bracket may scroll inside its own frame; the page itself never does.
 */

/** Each route's path with its parameters filled from the demo data. */
async function paths(page: Page): Promise<string[]> {
  const upcoming = await upcomingFixture(page);
  const finished = await finishedFixture(page);
  const { leagueId, season } = upcoming;
  const scorers = await getJson<TopScorer[]>(page, `/api/top-scorers/${leagueId}/${season}`);
  const leagues = await getJson<League[]>(page, '/api/leagues');
  const values: Record<string, string | number> = {
    teamId: finished.homeTeamId,
    homeTeamId: upcoming.homeTeamId,
    awayTeamId: upcoming.awayTeamId,
    leagueId,
    season,
    playerId: scorers[0]!.playerId,
    fixtureId: finished.id,
    referralCode: 'ABCD1234',
  };
  const filled = AREA_ROUTES.map((route) =>
    route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      if (!(name in values)) throw new Error(`no value for :${name} of ${route.path}`);
      return String(values[name]);
    }),
  );
  const queries: Record<string, string> = {
    '/standings': `?leagueId=${leagueId}&season=${season}`,
    '/h2h': `?homeTeamId=${upcoming.homeTeamId}&awayTeamId=${upcoming.awayTeamId}`,
    '/': '?tab=week',
  };
  const hub = leagues.flatMap((league) =>
    LEAGUE_TABS.filter((tab) => tab !== 'bracket' || league.type === 'cup').map(
      (tab) => `/league/${league.id}/${league.currentSeason}?tab=${tab}`,
    ),
  );
  return [...filled.map((path) => `${path}${queries[path] ?? ''}`), ...hub, `${SHELL_ROUTES.search}?q=ar`];
}

for (const width of [320, 390] as const) {
  test(`no screen is wider than a ${width} px phone`, async ({ browser }) => {
    test.setTimeout(300_000);
    const context = await browser.newContext({ viewport: { width, height: 760 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, `overflow.${width}@example.com`);
    const wide: string[] = [];
    for (const path of await paths(page)) {
      await test.step(path, async () => {
        await page.goto(`${baseUrl()}${path}`);
        await expect(page.locator('main, [role="main"]').first()).toBeVisible();
        await expect(page.getByTestId('loading')).toHaveCount(0);
        // (the window's own width grows with a too wide page on a phone: the viewport's is the measure)
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) wide.push(`${path}: ${scrollWidth} px`);
      });
    }
    expect(wide).toEqual([]);
    await context.close();
  });
}
