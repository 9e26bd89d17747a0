import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Fixture, MatchEvent } from '@matchday/contracts';
import { repoRoot } from '../scripts/lib/processes';
import { npmStartStack, type NpmStartStack } from './support/npm-start';
import { blockingViolations, getJson, signedInPage } from './support/screens';

/**
 * The live match centre on the 2022 World Cup final (openfootball: goal minutes, extra time,
 * shoot-out), replayed on the match clock by its own small stack, started as a user would:
 * `npm start -- --no-build --as-of <instant> --replay openfootball ../shared/data/openfootball/worldcup-2022`.
 * The instant is "now" when the replay is planned: kick-off 15:00 UTC, Mbappé's 80′ penalty at 16:36:00, his 81′
 * goal at 16:37:00, the shoot-out's result (full time, 4–2) at 17:44:00. Home and the match page are open in one
 * browser; each shows what the stream brings without a reload.
 */

const WORLD_CUP = path.join(repoRoot, '..', 'shared', 'data', 'openfootball', 'worldcup-2022');
const PREMIER_LEAGUE = path.join(repoRoot, '..', 'shared', 'data', 'football-data-co-uk', 'E0-2425.csv');

/** Each describe runs its own replay stack (`npm start -- --no-build --as-of <asOf> --replay <replay>`). */
function replayStack(asOf: string, replay: string[] = ['openfootball', WORLD_CUP]): () => NpmStartStack {
  return npmStartStack(['--as-of', asOf, '--replay', ...replay], { name: 'live', timeoutMs: 60_000 });
}

/**
 * The time zone of the browsers that watch the final. The replay keeps the match clock on real time, so the final
 * (kick-off 15:00 on the replay clock) kicked off up to 2 h 45 min before the test: before 04:00 UTC that is
 * yesterday in UTC, and Home's Today (the browser's day) would not list it. India's day (UTC+5:30) has it then.
 */
const FINAL_ZONE = new Date().getUTCHours() < 4 ? 'Asia/Kolkata' : 'UTC';

/** The final's fixture, from today's list in FINAL_ZONE (the replay's today is 18 December 2022). */
async function theFinal(page: Page): Promise<Fixture> {
  const today = await getJson<Fixture[]>(page, `/api/fixtures/filter?type=today&tz=${encodeURIComponent(FINAL_ZONE)}`);
  const final = today.find((fixture) => fixture.homeTeam === 'Argentina' && fixture.awayTeam === 'France');
  expect(final, 'the final is played today in the replay').toBeDefined();
  return final!;
}

const goalMinutes = (page: Page) => page.getByTestId('timeline-goal').locator('.minute').allTextContents();

