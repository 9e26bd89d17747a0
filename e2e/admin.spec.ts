import { expect, test, type Page } from '@playwright/test';
import type { AdminDashboard, AdminTrends, AppFiles, RemoteManifest, RemotesReply } from '@matchday/contracts';
import { baseUrl } from './support/session';
import { blockingViolations, getJson, lookName, saveScreenshot, signedInPage, type Look } from './support/screens';

const ADMIN = 'admin@matchday.test';
const LOOKS: readonly Look[] = [
  { width: 390, theme: 'light' },
  { width: 1280, theme: 'dark' },
];
const toast = (page: Page) => page.getByTestId('toast');

for (const look of LOOKS) {
  test(`admin dashboard as the admin at ${lookName(look)}: figures, trends, refresh cache, PWA files, remotes; axe clean`, async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser, look, ADMIN);
    await page.goto(`${baseUrl()}/admin`);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Admin Dashboard | Matchday');

    const dashboard = await getJson<AdminDashboard>(page, '/api/admin/dashboard');
    await expect(page.getByTestId('total-users')).toHaveText(String(dashboard.totalUsers));
    await expect(page.getByTestId('logins-month')).toHaveText(String(dashboard.loginStats.thisMonth));
    await expect(page.getByTestId('recent-users')).toContainText(ADMIN);

    // PWA files: ready, listing what the shell build produced (or saying there is nothing yet)
    const files = await getJson<AppFiles>(page, '/api/admin/pwa-files');
    const pwa = page.getByTestId('pwa-files');
    await expect(pwa).toHaveAttribute('data-state', 'ready');
    if (files.manifest) await expect(pwa.getByRole('link', { name: files.manifest.name })).toHaveAttribute('href', files.manifest.url);
    else if (!files.serviceWorker && files.icons.length === 0 && files.logos.length === 0)
      await expect(pwa).toContainText('The shell build has no web app manifest, service worker or icons yet.');

    // Remotes: the live version of each remote, as the manifest serves it
    const manifest = (await (await page.request.get(`${baseUrl()}/mf-manifest.json`)).json()) as RemoteManifest;
    for (const [name, entry] of Object.entries(manifest.remotes)) {
      await expect(page.getByTestId(`remote-${name}`).getByTestId('live-version')).toHaveText(entry?.version ?? 'not built');
    }

    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin', look);

    // Trend dialog: real series, period switch, Escape closes and gives focus back
    const trendButton = page.getByRole('button', { name: 'Sign-ins trend' });
    await trendButton.click();
    const dialog = page.getByRole('dialog', { name: 'Sign-ins per day' });
    await expect(dialog).toBeVisible();
    const week = await getJson<AdminTrends>(page, '/api/admin/trends?period=7d');
    await expect(dialog.getByTestId('trend-summary')).toHaveText(
      `${week.totals.signIns} sign-in${week.totals.signIns === 1 ? '' : 's'} in the last 7 days (${week.from} to ${week.to}).`,
    );
    await expect(dialog.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await dialog.getByRole('button', { name: '1y' }).click();
    await expect(dialog.getByRole('button', { name: '1y' })).toHaveAttribute('aria-pressed', 'true');
    const year = await getJson<AdminTrends>(page, '/api/admin/trends?period=1y');
    expect(year.days).toHaveLength(365);
    await expect(dialog.getByTestId('trend-summary')).toHaveText(
      `${year.totals.signIns} sign-in${year.totals.signIns === 1 ? '' : 's'} in the last year (${year.from} to ${year.to}).`,
    );
    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-trend', look);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trendButton).toBeFocused();

    await page.getByRole('button', { name: 'New users trend' }).click();
    await expect(page.getByRole('dialog', { name: 'New users per day' }).getByTestId('trend-summary')).toContainText(
      /\d+ new users? in the last 7 days/,
    );
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Refresh Cache' }).click();
    await expect(toast(page)).toContainText('Cache Refreshed!');
    await expect(toast(page)).toContainText('Cache cleared');
    await context.close();
  });
}

test('admin dashboard failures: cache refresh refused or unreachable, PWA files failed, dashboard 401 is Access Denied', async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, ADMIN);

  await page.route('**/api/admin/pwa-files*', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"disk unreadable"}' }),
  );
  await page.route('**/api/admin/clear-cache', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Cache is busy"}' }),
  );
  await page.goto(`${baseUrl()}/admin`);
  const pwa = page.getByTestId('pwa-files');
  await expect(pwa).toHaveAttribute('data-state', 'failed');
  await expect(pwa.getByRole('alert')).toContainText('Failed to Load PWA Files');
  await expect(pwa.getByRole('alert')).toContainText('500: {"message":"disk unreadable"}');
  await page.getByRole('button', { name: 'Refresh Cache' }).click();
  await expect(toast(page)).toContainText('Cache Refresh Failed');
  await expect(toast(page)).toContainText('Cache is busy');

  await page.unroute('**/api/admin/clear-cache');
  await page.route('**/api/admin/clear-cache', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Refresh Cache' }).click();
  await expect(toast(page)).toContainText('Cache Refresh Error');
  await expect(toast(page)).toContainText('Failed to refresh cache');

  await page.unroute('**/api/admin/pwa-files*');
  await page.route('**/api/admin/pwa-files*', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByTestId('pwa-files').getByRole('alert')).toContainText('Error Loading PWA Files');

  await page.route('**/api/admin/dashboard*', (route) =>
    route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Not signed in"}' }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText("You don't have permission to view this page.")).toBeVisible();
  await context.close();
});

for (const look of LOOKS) {
  test(`a fan sees Access Denied on /admin at ${lookName(look)}, and the admin endpoints refuse them`, async ({ browser }) => {
    const { page, context } = await signedInPage(browser, look, 'e2e.fan.admin-page@example.com');
    await page.goto(`${baseUrl()}/admin`);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You don't have permission to view this page.")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Cache' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);
    await saveScreenshot(page, 'admin-denied', look);
    for (const path of ['/api/admin/dashboard', '/api/admin/remotes', '/api/admin/trends?period=7d', '/api/admin/pwa-files']) {
      const response = await page.request.get(`${baseUrl()}${path}`);
      expect({ path, status: response.status() }).toEqual({ path, status: 403 });
    }
    const rollback = await page.request.post(`${baseUrl()}/api/admin/remotes/mf-stats/rollback`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(rollback.status()).toBe(403);
    const remotes = (await (await page.request.get(`${baseUrl()}/mf-manifest.json`)).json()) as RemoteManifest;
    expect(remotes.remotes['mf-stats']).not.toBeNull();
    await context.close();
  });
}

test('the admin endpoints answer 401 without a session', async ({ request }) => {
  for (const path of ['/api/admin/remotes', '/api/admin/trends?period=30d']) {
    const response = await request.get(`${baseUrl()}${path}`);
    expect({ path, status: response.status() }).toEqual({ path, status: 401 });
  }
  const list = await request.get(`${baseUrl()}/api/admin/remotes`);
  expect(((await list.json()) as Partial<RemotesReply>).remotes).toBeUndefined();
});
