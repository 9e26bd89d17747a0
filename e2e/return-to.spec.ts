import { expect, test } from '@playwright/test';
import { baseUrl } from './support/session';
import { signedInPage } from './support/screens';
import { upcomingFixture } from './support/demo-data';

/** A returnTo that the browser would resolve to another host never leaves the app. */
test('returnTo to another host falls back to the screen default; a same-origin path is kept', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'return-to@example.com');
  const { homeTeamId, leagueId, season } = await upcomingFixture(page);
  const origin = new URL(baseUrl()).origin;

  for (const evil of ['/%5Cevil.example', '//evil.example', '/.//evil.example', 'https://evil.example/']) {
    await page.goto(`${baseUrl()}/team-stats/${homeTeamId}/${leagueId}/${season}?returnTo=${evil}`);
    const back = page.getByTestId('back-link');
    await expect(back).toBeVisible();
    const href = await back.evaluate((a) => (a as HTMLAnchorElement).href);
    expect(new URL(href).origin).toBe(origin);
    await back.click();
    await expect(page).toHaveURL(`${origin}/standings?leagueId=${leagueId}&season=${season}`);

    await page.goto(`${baseUrl()}/top-scorers/${leagueId}/${season}?returnTo=${evil}`);
    await page.getByTestId('back-link').click();
    await expect(page).toHaveURL(`${origin}/`);
  }

  await page.goto(`${baseUrl()}/team-stats/${homeTeamId}/${leagueId}/${season}?returnTo=${encodeURIComponent(`/?league=${leagueId}`)}`);
  await page.getByTestId('back-link').click();
  await expect(page).toHaveURL(`${origin}/?league=${leagueId}`);
  await context.close();
});
