import { expect, test, type Page } from '@playwright/test';
import { baseUrl, signIn } from './support/session';
import { blockingViolations, saveScreenshot, signedInPage, type Look } from './support/screens';

// The rest of the suite blocks service workers (they would answer what page.route() mocks): not here.
test.use({ serviceWorkers: 'allow' });

const API_CACHE = 'matchday-api';

/** Waits until /sw.js is active and controls the page (the first visit: clientsClaim at activation). */
async function waitForControl(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Reloads and waits for the boot's read of /version.json (what later checks compare with). */
async function reloadReadingVersion(page: Page): Promise<void> {
  const bootRead = page.waitForResponse((response) => response.url().endsWith('/version.json'));
  await page.reload();
  await bootRead;
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeVisible();
}

async function apiCacheUrls(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => request.url);
  }, API_CACHE);
}

/** Signs in, lets the worker take control and reloads Home so its reads pass through (and into) the cache. */
async function controlledHome(page: Page): Promise<void> {
  expect(await waitForControl(page)).toBe(`${baseUrl()}/sw.js`);
  await page.reload();
  await expect(page.getByTestId('fixture-card').first()).toBeVisible();
  await expect.poll(async () => (await apiCacheUrls(page)).some((url) => url.includes('/api/fixtures/filter'))).toBe(true);
}

for (const look of [
  { width: 390, theme: 'light' },
  { width: 1280, theme: 'dark' },
] satisfies Look[]) {
  test(`installable at ${look.width}px: manifest linked, icons and favicon served, service worker registered and controlling, axe clean`, async ({
    browser,
  }) => {
    const { page, context } = await signedInPage(browser, look, `pwa.install.${look.width}@example.com`);
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifestReply = await page.request.get(`${baseUrl()}${manifestHref}`);
    expect(manifestReply.status()).toBe(200);
    expect(manifestReply.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await manifestReply.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Matchday', start_url: '/', display: 'standalone', theme_color: '#0b1120' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const reply = await page.request.get(`${baseUrl()}${icon.src}`);
      expect(reply.status(), icon.src).toBe(200);
      expect(reply.headers()['content-type']).toBe('image/png');
    }
    const favicon = await page.request.get(`${baseUrl()}/favicon.ico`);
    expect(favicon.status()).toBe(200);
    expect((await favicon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0])); // ICO header
    const ogImage = await page.request.get(`${baseUrl()}/og-image.svg`);
    expect(ogImage.status()).toBe(200);
    expect(await ogImage.text()).toContain('width="1200" height="630"');

    expect(await waitForControl(page)).toBe(`${baseUrl()}/sw.js`);
    const registration = await page.evaluate(async () => {
      const registered = await navigator.serviceWorker.getRegistration('/');
      return { scope: registered?.scope, active: registered?.active?.state };
    });
    expect(registration).toEqual({ scope: `${baseUrl()}/`, active: 'activated' });

    const install = page.getByRole('button', { name: 'Install App' });
    await install.scrollIntoViewIfNeeded();
    await expect(install).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeVisible();
    await saveScreenshot(page, 'pwa-footer', look);
    expect(await blockingViolations(page)).toEqual([]);
    await context.close();
  });
}

test('with the context offline, a reload of Home still shows the fixtures seen before, under the offline banner', async ({ browser }) => {
  const look: Look = { width: 390, theme: 'dark' };
  const { page, context } = await signedInPage(browser, look, 'pwa.offline@example.com');
  await controlledHome(page);
  const cards = page.getByTestId('fixture-card');
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  const firstCard = ((await cards.first().textContent()) ?? '').trim();
  await expect(page.getByText('Offline — showing saved data')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Offline — showing saved data')).toBeVisible();
  await expect(cards).toHaveCount(count);
  await expect(cards.first()).toHaveText(firstCard);
  // The network really is off for the worker too: a read it has never seen fails.
  expect(
    await page.evaluate(() =>
      fetch('/api/standings?leagueId=999999&season=1999').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await saveScreenshot(page, 'pwa-offline', look);
  expect(await blockingViolations(page)).toEqual([]);

  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(page.getByText('Offline — showing saved data')).toHaveCount(0);
  await context.close();
});

test('signing out empties the saved API replies; a signed-out 401 is never saved', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'pwa.signout@example.com');
  await controlledHome(page);
  expect((await apiCacheUrls(page)).some((url) => url.includes('/api/auth/user'))).toBe(true);
  expect((await apiCacheUrls(page)).every((url) => !url.includes('_cb='))).toBe(true);

  await page.goto(`${baseUrl()}/auth/logout`);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(await apiCacheUrls(page)).toEqual([]);
  await context.close();
});

test('the update check finds a new build: Update Available! toast, Update Now reloads the page', async ({ browser }) => {
  const look: Look = { width: 1280, theme: 'dark' };
  const { page, context } = await signedInPage(browser, look, 'pwa.update@example.com');
  await waitForControl(page);
  await reloadReadingVersion(page);
  const check = page.getByRole('button', { name: 'Check for Updates' });
  await check.click();
  await expect(page.getByTestId('toast')).toContainText("You're Up to Date!");

  // A new shell build is deployed: /version.json now names another build time.
  await context.route('**/version.json', (route) => route.fulfill({ json: { buildTime: '2099-01-01T00:00:00.000Z' } }));
  await check.click();
  await expect(page.getByTestId('toast')).toContainText('Update Available!');
  const updateNow = page.getByRole('button', { name: 'Update Now' });
  await expect(updateNow).toBeVisible();
  await saveScreenshot(page, 'pwa-update', look);
  expect(await blockingViolations(page)).toEqual([]);

  const reloaded = page.waitForEvent('load');
  await updateNow.click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeVisible();
  await context.close();
});

test('the automatic update check runs 30 s after load and shows its toast', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.clock.install();
  await signIn(page, 'pwa.auto-update@example.com');
  await reloadReadingVersion(page);
  await context.route('**/version.json', (route) => route.fulfill({ json: { buildTime: '2099-01-01T00:00:00.000Z' } }));
  await page.clock.fastForward(29_000);
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeVisible();
  await page.clock.fastForward(1_500);
  await expect(page.getByTestId('toast')).toContainText('Update Available!');
  await expect(page.getByRole('button', { name: 'Update Now' })).toBeVisible();
  await context.close();
});
