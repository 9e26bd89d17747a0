import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot } from '../scripts/lib/processes';
import { npmStartStack } from './support/npm-start';
import { signedInPage, type Look } from './support/screens';
import { signIn } from './support/session';

/**
 * The World Cup 2026 as it is played: a replay of its files with the Champions League 2024-25 beside it, started as
 * a user would (`npm start -- --no-build --as-of 2026-07-10T19:30:00Z --replay openfootball .../worldcup-2026 +
 * openfootball .../2024-25/cl.txt`): Spain v Belgium (quarter-final, match 98) is half an hour old, France through
 * to the semi-final, the other side of it still to come. Screenshots go to SCREENSHOT_DIR when it is set.
 */

const data = process.env.MATCHDAY_DATA_DIR ?? path.resolve(repoRoot, '../shared/data');
const AS_OF = '2026-07-10T19:30:00Z';

const worldCup = path.join(data, 'openfootball', 'worldcup-2026');
const ucl = path.join(data, 'openfootball', 'champions-league', '2024-25', 'cl.txt');
const stack = npmStartStack(['--as-of', AS_OF, '--replay', 'openfootball', worldCup, '+', 'openfootball', ucl], {
  name: 'bracket',
  timeoutMs: 150_000,
});

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false });
}

/** The page never scrolls sideways: its content is no wider than the window. */
async function expectNoSideScroll(page: Page) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** A tie's card: a link to its match once both teams are known, else a card that opens nothing. */
const tie = (page: Page, number: number) => page.getByTestId('bracket-tie').and(page.getByLabel(new RegExp(`^Match ${number}:`)));

test('World Cup 2026 at 1280 px: the whole tree with connectors, a live quarter-final, places still to be decided', async ({ browser }) => {
  const look: Look = { width: 1280, theme: 'light' };
  const { page, context } = await signedInPage(browser, look, 'bracket-wide@example.com');
  await page.goto(`${stack().url}/league/1/2026?tab=bracket`);
  const tree = page.getByTestId('bracket-tree');
  await expect(tree).toBeVisible();
  for (const round of ['Round of 32', 'Round of 16', 'Quarter-finals', 'Semi-finals', 'Final'])
    await expect(tree.getByRole('region', { name: round, exact: true })).toBeVisible();
  await expect(tree.getByRole('region', { name: 'Round of 32' }).getByTestId('bracket-tie')).toHaveCount(16);
  // Germany 1-1 Paraguay, 3-4 on penalties: Paraguay through
  await expect(tie(page, 74)).toContainText('a.e.t., 3-4 pens');
  // the quarter-final being played: its clock, both teams
  const live = tie(page, 98);
  await expect(live.getByTestId('live-marker')).toBeVisible();
  await expect(live).toContainText('Spain');
  await expect(live).toContainText('Belgium');
  // France is through to the semi-final; its other place waits for the live match
  await expect(tie(page, 101)).toContainText('France');
  await expect(tie(page, 101)).toContainText('Winner of match 98');
  await expect(tie(page, 104)).toContainText('Winner of match 101');
  // the tree scrolls inside its frame, never the page
  await expectNoSideScroll(page);
  await shot(page, 'wc2026-quarter-final-live-1280');
  // a tap opens the match
  await tie(page, 98).click();
  await expect(page).toHaveURL(/\/fixture-stats\/\d+$/);
  await context.close();
});

