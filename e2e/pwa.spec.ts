import { expect, test, type Page } from '@playwright/test';
import { baseUrl, signIn, signInAsAnotherUser } from './support/session';
import { blockingViolations, saveScreenshot, signedInPage, type Look } from './support/screens';

// The rest of the suite blocks service workers (they would answer what page.route() mocks): not here.
test.use({ serviceWorkers: 'allow' });

const API_CACHE = 'matchday-api';

/**
 * Waits until /sw.js is active and controls the page, on the events that say so rather than a wall-clock bound
 * (a loaded CI machine missed 20 s): `navigator.serviceWorker.ready` (a worker is active), then,
 * if the page is not controlled yet, the `controllerchange` of clientsClaim() at activation, or the activation
 * finishing without it, in which case a reload (a page loaded under an active worker is controlled) settles it.
 */
async function waitForControl(page: Page): Promise<string> {
  const controlled = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return true;
    await new Promise<void>((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
      const worker = registration.active;
      if (!worker || worker.state === 'activated') resolve();
      else worker.addEventListener('statechange', () => worker.state !== 'activating' && resolve());
    });
    return navigator.serviceWorker.controller !== null;
  });
  if (!controlled) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/**
 * After a load with the context offline: Chromium (150, under Playwright) keeps `navigator.onLine` true in a page the
 * worker answered while the context is offline (the emulation reaches the network, not that flag, and so no
 * 'offline' event comes). The page is told as a browser tells it, with an 'offline' event, once its PWA runtime
 * listens (the footer's controls are drawn); a browser that got it right is left alone.
 */
async function tellPageItIsOffline(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeAttached();
  await page.evaluate(() => navigator.onLine && window.dispatchEvent(new Event('offline')));
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
  await tellPageItIsOffline(page);
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

test("signing out (the menu's form, a POST) empties the saved API replies; personal replies and a 401 are never saved", async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'pwa.signout@example.com');
  await controlledHome(page);
  const saved = await apiCacheUrls(page);
  expect(saved.some((url) => url.includes('/api/fixtures/filter'))).toBe(true);
  // /api/auth/user (sent no-store, and personal) never enters the worker's cache
  expect(saved.filter((url) => url.includes('/api/auth/user'))).toEqual([]);
  expect(saved.every((url) => !url.includes('_cb='))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('matchday:last-user'))).toContain('pwa.signout@example.com');

  // Log out from the avatar menu: a form POSTed to /auth/logout (answered 303 to /)
  await page.getByRole('button', { name: 'Account menu' }).click();
  const logout = page.getByRole('button', { name: 'Log out' });
  await expect(logout).toBeVisible();
  const sent = page.waitForRequest((request) => request.url() === `${baseUrl()}/auth/logout`);
  await logout.click();
  expect((await sent).method()).toBe('POST');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  expect(await apiCacheUrls(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('matchday:last-user'))).toBeNull();
  expect((await page.request.get(`${baseUrl()}/api/auth/user`)).status()).toBe(401);
  await context.close();
});

