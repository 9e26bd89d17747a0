import { expect, test } from '@playwright/test';
import type { Fixture } from '@matchday/contracts';
import { baseUrl, signIn } from './support/session';
import { follow } from './support/screens';

test('a signed-out visitor sees the login page on every path', async ({ page }) => {
  for (const path of ['/', '/standings?leagueId=39&season=2026', '/no/such/page']) {
    await page.goto(`${baseUrl()}${path}`);
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByText('Sign in to access your personalized football experience')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByText('Secure sign-in powered by Google')).toBeVisible();
    await expect(page).toHaveTitle('Sign in | Matchday');
  }
  const response = await page.request.get(`${baseUrl()}/api/auth/user`);
  expect(response.status()).toBe(401);
});

test("signing in through the dev provider lands on today's fixtures from mf-fixtures", async ({ page }) => {
  await signIn(page, 'e2e.fan@example.com');
  // a first load reads the remote manifest once: the page's early read serves the shell's boot too
  // and the gateway's public configuration once: the footer and the analytics hook share the first answer
  const manifestReads: string[] = [];
  const configReads: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/mf-manifest.json') manifestReads.push(request.url());
    if (pathname === '/app-config.json') configReads.push(request.url());
  });
  await page.reload();
  await expect(page.getByTestId('fixture-card').first()).toBeVisible();
  expect(manifestReads).toHaveLength(1);
  // the footer's update control comes after the first screen: every reader of the configuration has mounted
  await expect(page.getByRole('button', { name: 'Check for Updates' })).toBeAttached({ timeout: 15_000 });
  expect(configReads).toHaveLength(1);
  await expect(page.getByRole('heading', { name: 'Upcoming Fixtures' })).toBeVisible();
  const api = await page.request.get(`${baseUrl()}/api/fixtures/filter?type=today&tz=UTC`);
  const today = (await api.json()) as Fixture[];
  expect(today.length).toBeGreaterThan(0);
  const cards = page.getByTestId('fixture-card');
  await expect(cards).toHaveCount(today.length);
  await expect(cards.first()).toContainText(today[0]!.homeTeam);
  await expect(cards.first()).toContainText('Today, ');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByTestId('demo-badge')).toHaveText('Demo data');
  // the remote really came from the federated entry
  const manifest = (await (await page.request.get(`${baseUrl()}/mf-manifest.json`)).json()) as {
    remotes: Record<string, { version: string }>;
  };
  expect(manifest.remotes['mf-fixtures']?.version).toMatch(/^\d+\.\d+\.\d+/);
});

test('tabs and league filter are kept in the URL', async ({ page }) => {
  await signIn(page, 'e2e.filters@example.com');
  await follow(page, page.getByRole('tab', { name: 'Tomorrow' }), /\?tab=tomorrow$/);
  const tomorrow = (await (await page.request.get(`${baseUrl()}/api/fixtures/filter?type=tomorrow&tz=UTC`)).json()) as Fixture[];
  await expect(page.getByTestId('fixture-card')).toHaveCount(tomorrow.length);
  await expect(page.getByTestId('fixture-card').first()).toContainText('Tomorrow, ');

  // Chosen again if the first choice fell inside the 100 ms navigation guard after the tab change (spec §4)
  await expect(async () => {
    await page.getByLabel('League', { exact: true }).selectOption({ label: 'Premier League' });
    await expect(page).toHaveURL(/\?league=39$/, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('tab', { name: 'Tomorrow' })).toHaveAttribute('aria-selected', 'false');
  const cards = page.getByTestId('fixture-card');
  await expect(cards.first()).toBeVisible();
  // textContent: cards off screen are not laid out (content-visibility: auto), so their innerText is empty
  for (const text of await cards.allTextContents()) expect(text).toContain('Premier League');

  await expect(async () => {
    await page.getByLabel('League', { exact: true }).selectOption({ label: 'All Leagues' });
    await expect(page).toHaveURL(/\?tab=today$/, { timeout: 1_000 });
  }).toPass();

  await page.goto(`${baseUrl()}/?team=mumbai`);
  await expect(page.getByRole('heading', { name: 'mumbai Fixtures' })).toBeVisible();
  for (const text of await page.getByTestId('fixture-card').allTextContents()) expect(text.toLowerCase()).toContain('mumbai');

  await page.goto(`${baseUrl()}/?team=nobody-plays-here`);
  await expect(page.getByText('No fixtures found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters or check back later for new matches.')).toBeVisible();
});

test('a fixture card opens the match squad; H2H and Standings buttons carry the spec query', async ({ page }) => {
  await signIn(page, 'e2e.cards@example.com');
  const card = () => page.getByTestId('fixture-card').first();
  // follow() clicks again when a click falls inside the 100 ms navigation guard after going back (spec §4)
  await follow(
    page,
    card().getByRole('link', { name: /standings/i }),
    /\/standings\?leagueId=\d+&season=\d+&highlightTeams=[^&]+&tab=today$/,
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Standings');
  await page.goBack();
  await follow(page, card().getByRole('link', { name: /head to head/i }), /\/h2h\?homeTeamId=\d+&awayTeamId=\d+&tab=today$/);
  await page.goBack();
  await expect(async () => {
    await card().click({ position: { x: 10, y: 10 } });
    await expect(page).toHaveURL(/\/squad\/\d+\/\d+\/\d+\/\d+\?tab=today$/, { timeout: 1_000 });
  }).toPass({ intervals: [200, 400, 800], timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ vs .* Squads$/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await signIn(page, 'e2e.lost@example.com');
  await page.goto(`${baseUrl()}/this/does/not/exist`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { name: 'Upcoming Fixtures' })).toBeVisible();
});

test('a broken remote shows a fallback in its area only, and Retry recovers', async ({ page }) => {
  await signIn(page, 'e2e.broken@example.com');
  await page.route('**/remotes/mf-stats/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`${baseUrl()}/standings?leagueId=39&season=2026`);
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('This section could not be loaded');
  // header and other areas keep working
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await page.getByRole('link', { name: 'Matchday home' }).click();
  await expect(page.getByRole('heading', { name: 'Upcoming Fixtures' })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await page.unroute('**/remotes/mf-stats/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Standings' })).toBeVisible();
});

test('the avatar menu shows the admin link only for administrators', async ({ page, browser }) => {
  await signIn(page, 'e2e.regular@example.com');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  // Log out is a form's button (POST /auth/logout), not a link
  await expect(page.getByRole('link', { name: 'Log out' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, 'admin@matchday.test');
  await admin.getByRole('button', { name: 'Account menu' }).click();
  await expect(admin.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible();
  await context.close();
});
