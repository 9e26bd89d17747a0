import { expect, test } from '@playwright/test';
import type { Fixture, FixturePage } from '@matchday/contracts';
import { baseUrl } from './support/session';
import { failApi, follow, getJson, holdApi, JOURNEY_LOOKS, lookName, signedInPage } from './support/screens';

for (const look of JOURNEY_LOOKS) {
  test.describe(`Home at ${lookName(look)}`, () => {
    test('fixture cards match the API; the week tab and a league keep their filter in the URL', async ({ browser }) => {
      const { page, context } = await signedInPage(browser, look, `home.${look.width}.${look.theme}@example.com`);
      await expect(page.getByRole('heading', { name: 'Upcoming Fixtures' })).toBeVisible();
      await expect(page).toHaveTitle('Upcoming Fixtures | Matchday');
      await page.getByRole('tab', { name: 'This Week' }).click();
      await expect(page).toHaveURL(/\?tab=week$/);
      // The week comes a page at a time: the first page's cards, then "Show N more" adds the next page.
      const week = await getJson<FixturePage>(page, '/api/fixtures/filter?type=week&tz=UTC&limit=48');
      const cards = page.getByTestId('fixture-card');
      await expect(cards).toHaveCount(week.fixtures.length);
      const showMore = page.getByRole('button', { name: /^Show \d+ more$/ });
      if (week.nextCursor) {
        const more = Math.min(48, week.total - week.fixtures.length);
        await expect(page.getByText(`Showing ${week.fixtures.length} of ${week.total} fixtures`)).toBeVisible();
        await page.getByRole('button', { name: `Show ${more} more` }).click();
        await expect(cards).toHaveCount(week.fixtures.length + more);
        const next = await getJson<FixturePage>(page, `/api/fixtures/filter?type=week&tz=UTC&limit=48&cursor=${week.nextCursor}`);
        await expect(cards.nth(week.fixtures.length)).toContainText(next.fixtures[0]!.homeTeam);
        if (!next.nextCursor) await expect(showMore).toHaveCount(0);
      } else {
        await expect(showMore).toHaveCount(0);
      }
      const first = week.fixtures[0]!;
      await expect(cards.first()).toContainText(first.homeTeam);
      await expect(cards.first()).toContainText(first.awayTeam);
      await expect(cards.first()).toContainText(first.leagueName);
      if (first.venue) await expect(cards.first()).toContainText(first.venue);
      await expect(cards.first().getByRole('link', { name: /head to head/i })).toHaveAttribute(
        'href',
        `/h2h?homeTeamId=${first.homeTeamId}&awayTeamId=${first.awayTeamId}&tab=week`,
      );
      // a logo-less team shows its two-letter initials
      if (!first.homeTeamLogo) {
        const words = first.homeTeam.split(/\s+/);
        await expect(cards.first()).toContainText((words.length > 1 ? words[0]![0]! + words[1]![0]! : words[0]!.slice(0, 2)).toUpperCase());
      }
      await context.close();
    });
  });
}

test('the team filter searches by name (case-insensitive), clears tab and league, and is kept in the URL', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'home.team@example.com');
  const all = await getJson<Fixture[]>(page, '/api/fixtures?tz=UTC');
  const team = all[0]!.homeTeam;
  const needle = team.split(' ')[0]!.toUpperCase();
  await page.getByLabel('League', { exact: true }).selectOption({ index: 1 });
  await expect(page).toHaveURL(/\?league=\d+$/);
  await page.getByLabel('Team', { exact: true }).fill(needle);
  // follow() clicks again if the first click fell inside the 100 ms navigation guard that follows the league change
  await follow(page, page.getByRole('button', { name: 'Search' }), new RegExp(`\\?team=${needle}$`));
  await expect(page.getByRole('heading', { name: `${needle} Fixtures` })).toBeVisible();
  await expect(page.getByLabel('League', { exact: true })).toHaveValue('');
  const expected = all.filter((f) => `${f.homeTeam} ${f.awayTeam}`.toLowerCase().includes(needle.toLowerCase()));
  // the first page of the team's list (48 cards, then "Show N more")
  await expect(page.getByTestId('fixture-card')).toHaveCount(Math.min(expected.length, 48));
  await follow(page, page.getByRole('tab', { name: 'Tomorrow' }), /\?tab=tomorrow$/);
  await expect(page.getByLabel('Team', { exact: true })).toHaveValue('');
  await context.close();
});