test("two accounts on one device, offline: the second never sees the first's replies", async ({ browser }) => {
  const look: Look = { width: 1280, theme: 'dark' };
  const alice = { email: 'pwa.alice.first@example.com', firstName: 'Alicia', lastName: 'Firstdevice' };
  const carol = { email: 'pwa.carol.second@example.com', firstName: 'Carolyn', lastName: 'Seconddevice' };
  const friend = { email: 'pwa.dora.friend@example.com', firstName: 'Dorothea', lastName: 'Alicesfriend' };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'UTC', locale: 'en-GB' });
  await context.addInitScript((theme) => window.localStorage.setItem('theme', theme), look.theme);
  const page = await context.newPage();
  await signIn(page, alice.email, alice);
  await controlledHome(page);

  // Alice's code, used by a friend (on another device), so her referral list names someone
  const code = (await (await page.request.get(`${baseUrl()}/api/referral/my-code`)).json()) as { referralCode: string };
  const other = await browser.newContext();
  const friendPage = await other.newPage();
  await signIn(friendPage, friend.email, friend);
  const applied = await friendPage.request.post(`${baseUrl()}/api/referral/apply`, {
    data: { referralCode: code.referralCode },
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  await other.close();

  // Alice opens her profile: her details, her code and her referral list
  await page.goto(`${baseUrl()}/profile`);
  await expect(page.getByTestId('profile-info')).toContainText(alice.email);
  await expect(page.getByTestId('my-referral-code')).toHaveText(code.referralCode);
  await expect(page.getByTestId('referral-item')).toContainText(friend.email);
  // A football read only Alice made: the API cache is hers until someone else signs in
  const standings = '/api/standings?leagueId=39&season=2023';
  expect(await page.evaluate((url) => fetch(url).then((reply) => reply.status), standings)).toBe(200);
  await expect.poll(async () => (await apiCacheUrls(page)).some((url) => url.includes('/api/standings'))).toBe(true);
  // None of her personal replies was stored by the worker
  expect((await apiCacheUrls(page)).filter((url) => /\/api\/(?:auth|referral|user)\b/.test(url))).toEqual([]);

  // Carol signs in on the same browser, Alice never signed out
  await signInAsAnotherUser(page, carol.email, carol);
  expect(((await (await page.request.get(`${baseUrl()}/api/auth/user`)).json()) as { email: string }).email).toBe(carol.email);
  const cards = page.getByTestId('fixture-card');
  await expect(cards.first()).toBeVisible();
  await expect.poll(async () => (await apiCacheUrls(page)).some((url) => url.includes('/api/fixtures/filter'))).toBe(true);
  // the sign-in emptied the API cache: Alice's standings read is gone
  expect((await apiCacheUrls(page)).some((url) => url.includes('/api/standings'))).toBe(false);
  const count = await cards.count();
  const firstCard = ((await cards.first().textContent()) ?? '').trim();

  const nothingOfAlice = async () => {
    const shown = await page.locator('body').innerText();
    for (const secret of [alice.email, alice.firstName, alice.lastName, code.referralCode, friend.email, friend.firstName]) {
      expect(shown, `"${secret}" is shown to Carol`).not.toContain(secret);
    }
  };

  // Offline, Carol opens her profile: signed in as herself (the last user this browser saw), nothing of Alice's
  await context.setOffline(true);
  await page.goto(`${baseUrl()}/profile`);
  await tellPageItIsOffline(page);
  await expect(page.getByText('Offline — showing saved data')).toBeVisible();
  await expect(page.getByTestId('profile-info')).toContainText(carol.email);
  await expect(page.getByTestId('profile-info')).toContainText(carol.firstName);
  // her code and referrals were never saved: they cannot be read offline (and Alice's are not shown instead)
  await expect(page.getByTestId('my-referrals')).toContainText('Could not load your referrals.');
  await expect(page.getByTestId('my-referral-code')).toHaveCount(0);
  await nothingOfAlice();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Account' })).toContainText(`${carol.firstName} ${carol.lastName}`);
  await nothingOfAlice();
  await page.keyboard.press('Escape');

  // The same after a reload
  await page.reload();
  await tellPageItIsOffline(page);
  await expect(page.getByText('Offline — showing saved data')).toBeVisible();
  await expect(page.getByTestId('profile-info')).toContainText(carol.email);
  await nothingOfAlice();

  // Home still shows the fixtures from the cache, under the offline banner
  await page.getByRole('link', { name: 'Matchday home' }).click();
  await expect(page.getByText('Offline — showing saved data')).toBeVisible();
  await expect(cards).toHaveCount(count);
  await expect(cards.first()).toHaveText(firstCard);
  await nothingOfAlice();
  await saveScreenshot(page, 'pwa-second-account-offline', look);
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