test.describe('a goal reaches an open Home and match page, and a cut stream loses nothing', () => {
  // 35 s before Mbappé's 80′ penalty: time to start, sign in and open both pages
  const stack = replayStack('2022-12-18T16:35:25Z');

  test('the 80′ and 81′ goals appear in place; offline for a minute the score is not labelled live; back online every goal is there once', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const { page: home, context } = await signedInPage(browser, { width: 390, theme: 'light' }, 'live-fan@example.com', FINAL_ZONE);
    const final = await theFinal(home);
    expect(final).toMatchObject({ status: 'live', goalsHome: 2, goalsAway: 0 });

    // Home, Live tab (its red dot says a match is being played): the final with its score and a running clock
    await expect(home.getByTestId('live-dot')).toBeVisible();
    await home.getByRole('tab', { name: 'Live' }).click();
    await expect(home).toHaveURL(/\?tab=live$/);
    await expect(home.getByRole('heading', { name: 'Live Matches' })).toBeVisible();
    const card = home.getByTestId('fixture-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Argentina');
    await expect(card.getByTestId('card-score')).toHaveText('2 - 0');
    await expect(card.getByTestId('live-minute')).toHaveText(/^(79|80)′$/);
    await expect(card.getByTestId('match-centre-link')).toHaveAttribute('href', `/fixture-stats/${final.id}`);
    expect(await blockingViolations(home)).toEqual([]);

    // The match page in a second tab of the same browser (its own stream: one per tab)
    const match = await context.newPage();
    await match.goto(`${stack().url}/fixture-stats/${final.id}`);
    await expect(match.getByTestId('score')).toHaveText('2 - 0');
    await expect(match.getByTestId('status-badge')).toHaveText('Live');
    await expect(match.getByTestId('live-marker')).toBeVisible();
    await expect(match.getByTestId('live-status')).toContainText('Updated');
    await expect.poll(() => goalMinutes(match)).toEqual(['23′', '36′']);
    await expect(match.getByTestId('timeline-half-time')).toContainText('2–0');
    expect(await blockingViolations(match)).toEqual([]);
    // nothing so far was a reload: the pages' own documents stay the same
    const marker = 'no-reload';
    await home.evaluate((value) => ((window as unknown as { marker: string }).marker = value), marker);
    await match.evaluate((value) => ((window as unknown as { marker: string }).marker = value), marker);

    // 16:36:00 on the replay clock: Mbappé's penalty, on both pages within a few seconds
    await expect(card.getByTestId('card-score')).toHaveText('2 - 1', { timeout: 60_000 });
    await expect(match.getByTestId('score')).toHaveText('2 - 1', { timeout: 10_000 });
    await expect.poll(() => goalMinutes(match), { timeout: 10_000 }).toEqual(['23′', '36′', '80′']);
    await expect(match.getByTestId('timeline-goal').last()).toContainText('Kylian Mbappé (pen.)');
    await expect(match.getByTestId('timeline-goal').last()).toContainText('France');
    await expect(home.getByTestId('live-announcer')).toContainText(
      'Goal for France! Kylian Mbappé, minute 80, penalty. Argentina 2, France 1.',
    );
    await expect(home.getByTestId('live-announcer').locator('p')).toHaveCount(1);

    // The network goes: the stream is closed at once and both pages say so
    const cutAt = Date.now();
    await context.setOffline(true);
    await expect(match.getByTestId('live-status')).toContainText('Offline');
    // a minute with no news: the score is no longer labelled live, its age is shown instead
    await expect(card.getByTestId('live-state')).toContainText('Updated 1 min ago', { timeout: 80_000 });
    await expect(card.getByTestId('live-marker')).toHaveCount(0);
    await expect(card.getByTestId('card-score')).toHaveText('2 - 1');
    await expect(match.getByTestId('status-badge')).toHaveText('Score paused');
    await expect(match.getByTestId('live-marker')).toHaveCount(0);
    await expect(match.getByTestId('live-status')).toContainText(/Updated 1 min ago · Offline/);
    expect(Date.now() - cutAt).toBeGreaterThanOrEqual(60_000);

    // Meanwhile (16:37:00) the 81′ goal was scored; the server has it (the test runner's requests are not offline)
    await expect
      .poll(
        async () => {
          const response = await home.request.get(`${stack().url}/api/fixture-events/${final.id}`);
          const events = (await response.json()) as MatchEvent[];
          return events.filter((event) => event.kind === 'goal').length;
        },
        { timeout: 60_000, intervals: [2000] },
      )
      .toBe(4);
    await expect(card.getByTestId('card-score')).toHaveText('2 - 1');

    // Back online: both tabs resume from their last event and get the goal they missed, once
    await context.setOffline(false);
    await expect(card.getByTestId('card-score')).toHaveText('2 - 2', { timeout: 15_000 });
    await expect(card.getByTestId('live-minute')).toHaveText(/^8\d′$/);
    await expect(match.getByTestId('score')).toHaveText('2 - 2', { timeout: 15_000 });
    await expect(match.getByTestId('status-badge')).toHaveText('Live');
    await expect(match.getByTestId('live-status')).not.toContainText('Offline');
    await expect.poll(() => goalMinutes(match), { timeout: 10_000 }).toEqual(['23′', '36′', '80′', '81′']);
    await expect(home.getByTestId('live-announcer')).toContainText('Kylian Mbappé, minute 81. Argentina 2, France 2.');
    // every goal of the server's timeline, once, in order
    const events = await getJson<MatchEvent[]>(home, `/api/fixture-events/${final.id}`);
    const goals = events.filter((event) => event.kind === 'goal');
    expect(await match.getByTestId('timeline-goal').count()).toBe(goals.length);
    expect(await goalMinutes(match)).toEqual(goals.map((goal) => `${goal.minute}′`));
    expect(await home.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(marker);
    expect(await match.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(marker);
    await context.close();
  });
});

test.describe('the final whistle after the shoot-out', () => {
  // 30 s before the shoot-out's result (17:44:00 on the replay clock)
  const stack = replayStack('2022-12-18T17:43:30Z');

  test('Home and the match page move to FT with the final score and the shoot-out result, a.e.t. markers in the timeline', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { page: home, context } = await signedInPage(browser, { width: 1280, theme: 'dark' }, 'live-whistle@example.com', FINAL_ZONE);
    const final = await theFinal(home);
    const card = home.getByTestId('fixture-card').filter({ hasText: 'Argentina' });
    await expect(card.getByTestId('card-score')).toHaveText('3 - 3');
    await expect(card.getByTestId('live-minute')).toHaveText('Pens');
    expect(await blockingViolations(home)).toEqual([]);

    const match = await context.newPage();
    await match.goto(`${stack().url}/fixture-stats/${final.id}`);
    await expect(match.getByTestId('score')).toHaveText('3 - 3');
    await expect.poll(() => goalMinutes(match)).toEqual(['23′', '36′', '80′', '81′', '108′', '118′']);
    await expect(match.getByTestId('timeline-end-of-90')).toContainText('2–2');
    await expect(match.getByTestId('timeline-extra-time')).toContainText('Extra time');
    await expect(match.getByTestId('timeline-end-of-extra-time')).toContainText('3–3');
    await expect(match.getByTestId('timeline-shoot-out')).toContainText('Penalty shoot-out');
    expect(await blockingViolations(match)).toEqual([]);

    // 17:44:00: full time, 4–2 on penalties
    await expect(card.getByTestId('live-final')).toHaveText('FT (4–2 pens)', { timeout: 60_000 });
    await expect(card.getByTestId('card-score')).toHaveText('Final score 3 - 3');
    await expect(card.getByTestId('live-marker')).toHaveCount(0);
    await expect(match.getByTestId('status-badge')).toHaveText('Full Time', { timeout: 10_000 });
    await expect(match.getByTestId('score')).toHaveText('3 - 3');
    await expect(match.getByTestId('result-note')).toHaveText('(4–2 pens)');
    await expect(match.getByTestId('timeline-full-time')).toContainText('(4–2 pens)');
    await expect(match.getByTestId('timeline-full-time')).toContainText('3–3');
    await expect(match.getByTestId('live-status')).toHaveCount(0);
    expect(await blockingViolations(match)).toEqual([]);
    await context.close();
  });
});

