import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Fixture, Follow } from '@matchday/contracts';
import { blockingViolations, getJson, saveScreenshot, signedInPage, type Look } from './support/screens';
import { baseUrl } from './support/session';

/**
 * Following, the spoiler-free switch and the calendar buttons on the demo data, at phone and desktop
 * width. The goal alert in the bell during a replay is in e2e/live.spec.ts (it needs a replay stack).
 */

const PHONE: Look = { width: 390, theme: 'dark' };
const DESKTOP: Look = { width: 1280, theme: 'light' };

/** The serious and critical axe violations of the whole page, header included (the bell and the stars live there). */
async function allViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

/** A state-changing call the way the app makes it (JSON, same cookies, the cross-site check's header). */
async function send(page: Page, method: 'POST' | 'DELETE', apiPath: string, body: unknown) {
  const response = await page.request.fetch(`${baseUrl()}${apiPath}`, {
    method,
    data: body,
    headers: { 'x-requested-with': 'XMLHttpRequest', origin: baseUrl() },
  });
  expect(response.ok(), `${method} ${apiPath} -> ${response.status()}`).toBe(true);
}

for (const look of [PHONE, DESKTOP]) {
  test(`${look.width}px: a first visit offers to pick teams; follow a team from search and its match comes first on Home`, async ({
    browser,
  }) => {
    const { page } = await signedInPage(browser, look, `follow-${look.width}@example.com`);
    const today = await getJson<Fixture[]>(page, '/api/fixtures/filter?type=today&tz=UTC');
    // a club of a match late in today's list: first on Home only because it is followed
    const fixture = today[today.length - 1]!;
    const name = fixture.awayTeam;

    // the one gentle prompt, with its own search
    const prompt = page.getByTestId('follow-prompt');
    await expect(prompt).toBeVisible();
    await expect(page.getByTestId('following')).toHaveCount(0);
    expect(await allViolations(page)).toEqual([]);

    // the search the app has (header box on desktop, the search screen on a phone)
    if (look.width === 390) {
      await page.getByTestId('search-link').click();
      await page.getByRole('searchbox', { name: 'Search teams, players and competitions' }).fill(name);
    } else {
      await page.getByTestId('header-search').getByRole('searchbox').fill(name);
    }
    const star = page.getByTestId('search-teams').getByRole('button', { name: `Follow ${name}` });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => (await getJson<Follow[]>(page, '/api/user/follows')).map((f) => f.name)).toEqual([name]);

    await page.goto(`${baseUrl()}/`);
    const following = page.getByTestId('following');
    await expect(following.getByRole('heading', { name: 'Following' })).toBeVisible();
    await expect(following.getByTestId('fixture-card').first()).toContainText(name);
    // "Following" comes before the day list, and the prompt is gone
    const [followingTop, listTop] = await Promise.all([
      following.boundingBox(),
      page.getByRole('tablist', { name: 'Fixture day' }).boundingBox(),
    ]);
    expect(followingTop!.y).toBeLessThan(listTop!.y);
    await expect(prompt).toHaveCount(0);
    // the card's star says it is followed
    await expect(following.getByRole('button', { name: `Follow ${name}` }).first()).toHaveAttribute('aria-pressed', 'true');
    expect(await allViolations(page)).toEqual([]);
    await saveScreenshot(page, 'home-following', look);
  });
}

test('390px: "Not now" dismisses the prompt for good (kept on the server)', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, PHONE, 'not-now@example.com');
  await page.getByTestId('follow-prompt').getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByTestId('follow-prompt')).toHaveCount(0);
  await expect
    .poll(async () => (await getJson<{ followPromptDismissed: boolean }>(page, '/api/user/preferences')).followPromptDismissed)
    .toBe(true);
  const again = await context.newPage();
  await again.goto(`${baseUrl()}/`);
  await expect(again.getByTestId('fixture-card').first()).toBeVisible();
  await expect(again.getByTestId('follow-prompt')).toHaveCount(0);
});