test('World Cup 2026 at 390 px: one round at a time, round chips and swipe, flags and FIFA codes', async ({ browser }) => {
  const look: Look = { width: 390, theme: 'light' };
  const { page, context } = await signedInPage(browser, look, 'bracket-phone@example.com');
  await page.goto(`${stack().url}/league/1/2026?tab=bracket`);
  const chips = page.getByTestId('round-chip');
  await expect(chips).toHaveCount(6);
  // it opens on the round being played
  await expect(chips.filter({ hasText: 'Quarter-finals' })).toHaveAttribute('aria-selected', 'true');
  const pages = page.getByTestId('bracket-rounds');
  await expect(pages.getByRole('region', { name: 'Quarter-finals' }).getByTestId('live-marker')).toBeVisible();
  await expectNoSideScroll(page);
  await shot(page, 'wc2026-quarter-final-live-390');
  // a swipe to the next round moves the chips along
  await pages.evaluate((node) => node.scrollBy({ left: node.clientWidth }));
  await expect(chips.filter({ hasText: 'Semi-finals' })).toHaveAttribute('aria-selected', 'true');
  await expect(pages.getByRole('region', { name: 'Semi-finals' })).toContainText('Winner of match 98');
  // a chip goes straight to its round
  await chips.filter({ hasText: 'Round of 32' }).click();
  await expect(chips.filter({ hasText: 'Round of 32' })).toHaveAttribute('aria-selected', 'true');
  await expect(pages.getByRole('region', { name: 'Round of 32' }).getByTestId('flag').first()).toBeVisible();

  // the standings: the knockout match changes no table, the bracket is offered instead of "As it stands"
  await page.goto(`${stack().url}/standings?leagueId=1&season=2026`);
  await expect(page.getByTestId('standings-table').first()).toBeVisible();
  await expect(page.getByTestId('knockout-live')).toBeVisible();
  await expect(page.getByTestId('as-it-stands')).toHaveCount(0);
  await expect(page.getByTestId('bracket-link')).toBeVisible();
  // FIFA's codes at 390 px, and the eight best thirds under the groups
  await expect(page.getByTestId('team-short').filter({ hasText: /^KOR$/ })).toHaveCount(1);
  await expect(page.getByTestId('team-short').filter({ hasText: /^CZE$/ })).toHaveCount(1);
  const thirds = page.getByTestId('third-placed');
  await expect(thirds.getByTestId('third-placed-row')).toHaveCount(12);
  await expect(thirds.locator('[data-testid="third-placed-row"][data-qualified="true"]')).toHaveCount(8);
  await expectNoSideScroll(page);
  await context.close();
});

test('Champions League 2024-25: two-legged ties on aggregate, at 1280 and 390 px', async ({ browser }) => {
  for (const width of [1280, 390] as const) {
    const { page, context } = await signedInPage(browser, { width, theme: 'light' }, `bracket-ucl-${width}@example.com`);
    await page.goto(`${stack().url}/league/2/2024?tab=bracket`);
    const ties = page.getByTestId('bracket-tie');
    await expect(ties.first()).toBeVisible();
    await expect(ties.first()).toContainText('2 legs');
    if (width === 1280) {
      await expect(page.getByTestId('bracket-tree').getByRole('region', { name: 'Knockout play-offs' })).toBeVisible();
      await expect(page.getByTestId('bracket-tree').getByRole('region', { name: 'Final', exact: true })).toContainText('Paris');
    } else {
      await expect(page.getByTestId('round-chip')).toHaveCount(5);
    }
    await expectNoSideScroll(page);
    await shot(page, `ucl-2024-25-${width}`);
    await context.close();
  }
});

test("a tournament fits a phone: the hub's tabs, the standings and the bracket at 320 and 390 px", async ({ browser }) => {
  for (const width of [320, 390] as const) {
    const context = await browser.newContext({ viewport: { width, height: 760 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
    const page = await context.newPage();
    await signIn(page, `bracket-fit-${width}@example.com`);
    const wide: string[] = [];
    for (const path of [
      ...['table', 'matches', 'scorers', 'bracket'].map((tab) => `/league/1/2026?tab=${tab}`),
      // the longest round name in the round picker
      `/league/1/2026?tab=matches&round=${encodeURIComponent('Group stage - Matchday 1')}`,
      '/standings?leagueId=1&season=2026',
      '/league/2/2024?tab=bracket',
    ]) {
      await page.goto(`${stack().url}${path}`);
      await expect(page.locator('[role="tabpanel"], [data-testid="standings-table"]').first()).toBeVisible();
      await expect(page.getByTestId('loading')).toHaveCount(0);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > width) wide.push(`${path}: ${scrollWidth} px`);
    }
    expect(wide).toEqual([]);
    await context.close();
  }
});

test('spoiler-free mode covers the scores and the teams they send through, until a tie is revealed', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'bracket-spoilers@example.com');
  const response = await page.request.fetch(`${stack().url}/api/user/preferences`, {
    method: 'POST',
    data: { spoilerFree: true, spoilerScope: 'all' },
    headers: { 'x-requested-with': 'XMLHttpRequest', origin: stack().url },
  });
  expect(response.ok()).toBe(true);
  await page.goto(`${stack().url}/league/1/2026?tab=bracket`);
  const quarter = tie(page, 97);
  await expect(quarter.getByTestId('hidden-score')).toBeVisible();
  // France 2-0 Morocco: neither the score nor the winner's bold name, nor France in the semi-final it leads to
  await expect(quarter.getByTestId('tie-side').first()).not.toContainText('2');
  await expect(tie(page, 101)).not.toContainText('France');
  await expect(tie(page, 101)).toContainText('Winner of match 97');
  // a tie whose teams are not both known opens nothing: its match page would name them
  await expect(page.getByRole('group', { name: 'Match 101: Winner of match 97 v Winner of match 98' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Match 101:/ })).toHaveCount(0);
  // revealed: the score, and France goes through
  await quarter.getByTestId('hidden-score').click();
  await expect(quarter.getByTestId('tie-side').first()).toContainText('2');
  await expect(tie(page, 101)).toContainText('France');
  await context.close();
});

