import { expect, test } from '@playwright/test';
import type { HeadToHeadMatch } from '@matchday/contracts';
import { baseUrl } from './support/session';
import { failApi, getJson, JOURNEY_LOOKS, lookName, signedInPage, follow } from './support/screens';
import { upcomingFixture } from './support/demo-data';

for (const look of JOURNEY_LOOKS) {
  test(`head-to-head from a fixture card: wins, last five, biggest win and loss, a match opens its statistics (${lookName(look)})`, async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser, look, `h2h.${look.width}.${look.theme}@example.com`);
    const fixture = await upcomingFixture(page);
    await page.goto(`${baseUrl()}/?league=${fixture.leagueId}`);
    await follow(
      page,
      page
        .getByTestId('fixture-card')
        .filter({ hasText: fixture.homeTeam })
        .filter({ hasText: fixture.awayTeam })
        .first()
        .getByRole('link', { name: /head to head/i }),
      `${baseUrl()}/h2h?homeTeamId=${fixture.homeTeamId}&awayTeamId=${fixture.awayTeamId}&tab=today`,
    );
    const matches = await getJson<HeadToHeadMatch[]>(page, `/api/h2h?homeTeamId=${fixture.homeTeamId}&awayTeamId=${fixture.awayTeamId}`);
    expect(matches.length).toBeGreaterThan(0);
    const completed = matches
      .filter((m) => m.goalsHome !== null && m.goalsAway !== null)
      .sort((a, b) => b.eventDate.localeCompare(a.eventDate));
    const forA = (m: HeadToHeadMatch) =>
      m.homeTeamId === fixture.homeTeamId ? [m.goalsHome!, m.goalsAway!] : [m.goalsAway!, m.goalsHome!];
    const winsA = completed.filter((m) => forA(m)[0]! > forA(m)[1]!).length;
    const winsB = completed.filter((m) => forA(m)[0]! < forA(m)[1]!).length;
    await expect(page.getByTestId('wins-a')).toHaveText(String(winsA));
    await expect(page.getByTestId('wins-b')).toHaveText(String(winsB));
    await expect(page.getByTestId('draws')).toHaveText(String(completed.length - winsA - winsB));
    await expect(page.getByTestId('completed').getByTestId('h2h-match')).toHaveCount(completed.length);
    await expect(page.getByTestId('h2h-match')).toHaveCount(matches.length);
    if (completed.length > 0) {
      const lastFive = completed.slice(0, 5);
      const letters = lastFive.map((m) => (forA(m)[0]! > forA(m)[1]! ? 'W' : forA(m)[0]! < forA(m)[1]! ? 'L' : 'D')).reverse();
      await expect(page.getByTestId('last-five').getByTestId('form')).toHaveText(letters.join(''));
      const goalsA = lastFive.reduce((t, m) => t + forA(m)[0]!, 0);
      const goalsB = lastFive.reduce((t, m) => t + forA(m)[1]!, 0);
      await expect(page.getByTestId('last-five-goals')).toContainText(`${goalsA} - ${goalsB}`);
      const best = lastFive
        .filter((m) => forA(m)[0]! > forA(m)[1]!)
        .sort((x, y) => forA(y)[0]! - forA(y)[1]! - (forA(x)[0]! - forA(x)[1]!))[0];
      await expect(page.getByTestId('biggest-win')).toContainText(best ? `${forA(best)[0]} - ${forA(best)[1]}` : 'None');
      const latest = completed[0]!;
      await follow(
        page,
        page.getByTestId('completed').getByTestId('h2h-match').first().getByRole('link'),
        `${baseUrl()}/fixture-stats/${latest.fixtureId}`,
      );
      await expect(page.getByTestId('score')).toHaveText(`${latest.goalsHome} - ${latest.goalsAway}`);
      await page.goBack();
    }
    await follow(page, page.getByRole('link', { name: 'Back to Fixtures' }), `${baseUrl()}/?tab=today`);
    await context.close();
  });
}

test('head-to-head without both teams, with unknown teams, or with the service failing', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'light' }, 'h2h.states@example.com');
  for (const query of ['homeTeamId=1', 'homeTeamId=999991&awayTeamId=999992&tab=week']) {
    await page.goto(`${baseUrl()}/h2h?${query}`);
    await expect(page.getByText('No H2H Data Available')).toBeVisible();
    await expect(page.getByText('Head-to-head matches are not available for these teams')).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Back to Fixtures' })).toHaveAttribute('href', '/?tab=week');
  await failApi(page, /\/api\/h2h/);
  await page.goto(`${baseUrl()}/h2h?homeTeamId=1&awayTeamId=2`);
  await expect(page.getByText('No H2H Data Available')).toBeVisible();
  await context.close();
});