test('390px: spoiler-free mode hides results until a match is tapped, and the choice is kept per match', async ({ browser }) => {
  const { page } = await signedInPage(browser, PHONE, 'spoilers@example.com');
  await send(page, 'POST', '/api/user/preferences', { spoilerFree: true, followPromptDismissed: true });
  // a league season of today's matches with results already played
  const today = await getJson<Fixture[]>(page, '/api/fixtures/filter?type=today&tz=UTC');
  let results: Fixture[] = [];
  let where: Fixture | undefined;
  for (const fixture of today) {
    results = (await getJson<Fixture[]>(page, `/api/fixtures/filter?leagueId=${fixture.leagueId}&season=${fixture.season}`)).filter(
      (f) => f.status === 'finished',
    );
    where = fixture;
    if (results.length >= 2) break;
  }
  expect(results.length, 'a demo league season with results').toBeGreaterThanOrEqual(2);
  const score = (f: Fixture) => `${f.goalsHome} – ${f.goalsAway}`;

  // the Matches tab opens on the current round; the round before it has been played
  await page.goto(`${baseUrl()}/league/${where!.leagueId}/${where!.season}?tab=matches`);
  await page.getByRole('button', { name: 'Previous round' }).click();
  const hiddenScores = page.getByRole('button', { name: /^Score hidden: .+ vs .+\. Tap to reveal$/ });
  await expect(hiddenScores.first()).toBeVisible();
  const labels = await hiddenScores.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  expect(labels.length).toBeGreaterThanOrEqual(2);
  const fixtureOf = (label: string) => {
    const [home, away] = label
      .replace(/^Score hidden: /, '')
      .replace(/\. Tap to reveal$/, '')
      .split(' vs ');
    const found = results.find((f) => f.homeTeam === home && f.awayTeam === away);
    expect(found, label).toBeDefined();
    return found!;
  };
  const [shown, kept] = [fixtureOf(labels[0]!), fixtureOf(labels[1]!)];
  const reveal = page.getByRole('button', { name: `Score hidden: ${shown.homeTeam} vs ${shown.awayTeam}. Tap to reveal` });
  await expect(page.getByTestId('score')).toHaveCount(0);
  expect(await blockingViolations(page)).toEqual([]);
  await saveScreenshot(page, 'spoiler-free-results', PHONE);

  await reveal.click();
  await expect(
    page
      .getByTestId('score')
      .filter({ hasText: score(shown) })
      .first(),
  ).toBeVisible();
  // still hidden: every other result
  await expect(page.getByRole('button', { name: `Score hidden: ${kept.homeTeam} vs ${kept.awayTeam}. Tap to reveal` })).toBeVisible();
  // the revealed match's page shows its score, after a reload too; the other's page hides it
  await page.goto(`${baseUrl()}/fixture-stats/${shown.id}`);
  await expect(page.getByTestId('score')).toHaveText(`${shown.goalsHome} - ${shown.goalsAway}`);
  await page.reload();
  await expect(page.getByTestId('score')).toHaveText(`${shown.goalsHome} - ${shown.goalsAway}`);
  await page.goto(`${baseUrl()}/fixture-stats/${kept.id}`);
  await expect(page.getByTestId('hidden-score')).toBeVisible();
  await expect(page.getByTestId('score')).toHaveCount(0);

  // the standings are a result: covered until asked for
  await page.goto(`${baseUrl()}/standings?leagueId=${where!.leagueId}&season=${where!.season}`);
  await expect(page.getByText('Table hidden in spoiler-free mode')).toBeVisible();
  await page.getByRole('button', { name: 'Show table' }).click();
  await expect(page.getByRole('table').first()).toBeVisible();
});

test('1280px: a team page subscribes its fixtures to a calendar (webcal, Google, .ics), and the feed needs no sign-in', async ({
  browser,
  request,
}) => {
  const { page } = await signedInPage(browser, DESKTOP, 'calendar@example.com');
  const fixture = (await getJson<Fixture[]>(page, '/api/fixtures/filter?type=today&tz=UTC'))[0]!;
  await page.goto(`${baseUrl()}/team/${fixture.homeTeamId}/${fixture.leagueId}/${fixture.season}`);
  await expect(page.getByRole('button', { name: `Follow ${fixture.homeTeam}` })).toBeVisible();
  await page.getByText('Add to calendar', { exact: true }).click();
  const webcal = page.getByRole('link', { name: /Apple \/ Outlook/ });
  const google = page.getByRole('link', { name: /Google Calendar/ });
  const ics = page.getByRole('link', { name: /Download \.ics/ });
  const feedPath = `/api/calendar/team/${fixture.homeTeamId}.ics`;
  await expect(webcal).toHaveAttribute('href', `webcal://${new URL(baseUrl()).host}${feedPath}`);
  await expect(google).toHaveAttribute(
    'href',
    new RegExp(
      `^https://calendar\\.google\\.com/calendar/render\\?cid=${encodeURIComponent(`webcal://${new URL(baseUrl()).host}${feedPath}`).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    ),
  );
  await expect(ics).toHaveAttribute('href', `${baseUrl()}${feedPath}`);
  await expect(page.getByText(/Google refreshes subscribed calendars only every 8–24 hours/)).toBeVisible();
  expect(await blockingViolations(page)).toEqual([]);
  await saveScreenshot(page, 'team-calendar', DESKTOP);

  // a calendar app has no session: the feed is public, RFC 5545, and names this match
  const feed = await request.get(`${baseUrl()}${feedPath}`, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const text = await feed.text();
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.replace(/\r\n[ \t]/g, '')).toContain(`SUMMARY:${fixture.homeTeam} v ${fixture.awayTeam}`);
});