test('a World Cup match on a phone: its goals with their minutes under the score, no bar for statistics its source lacks', async ({
  browser,
}) => {
  const look: Look = { width: 390, theme: 'light' };
  const { page, context } = await signedInPage(browser, look, 'wc-match-phone@example.com');
  // Mexico v South Africa, the opening match (11 June 2026): openfootball gives its goals with minutes, no statistics
  const fixtures = (await (await page.request.get(`${stack().url}/api/fixtures/filter?leagueId=1&season=2026`)).json()) as Array<{
    id: number;
    homeTeam: string;
    awayTeam: string;
    goalsHome: number | null;
    goalsAway: number | null;
    homeTeamFlag?: string;
    awayTeamFlag?: string;
  }>;
  const opener = fixtures.find((f) => f.homeTeam === 'Mexico' && f.awayTeam === 'South Africa');
  expect(opener).toBeDefined();
  // Home's cards draw the flags the list sends
  expect([opener!.homeTeamFlag, opener!.awayTeamFlag]).toEqual(['🇲🇽', '🇿🇦']);
  const goals = (opener!.goalsHome ?? 0) + (opener!.goalsAway ?? 0);
  expect(goals).toBeGreaterThan(0);
  await page.goto(`${stack().url}/fixture-stats/${opener!.id}`);
  await expect(page.getByTestId('score')).toHaveText(`${opener!.goalsHome} - ${opener!.goalsAway}`);
  // nations wear their flags, not initials
  await expect(page.getByTestId('fixture-header').getByRole('img', { name: 'Mexico flag' })).toBeVisible();
  await expect(page.getByTestId('fixture-header').getByRole('img', { name: 'South Africa flag' })).toBeVisible();
  const scorers = page.getByTestId('home-scorers').or(page.getByTestId('away-scorers'));
  await expect(scorers.first()).toContainText('′');
  await expect(
    page.getByTestId('home-scorers').getByRole('listitem').or(page.getByTestId('away-scorers').getByRole('listitem')),
  ).toHaveCount(goals);
  // no team statistics in the source: it says so, and draws no comparison bar at 0 – 0
  await expect(page.getByTestId('stats-sources')).toHaveText('Result: openfootball; no team statistics');
  // the goals are the one statistic its source has: one row, 2 - 0 or the like, never a row at 0 - 0
  await expect(page.getByTestId('comparison-row')).toHaveCount(1);
  await expect(page.getByTestId('comparison-row')).toContainText('Goals');
  await expectNoSideScroll(page);
  await shot(page, 'wc2026-match-390');
  // nor does it say who played
  await page.goto(`${stack().url}/fixture-players/${opener!.id}`);
  await expect(page.getByText('Line-ups not available')).toBeVisible();
  await expectNoSideScroll(page);
  // search: the nation with its flag in its badge's place
  await page.goto(`${stack().url}/search?q=mexico`);
  // the flag, or its letters where this browser draws no flag emoji (no colour emoji font, Windows)
  await expect(page.getByTestId('search-teams').getByTestId('search-result').first()).toContainText(/^(🇲🇽|MX)Mexico/);
  await context.close();
});