test.describe('the Live tab on a Premier League afternoon (a source without goal minutes)', () => {
  // Boxing Day 2024, 25 s before five 15:00 kick-offs (12:30 is over, 17:30 and 20:00 are to come)
  const stack = replayStack('2024-12-26T14:59:35Z', ['football-data-co-uk', PREMIER_LEAGUE]);

  test('the five matches join the Live tab as they kick off, without a reload, with "–" for a score the source does not have', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { page } = await signedInPage(browser, { width: 390, theme: 'dark' }, 'live-tab@example.com');
    expect(stack().url).toBe(process.env.E2E_BASE_URL);
    const today = await getJson<Fixture[]>(page, '/api/fixtures/filter?type=today&tz=UTC');
    // The replay moves kick-offs by 699.18 days, not whole days, so which of Boxing Day's eight matches fall on
    // today's UTC date depends on the hour the test runs; the five 15:00 kick-offs, 25 s away, always do.
    const soon = today.filter((fixture) => Math.abs(Date.parse(fixture.eventDate) - (stack().startedAt + 25_000)) < 60_000);
    expect(soon.map((fixture) => fixture.homeTeam).sort()).toEqual([
      'Bournemouth',
      'Chelsea',
      'Newcastle United',
      'Nottingham Forest',
      'Southampton',
    ]);
    await expect(page.getByTestId('fixture-card')).toHaveCount(today.length);
    // nothing is being played yet: the Live tab has no red dot
    await expect(page.getByTestId('live-dot')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Live' }).click();
    await expect(page.getByText('No live matches right now')).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'no-reload'));

    // 15:00: the kick-offs come down the stream and the cards appear
    const cards = page.getByTestId('fixture-card');
    await expect(cards).toHaveCount(5, { timeout: 60_000 });
    const names = await cards.evaluateAll((all) => all.map((card) => card.querySelector('.name')?.textContent));
    expect(names.sort()).toEqual(['Bournemouth', 'Chelsea', 'Newcastle United', 'Nottingham Forest', 'Southampton']);
    for (const card of await cards.all()) {
      await expect(card.getByTestId('card-score')).toHaveText('–');
      await expect(card.getByTestId('live-minute')).toHaveText(/^\d′$/);
    }
    await expect(page.getByText('No live matches right now')).toHaveCount(0);
    expect(await blockingViolations(page)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('no-reload');
    // back on Today, the Live tab's red dot says matches are being played
    await page.getByRole('tab', { name: 'Today' }).click();
    await expect(page.getByTestId('live-dot')).toBeVisible();
  });
});

