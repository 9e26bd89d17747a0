import { expect, test } from '@playwright/test';
import type { FixturePlayer, FixtureStats } from '@matchday/contracts';
import { baseUrl } from './support/session';
import { failApi, getJson, JOURNEY_LOOKS, lookName, signedInPage, follow } from './support/screens';
import { finishedFixture, rules, upcomingFixture } from './support/demo-data';

for (const look of JOURNEY_LOOKS) {
  test(`fixture stats and fixture players of a finished match (${lookName(look)})`, async ({ browser }) => {
    const { page, context } = await signedInPage(browser, look, `fixture.${look.width}.${look.theme}@example.com`);
    const fixture = await finishedFixture(page);
    const stats = await getJson<FixtureStats>(page, `/api/fixture-stats/${fixture.id}`);
    await page.goto(`${baseUrl()}/fixture-stats/${fixture.id}`);
    const header = page.getByTestId('fixture-header');
    await expect(header).toContainText(stats.leagueName);
    await expect(header).toContainText(stats.homeTeamName);
    await expect(header).toContainText(stats.awayTeamName);
    await expect(page.getByTestId('score')).toHaveText(`${stats.homeTeamGoalScored} - ${stats.awayTeamGoalScored}`);
    await expect(page.getByTestId('status-badge')).toHaveText('Full Time');
    if (stats.venue) await expect(page.getByTestId('venue')).toContainText(stats.venue);
    await expect(page).toHaveTitle(`${stats.homeTeamName} vs ${stats.awayTeamName} Match Stats | Matchday`);
    await expect(page.getByRole('link', { name: 'Back to Fixtures' })).toHaveAttribute('href', '/');

    const cards = page.getByTestId('comparison-card');
    await expect(cards).toHaveCount(4);
    for (const [index, title] of ['Shots & Goals', 'Possession & Passing', 'Defending', 'Discipline & Set Pieces'].entries()) {
      await expect(cards.nth(index).getByRole('heading')).toHaveText(title);
    }
    const row = (label: string) => page.getByTestId('comparison-row').filter({ has: page.getByText(label, { exact: true }) });
    await expect(row('Total Shots').getByTestId('home-value')).toHaveText(String(rules.stripPercent(stats.homeTeamTotalShots)));
    await expect(row('Total Shots').getByTestId('away-value')).toHaveText(String(rules.stripPercent(stats.awayTeamTotalShots)));
    await expect(row('Ball Possession').getByTestId('home-value')).toHaveText(`${rules.stripPercent(stats.homeTeamBallPossession)}%`);
    await expect(row('Corner Kicks').getByTestId('away-value')).toHaveText(String(rules.stripPercent(stats.awayTeamCornerKicks)));
    await expect(row('Yellow Cards').getByTestId('home-value')).toHaveText(String(rules.stripPercent(stats.homeTeamYelloCards)));

    // the line-ups (every player who played, without a bench from FPL), and back
    await follow(page, page.getByRole('link', { name: 'Line-ups' }), `${baseUrl()}/fixture-players/${fixture.id}`);
    const players = await getJson<FixturePlayer[]>(page, `/api/fixture/${fixture.id}/players`);
    expect(players.length).toBeGreaterThan(0);
    const teams = page.getByTestId('fixture-team');
    await expect(teams).toHaveCount(new Set(players.map((p) => p.teamId)).size);
    await expect(teams.first()).toContainText(stats.homeTeamName);
    await expect(page.getByTestId('fixture-player')).toHaveCount(players.length);
    const sample = players[0]!;
    const item = page
      .getByTestId('fixture-player')
      .filter({ has: page.getByText(sample.playerName, { exact: true }) })
      .first();
    await expect(item.getByTestId('player-rating')).toHaveText(rules.oneDecimal(sample.rating));
    await expect(item.getByTestId('minutes')).toHaveText(String(sample.minutesPlayed ?? 0));
    await follow(page, page.getByRole('link', { name: 'Back to Fixture Stats' }), `${baseUrl()}/fixture-stats/${fixture.id}`);
    await context.close();
  });
}

test('comparison bars split 50/50 when both values are 0, and percent signs are stripped', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'fixture.split@example.com');
  const fixture = await finishedFixture(page);
  await page.route(`**/api/fixture-stats/${fixture.id}?*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as FixtureStats;
    await route.fulfill({
      response,
      json: {
        ...body,
        homeTeamRedCards: 0,
        awayTeamRedCards: 0,
        homeTeamBallPossession: '64%',
        awayTeamBallPossession: '36%',
        homeTeamFouls: null,
        awayTeamFouls: 6,
      },
    });
  });
  await page.goto(`${baseUrl()}/fixture-stats/${fixture.id}?playerId=7&leagueId=${fixture.leagueId}&season=${fixture.season}`);
  await expect(page.getByRole('link', { name: 'Back to Player Stats' })).toHaveAttribute(
    'href',
    `/player/7/${fixture.leagueId}/${fixture.season}?tab=league`,
  );
  const row = (label: string) => page.getByTestId('comparison-row').filter({ has: page.getByText(label, { exact: true }) });
  await expect(row('Ball Possession').getByTestId('home-value')).toHaveText('64%');
  await expect(row('Fouls').getByTestId('home-value')).toHaveText('0');
  const widths = async (label: string) => {
    const segments = row(label).getByTestId('split-segment');
    await expect(segments).toHaveCount(2);
    const boxes = await Promise.all([0, 1].map(async (i) => (await segments.nth(i).boundingBox())!.width));
    return boxes;
  };
  const [redHome, redAway] = await widths('Red Cards');
  expect(Math.abs(redHome! - redAway!)).toBeLessThan(1.5);
  const [possHome, possAway] = await widths('Ball Possession');
  expect(possHome! / (possHome! + possAway!)).toBeCloseTo(0.64, 1);
  await context.close();
});

test('unknown fixtures, an unplayed fixture and a failing service show the spec messages', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'dark' }, 'fixture.unknown@example.com');
  await page.goto(`${baseUrl()}/fixture-stats/99999991`);
  await expect(page.getByText('Fixture statistics not found')).toBeVisible();
  await expect(page.getByText('No statistics available for this fixture')).toBeVisible();
  await page.goto(`${baseUrl()}/fixture-stats/abc`);
  await expect(page.getByText('Fixture not found')).toBeVisible();
  const upcoming = await upcomingFixture(page);
  await page.goto(`${baseUrl()}/fixture-players/${upcoming.id}`);
  await expect(page.getByText('Line-ups not available')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Fixture Stats' })).toHaveAttribute('href', `/fixture-stats/${upcoming.id}`);
  await failApi(page, /\/api\/fixture-stats\//);
  await page.goto(`${baseUrl()}/fixture-stats/${upcoming.id}`);
  await expect(page.getByText('Fixture statistics not found')).toBeVisible();
  await context.close();
});
