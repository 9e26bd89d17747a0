import { expect, test } from '@playwright/test';
import { ANALYTICS_ENDPOINT, baseUrl } from './support/session';
import { follow, signedInPage } from './support/screens';

/** Spec §7: a page view per route change to the configured collector; a failing collector is a console warning only. */
test('each route change reports its path to the analytics collector; an unreachable collector only logs a warning', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'analytics@example.com');
  const views: Array<Record<string, unknown>> = [];
  await page.route(ANALYTICS_ENDPOINT, async (route) => {
    views.push(JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>);
    await route.fulfill({ status: 202, body: 'ok' });
  });
  await page.goto(`${baseUrl()}/?tab=tomorrow`);
  await expect(page.getByTestId('fixture-card').first()).toBeVisible();
  const nav = page.getByTestId('primary-nav-header');
  await follow(page, nav.getByRole('link', { name: 'Leagues' }), `${baseUrl()}/leagues`);
  await expect.poll(() => views.length).toBe(2);
  // Paths only (the query string stays in the app); the referrer is the app's previous page
  expect(views).toEqual([
    { name: 'pageview', url: `${baseUrl()}/`, domain: 'e2e.matchday.test', referrer: null },
    { name: 'pageview', url: `${baseUrl()}/leagues`, domain: 'e2e.matchday.test', referrer: `${baseUrl()}/` },
  ]);

  // The collector is down: the app goes on, the console has a warning and no error from the app
  await page.unroute(ANALYTICS_ENDPOINT);
  await page.route(ANALYTICS_ENDPOINT, (route) => route.abort('connectionrefused'));
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await follow(page, nav.getByRole('link', { name: 'Tips' }), `${baseUrl()}/betting-tips`);
  await expect(page.getByRole('heading', { level: 1, name: 'Football Betting Tips & Predictions' })).toBeVisible();
  await expect.poll(() => warnings.some((text) => text.includes('Analytics: page view not reported'))).toBe(true);
  await context.close();
});