test.describe('a group table as it stands while its last round is played', () => {
  // 29 Nov 2022, 15:50 UTC: Group A's last round at half time (Ecuador 0–1 Senegal, Netherlands 1–0 Qatar)
  replayStack('2022-11-29T15:50:00Z');

  test('the standings offer the table as it stands, live teams marked; the table without live matches is one click away', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { page } = await signedInPage(browser, { width: 390, theme: 'light' }, 'live-table@example.com');
    // the table as it stands is held back until the final table has been seen in its place
    let releaseLiveTable = () => {};
    const liveTableHeld = new Promise<void>((resolve) => (releaseLiveTable = resolve));
    await page.route(/\/api\/standings\?.*live=1/, async (route) => {
      await liveTableHeld;
      await route.continue();
    });
    // the final table is read once: the shell asks it for the deep link and the screen takes that read
    const finalTableReads: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/standings\?leagueId=1&season=2022&_cb=/.test(request.url())) finalTableReads.push(request.url());
    });
    await page.goto(`${process.env.E2E_BASE_URL}/standings?leagueId=1&season=2022`);
    const groupA = page.getByTestId('standings-table').filter({ has: page.locator('caption', { hasText: /^A$/ }) });
    const points = (team: string) => groupA.getByTestId('standing-row').filter({ hasText: team }).getByTestId('points');
    // while it is read, the title and the final table stay on screen (never the loading state)
    await expect(page.getByTestId('as-it-stands')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Standings');
    await expect(points('Netherlands')).toHaveText('4');
    await expect(page.getByTestId('as-it-stands-legend')).toHaveCount(0);
    releaseLiveTable();
    await expect(points('Netherlands')).toHaveText('7');
    await expect(points('Senegal')).toHaveText('6');
    await expect(groupA.getByTestId('playing-now')).toHaveCount(4);
    expect(await groupA.getByTestId('team-name').allTextContents()).toEqual(['Netherlands', 'Senegal', 'Ecuador', 'Qatar']);
    expect(finalTableReads).toHaveLength(1);
    expect(await blockingViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Without live matches' }).click();
    await expect(points('Netherlands')).toHaveText('4');
    await expect(groupA.getByTestId('playing-now')).toHaveCount(0);
  });
});

test.describe('following France: the bell lists the goal; spoiler-free mode hides the live score until tapped', () => {
  // 25 s before Mbappé's 81′ goal (16:37:00 on the replay clock), France 1 goal behind
  replayStack('2022-12-18T16:36:35Z');

  test('a follower sees the goal in the bell without a reload; a spoiler-free fan sees the clock, not the score, until tapping', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { page: fan, context } = await signedInPage(browser, { width: 1280, theme: 'dark' }, 'bell-fan@example.com', FINAL_ZONE);
    const final = await theFinal(fan);
    const headers = { 'x-requested-with': 'XMLHttpRequest', origin: process.env.E2E_BASE_URL! };
    const france = await fan.request.post(`${process.env.E2E_BASE_URL}/api/user/follows`, {
      data: { kind: 'team', id: final.awayTeamId },
      headers,
    });
    expect(france.status()).toBe(201);
    await fan.reload();
    const bell = fan.getByTestId('alerts-bell');
    await expect(bell).toHaveAccessibleName('Alerts');
    // the header (bell included) is accessible
    const axe = await new AxeBuilder({ page: fan }).include('header').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // a spoiler-free fan at phone width, Live tab
    const { page: quiet, context: quietContext } = await signedInPage(
      browser,
      { width: 390, theme: 'light' },
      'spoiler-live@example.com',
      FINAL_ZONE,
    );
    const saved = await quiet.request.post(`${process.env.E2E_BASE_URL}/api/user/preferences`, { data: { spoilerFree: true }, headers });
    expect(saved.ok()).toBe(true);
    await quiet.goto(`${process.env.E2E_BASE_URL}/?tab=live`);
    const card = quiet.getByTestId('fixture-card');
    await expect(card.getByTestId('card-score')).toContainText('? – ?');
    await expect(card.getByTestId('live-minute')).toBeVisible();

    // 16:37:00: the goal reaches the bell
    await expect(bell).toHaveAccessibleName('Alerts, 1 new', { timeout: 60_000 });
    await bell.click();
    const panel = fan.getByTestId('alerts-panel');
    // national teams are named with their flags, as push names them
    const goal = panel.getByRole('link', { name: /^Goal! 🇦🇷 Argentina 2–2 🇫🇷 France/ });
    await expect(goal).toBeVisible();
    await expect(panel).toContainText('Kylian Mbappé 81′');
    await expect(goal).toHaveAttribute('href', `/fixture-stats/${final.id}`);

    // the spoiler-free card still hides it, and no goal is read out; a tap shows it
    await expect(card.getByTestId('card-score')).toContainText('? – ?');
    await expect(quiet.getByTestId('live-announcer')).not.toContainText('Goal');
    await card.getByTestId('reveal-score').click();
    await expect(card.getByTestId('card-score')).toHaveText('2 - 2');
    expect(await blockingViolations(quiet)).toEqual([]);
    await quietContext.close();
    await context.close();
  });
});
