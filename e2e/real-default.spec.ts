import { expect, test } from '@playwright/test';
import type { Fixture } from '@matchday/contracts';
import { npmStartStack } from './support/npm-start';
import { signedInPage } from './support/screens';

/**
 * The world a newcomer meets: `npm start` with nothing else serves the real 2024-25 season (Premier League with
 * FPL players, Champions League, Indian Super League) replayed, here on 28 November 2024 (`--as-of 2024-11-28`, the
 * day the default takes on 28 November), under a banner that says it is a replay, with every match's real date.
 */

const stack = npmStartStack(['--as-of', '2024-11-28'], { name: 'real' });

test('a phone opens on the real season: a one-line replay banner, real clubs and their real dates, and no demo badge', async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'dark' }, 'newcomer@example.com');
  const banner = page.getByTestId('replay-banner');
  await expect(banner).toContainText('Replay');
  await expect(banner).toContainText('as of Thu 28 Nov 2024, ');
  await expect(banner).toHaveAttribute('title', /2024-25 season: Premier League, Champions League, Indian Super League/);
  // one line, and the first card still starts above the fold
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(26);
  await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  const today = page.getByTestId('fixture-card');
  await expect(today.first()).toContainText('Kerala Blasters');
  await expect(today.first()).toContainText('Thu 28 Nov, 14:00');
  expect((await today.first().boundingBox())!.y).toBeLessThan(844);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('tab', { name: 'This Week' }).click();
  const liverpool = page.getByTestId('fixture-card').filter({ hasText: 'Liverpool' }).filter({ hasText: 'Manchester City' });
  await expect(liverpool).toContainText('Sun 1 Dec, 16:00');
  await expect(page.getByTestId('fixture-card').filter({ hasText: 'Indian Super League' }).first()).toBeVisible();

  await context.close();
});

test('the real season fills the other screens: standings, top scorers, search, a player and the calendar', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'light' }, 'newcomer@example.com');
  const leagues = (await (await page.request.get(`${stack().url}/api/leagues`)).json()) as Array<{ id: number; currentSeason: number }>;
  expect(leagues.map((league) => league.id).sort((a, b) => a - b)).toEqual([2, 39, 323]);

  // the Premier League table as it stood on 28 November 2024: Liverpool top after 12 matches
  await page.goto(`${stack().url}/standings?leagueId=39&season=2024`);
  const first = page.getByRole('row').nth(1);
  await expect(first).toContainText('LIV');
  await expect(first).toContainText('31');

  await page.goto(`${stack().url}/top-scorers/39/2024`);
  await expect(page.getByText('Erling Haaland').first()).toBeVisible();

  // a player is called by the name fans know him by, and found by it or by his legal name; a club by its short
  // name; the one who plays first (a result without a photo shows its initials, "CA")
  await page.goto(`${stack().url}/search?q=casemiro`);
  await expect(page.getByTestId('search-players').getByTestId('search-result')).toHaveText([/^(CA)?\s*Casemiro\s*Manchester United\s*$/]);
  await page.goto(`${stack().url}/search?q=casimiro`);
  const casemiro = page.getByTestId('search-players').getByTestId('search-result');
  await expect(casemiro).toHaveText([/^(CA)?\s*Casemiro\s*Manchester United\s*$/]);
  await casemiro.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Casemiro');
  await expect(page.getByTestId('player-header')).toContainText('Carlos Henrique Casimiro');
  await page.goto(`${stack().url}/search?q=fernandes`);
  await expect(page.getByTestId('search-players').getByTestId('search-result').first()).toContainText('Bruno Fernandes');
  await page.goto(`${stack().url}/search?q=salah`);
  await expect(page.getByTestId('search-players').getByTestId('search-result').first()).toContainText('Mohamed Salah');
  // "Diogo J." on FPL's shirts, beside "Jota Silva": the one who played more comes first, by the name fans use
  await page.goto(`${stack().url}/search?q=jota`);
  await expect(page.getByTestId('search-players').getByTestId('search-result').first()).toContainText('Diogo Jota');
  await page.goto(`${stack().url}/search?q=man%20utd`);
  await expect(page.getByTestId('search-teams').getByTestId('search-result')).toHaveText([/Manchester United/]);

  // the league calendar feed names the real date of every match
  const feed = await page.request.get(`${stack().url}/api/calendar/league/39/2024.ics`);
  expect(feed.ok()).toBe(true);
  const text = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(text).toContain(
    'DESCRIPTION:Replay of 2024-25 season: Premier League\\, Champions League\\, Indian Super League: this match was played on Sun 1 Dec 2024.',
  );
  await context.close();
});

test('a real Premier League match on a phone: its scorers under the score, only the statistics its sources carry, both line-ups with ratings', async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'light' }, 'newcomer@example.com');
  // Southampton 2-3 Liverpool, Sun 24 Nov 2024: Szoboszlai, then Salah twice (FPL gives the scorers, not the minutes)
  const season = (await (await page.request.get(`${stack().url}/api/fixtures/filter?leagueId=39&season=2024`)).json()) as Fixture[];
  const match = season.find((f) => f.homeTeam === 'Southampton' && f.awayTeam === 'Liverpool');
  expect(match).toBeDefined();
  await page.goto(`${stack().url}/fixture-stats/${match!.id}`);
  const away = page.getByTestId('away-scorers');
  await expect(away).toContainText('Salah 2');
  await expect(away).toContainText('Szoboszlai');
  await expect(away).not.toContainText('′');
  await expect(page.getByTestId('home-scorers').getByRole('listitem')).toHaveCount(2);
  await expect(page.getByTestId('player-of-the-match')).toContainText("rating from FPL's bonus points");
  await expect(page.getByTestId('stats-sources')).toContainText('football-data.co.uk');
  // football-data.co.uk has no possession, passes or offsides: no bar says 0 for them
  await expect(page.getByText('Ball Possession')).toHaveCount(0);
  await expect(page.getByText('Total Passes')).toHaveCount(0);
  await expect(page.getByText('Shots on Target').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto(`${stack().url}/fixture-players/${match!.id}`);
  const sides = page.getByTestId('fixture-team');
  await expect(sides).toHaveCount(2);
  for (const side of [sides.nth(0), sides.nth(1)]) {
    await expect(side.getByTestId('lineup-group').getByTestId('fixture-player')).toHaveCount(11);
    await expect(side.getByTestId('lineup-substitutes').getByTestId('fixture-player').first()).toBeVisible();
  }
  const ratings = await page.getByTestId('player-rating').allTextContents();
  expect(ratings.length).toBeGreaterThanOrEqual(22);
  expect(ratings.every((text) => /^(\d{1,2}\.\d|–)$/.test(text.trim()) && text.trim() !== '0.0')).toBe(true);
  await expect(page.getByTestId('player-of-the-match')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await context.close();
});
