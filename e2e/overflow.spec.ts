import { expect, test, type Page } from '@playwright/test';
import { AREA_ROUTES, LEAGUE_TABS, SHELL_ROUTES, type Dream11Card, type League, type TopScorer } from '@matchday/contracts';
import { baseUrl, signIn } from './support/session';
import { getJson } from './support/screens';
import { finishedFixture, upcomingFixture } from './support/demo-data';

/**
 * No screen scrolls sideways on a phone: every route of the routing table (filled with ids of the demo data), each
 * tab of the league hub, the shell's search and a Dream11 team on its pitch, at 320 and 390 px, with the page's width compared with the window's.
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
  // a Dream11 team on its pitch: four chips to a line at 320 px
  const dream11: string[] = [];
  for (const day of ['today', 'tomorrow'] as const) {
    const { cards } = await getJson<{ cards: Dream11Card[] }>(page, `/api/dream11?day=${day}`);
    if (cards[0]) dream11.push(`/dream11-predictions?tab=${day}&fixture=${cards[0].fixtureId}`);
  }
  if (dream11.length === 0) throw new Error('no Dream11 team today or tomorrow in the demo data');
  return [...filled.map((path) => `${path}${queries[path] ?? ''}`), ...hub, `${SHELL_ROUTES.search}?q=ar`, ...dream11];
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

test('a Dream11 team of long real names stays inside its pitch on a 320 px phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 760 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = await context.newPage();
  await signIn(page, 'overflow.pitch@example.com');
  let card: (Dream11Card & { day: string }) | undefined;
  for (const day of ['today', 'tomorrow'] as const) {
    const { cards } = await getJson<{ cards: Dream11Card[] }>(page, `/api/dream11?day=${day}`);
    if (cards[0]) card = { ...cards[0], day };
    if (card) break;
  }
  if (!card) throw new Error('no Dream11 team today or tomorrow in the demo data');
  // the names of a real Premier League XI (Brighton v Southampton, 29 Nov 2024), the longest a line held
  const names = ['Mateus Gonçalo Espanha Fernandes', 'Igor Julio dos Santos de Paulo', 'Georginio Rutter', 'Jan Paul van Hecke'];
  const teams = ['Brighton & Hove Albion', 'Southampton'];
  const long = <T extends { players: Array<{ name: string; team: string }> }>(team: T): T => ({
    ...team,
    players: team.players.map((p, i) => ({ ...p, name: names[i % names.length]!, team: teams[i % 2]! })),
  });
  await page.route('**/api/dream11/fixture/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Dream11Card;
    await route.fulfill({ response, json: { ...body, safe: long(body.safe), differential: long(body.differential) } });
  });
  await page.goto(`${baseUrl()}/dream11-predictions?tab=${card.day}&fixture=${card.fixtureId}`);
  const pitch = page.getByTestId('pitch-safe');
  await expect(pitch.getByTestId('pitch-player')).toHaveCount(11);
  // shortened as fans write it, whole words only, the full name on hover
  await expect(pitch.getByText('M. Gonçalo', { exact: true }).first()).toBeVisible();
  await expect(pitch.getByText('M. Gonçalo', { exact: true }).first()).toHaveAttribute('title', 'Mateus Gonçalo Espanha Fernandes');
  const outside = await pitch.evaluate((frame) => {
    const box = frame.getBoundingClientRect();
    return [...frame.querySelectorAll('[data-testid="pitch-player"], [data-testid="pitch-player"] *')]
      .map((el) => ({ text: el.textContent ?? '', rect: el.getBoundingClientRect() }))
      .filter(({ rect }) => rect.left < box.left - 0.5 || rect.right > box.right + 0.5)
      .map(
        ({ text, rect }) =>
          `${text}: ${Math.round(rect.left)}-${Math.round(rect.right)} px, pitch ${Math.round(box.left)}-${Math.round(box.right)} px`,
      );
  });
  expect(outside).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await context.close();
});