test('"Show more" still adds the next page when a Refresh moves the end of the first page while it reads', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'home.more@example.com');
  // the week's first page is four matches here; after the Refresh it is one match shorter (that match left the list)
  let shorter = false;
  await page.route(/\/api\/fixtures\/filter\?type=week&tz=[^&]+&limit=48(&_cb=\d+)?$/, async (route) => {
    const reply = (await (await route.fetch({ url: route.request().url().replace('limit=48', 'limit=4') })).json()) as FixturePage;
    await route.fulfill({ json: shorter ? { ...reply, fixtures: reply.fixtures.slice(1), total: reply.total - 1 } : reply });
  });
  const week = await getJson<FixturePage>(page, '/api/fixtures/filter?type=week&tz=UTC&limit=4');
  expect(week.nextCursor, 'the week has more than four matches').toBeTruthy();
  const next = await getJson<FixturePage>(page, `/api/fixtures/filter?type=week&tz=UTC&limit=48&cursor=${week.nextCursor}`);
  await follow(page, page.getByRole('tab', { name: 'This Week' }), /\?tab=week$/);
  const cards = page.getByTestId('fixture-card');
  await expect(cards).toHaveCount(4);
  const release = await holdApi(page, /\/api\/fixtures\/filter\?type=week&.*cursor=/);
  await page.getByRole('button', { name: /^Show \d+ more$/ }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  shorter = true;
  await page.getByRole('button', { name: 'Refresh fixtures' }).click();
  await expect(page.getByTestId('toast')).toContainText('Fixtures Updated');
  await expect(cards).toHaveCount(3);
  release();
  await expect(cards).toHaveCount(3 + next.fixtures.length);
  await expect(cards.nth(3)).toContainText(next.fixtures[0]!.homeTeam);
  await context.close();
});

test('six skeleton cards while loading, then Refresh shows its success and failure toasts', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'dark' }, 'home.refresh@example.com');
  // the four day tabs on one row at phone width, and nothing wider than the screen
  await expect(page.getByRole('tab')).toHaveCount(4);
  const tops = await page.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const release = await holdApi(page, /\/api\/fixtures\/filter\?type=tomorrow/);
  await page.getByRole('tab', { name: 'Tomorrow' }).click();
  await expect(page.getByTestId('fixture-skeleton')).toHaveCount(6);
  release();
  await expect(page.getByTestId('fixture-card').first()).toBeVisible();
  await expect(page.getByTestId('fixture-skeleton')).toHaveCount(0);

  await page.getByRole('button', { name: 'Refresh fixtures' }).click();
  await expect(page.getByTestId('toast')).toContainText('Fixtures Updated');
  await expect(page.getByTestId('toast')).toContainText('Latest fixture data has been loaded');

  await page.unroute(/\/api\/fixtures\/filter\?type=tomorrow/);
  await failApi(page, /\/api\/fixtures\/filter/);
  await expect(page.getByRole('button', { name: 'Refresh fixtures' })).toBeEnabled();
  await page.getByRole('button', { name: 'Refresh fixtures' }).click();
  await expect(page.getByTestId('toast')).toContainText('Refresh Failed');
  await expect(page.getByTestId('toast')).toContainText('Unable to refresh fixtures. Please try again.');
  // the list already shown stays
  await expect(page.getByTestId('fixture-card').first()).toBeVisible();
  await context.close();
});

test('a failing fixtures service shows the spec message with the status and body', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'dark' }, 'home.down@example.com');
  await failApi(page, /\/api\/fixtures\/filter/);
  await page.goto(`${baseUrl()}/?tab=week`);
  await expect(page.getByRole('heading', { name: 'Failed to fetch fixtures' })).toBeVisible();
  await expect(page.getByText('500: service unavailable')).toBeVisible();
  await context.close();
});
