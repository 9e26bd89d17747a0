import { expect, test, type Locator } from '@playwright/test';
import type { StandingRow, TeamStatsRecord, TopScorer } from '@matchday/contracts';
import { baseUrl } from './support/session';
import { failApi, getJson, holdApi, JOURNEY_LOOKS, lookName, signedInPage, follow } from './support/screens';
import { league, rules, upcomingFixture } from './support/demo-data';

for (const look of JOURNEY_LOOKS) {
  test(`standings -> team stats and back via returnTo; -> top scorers and back (${lookName(look)})`, async ({ browser }) => {
    const { page, context } = await signedInPage(browser, look, `standings.${look.width}.${look.theme}@example.com`);
    const fixture = await upcomingFixture(page);
    const { leagueId, season } = fixture;
    const info = await league(page, leagueId);
    await page.goto(`${baseUrl()}/?league=${leagueId}`);
    await page
      .getByTestId('fixture-card')
      .filter({ hasText: fixture.homeTeam })
      .filter({ hasText: fixture.awayTeam })
      .first()
      .getByRole('link', { name: /standings/i })
      .click();
    const standingsUrl = `/standings?leagueId=${leagueId}&season=${season}&highlightTeams=${encodeURIComponent(`${fixture.homeTeam},${fixture.awayTeam}`)}&tab=today`;
    await expect(page).toHaveURL(`${baseUrl()}${standingsUrl}`);

    const table = await getJson<StandingRow[]>(page, `/api/standings?leagueId=${leagueId}&season=${season}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(`${table[0]!.leagueName} Standings`);
    await expect(heading).toContainText(info.country);
    const rows = page.getByTestId('standing-row');
    await expect(rows).toHaveCount(table.length);
    const highlighted = page.locator('[data-testid="standing-row"][data-highlighted="true"]');
    await expect(highlighted).toHaveCount(2);
    const homeRow = table.find((r) => r.teamName === fixture.homeTeam)!;
    await expect(highlighted.filter({ hasText: look.width === 390 ? rules.shortName(homeRow) : fixture.homeTeam })).toHaveCount(1);
    const leader = [...table].sort((a, b) => a.teamRank - b.teamRank)[0]!;
    const first = rows.first();
    await expect(first.getByTestId('points')).toContainText(String(leader.points));
    await expect(first.getByTestId('played')).toHaveText(String(leader.played));
    await expect(first.getByTestId('movement')).toHaveAttribute('data-move', leader.teamStatus);
    if (look.width === 390) {
      await expect(first.getByTestId('team-short')).toBeVisible();
      await expect(first.getByTestId('team-short')).toHaveText(rules.shortName(leader));
    } else {
      await expect(first.getByTestId('team-name')).toHaveText(leader.teamName);
    }
    await expect(first.getByTestId('form').locator('span')).toHaveCount(leader.lastFiveResult.length);
    const descriptions = [...new Set(table.map((r) => r.leagueDescription).filter(Boolean))];
    for (const description of descriptions) await expect(page.getByTestId('zones')).toContainText(description!);
    // each zone of the legend has a colour of its own (two zones of one kind included)
    const swatches = await page
      .getByTestId('zones')
      .locator('li > span[aria-hidden="true"]')
      .evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor));
    expect(swatches).toHaveLength(descriptions.length);
    expect(new Set(swatches).size).toBe(swatches.length);

    // team stats and back via returnTo
    await follow(
      page,
      first.getByTestId('team-link'),
      `${baseUrl()}/team-stats/${leader.teamId}/${leagueId}/${season}?returnTo=${encodeURIComponent(standingsUrl)}`,
    );
    const records = await getJson<TeamStatsRecord[]>(page, `/api/team-stats?teamId=${leader.teamId}&leagueId=${leagueId}&season=${season}`);
    const home = records.find((r) => r.is_Home_Stats === 1)!;
    const away = records.find((r) => r.is_Home_Stats === 0)!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(leader.teamName);
    await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('figure-played').locator('dd')).toHaveText(String(home.matchPlayed + away.matchPlayed));
    await expect(page.getByTestId('figure-wins').locator('dd')).toHaveText(String(home.wins + away.wins));
    const points = (home.wins + away.wins) * 3 + home.draws + away.draws;
    const rating = (points / (home.matchPlayed + away.matchPlayed) / 3) * 10;
    await expect(page.getByTestId('rating-text')).toContainText(rating >= 7 ? 'excellent' : rating >= 6 ? 'solid' : 'mixed');
    await expect(page.getByTestId('recent-form').getByTestId('form').first().locator('span')).toHaveCount(
      Math.min(10, home.recentForm.length),
    );
    await follow(page, page.getByRole('tab', { name: 'Away' }), /[?&]tab=away/);
    await expect(page.getByTestId('figure-played').locator('dd')).toHaveText(String(away.matchPlayed));
    await expect(page.getByTestId('figure-goals-for').locator('dd')).toHaveText(String(away.goalsFor));
    await expect(page.getByTestId('chart')).toBeVisible();
    await follow(page, page.getByRole('link', { name: 'Back to Standings' }), `${baseUrl()}${standingsUrl}`);

    // top scorers and back
    await follow(
      page,
      page.getByRole('link', { name: 'Top Scorers' }),
      `${baseUrl()}/top-scorers/${leagueId}/${season}?returnTo=${encodeURIComponent(standingsUrl)}`,
    );
    const scorers = await getJson<TopScorer[]>(page, `/api/top-scorers/${leagueId}/${season}`);
    const sorted = [...scorers].sort((a, b) => b.goals_Total - a.goals_Total);
    await expect(page.getByTestId('scorer')).toHaveCount(scorers.length);
    await expect(page.getByTestId('scorer').first().getByTestId('rank')).toContainText('1');
    await expect(page.getByTestId('scorer').first().getByTestId('goals')).toHaveText(String(sorted[0]!.goals_Total));
    const goals = (await page.getByTestId('goals').allInnerTexts()).map(Number);
    expect(goals).toEqual(sorted.map((s) => s.goals_Total));
    await expect(page.getByTestId('rank').first()).toHaveCSS('background-color', 'rgb(250, 204, 21)');
    await expect(page.getByTestId('rank').nth(1)).toHaveCSS('background-color', 'rgb(203, 213, 225)');
    await follow(page, page.getByRole('link', { name: 'Back to Standings' }), `${baseUrl()}${standingsUrl}`);
    await follow(page, page.getByRole('link', { name: 'Back to Fixtures' }), `${baseUrl()}/?tab=today`);
    await context.close();
  });
}

test('top scorers: ten skeletons while loading, back to / without returnTo, invalid parameters', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'dark' }, 'scorers.states@example.com');
  const release = await holdApi(page, /\/api\/top-scorers\//);
  await page.goto(`${baseUrl()}/top-scorers/39/2026`);
  await expect(page.getByTestId('scorer-skeleton')).toHaveCount(10);
  release();
  await expect(page.getByTestId('scorer-skeleton')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to Standings' })).toHaveAttribute('href', '/');
  await page.goto(`${baseUrl()}/top-scorers/abc/2026`);
  await expect(page.getByText('Invalid Parameters')).toBeVisible();
  await expect(page.getByText('Please provide valid league and season parameters')).toBeVisible();
  await page.unroute(/\/api\/top-scorers\//);
  await page.goto(`${baseUrl()}/top-scorers/999991/2026`);
  await expect(page.getByText('No Top Scorers Data')).toBeVisible();
  await expect(page.getByText('Top scorers data is not available for this league')).toBeVisible();
  await context.close();
});

test('standings and team stats: empty and error states', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'standings.states@example.com');
  await page.goto(`${baseUrl()}/standings?leagueId=999991&season=2026&tab=week`);
  await expect(page.getByText('No Standings Data')).toBeVisible();
  await expect(page.getByText('League standings are not available')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Fixtures' })).toHaveAttribute('href', '/?tab=week');
  await page.goto(`${baseUrl()}/standings`);
  await expect(page.getByText('No Standings Data')).toBeVisible();

  await page.goto(`${baseUrl()}/team-stats/999991/39/2026`);
  await expect(page.getByText('No Team Stats found.')).toBeVisible();
  await expect(page.getByText('The Requested data could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/standings?leagueId=39&season=2026');
  await failApi(page, /\/api\/team-stats/);
  await page.goto(`${baseUrl()}/team-stats/1/39/2026?returnTo=${encodeURIComponent('/standings?leagueId=39&season=2026&tab=week')}`);
  await expect(page.getByText('No Team Stats found.')).toBeVisible();
  await follow(page, page.getByRole('link', { name: 'Go Back' }), `${baseUrl()}/standings?leagueId=39&season=2026&tab=week`);
  await failApi(page, /\/api\/standings/);
  await page.goto(`${baseUrl()}/standings?leagueId=39&season=2026`);
  await expect(page.getByText('No Standings Data')).toBeVisible();
  await context.close();
});

test('column abbreviations have tooltips: 700 ms on hover, at once within the 300 ms skip delay, on keyboard focus, Escape closes', async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'standings.tooltips@example.com');
  const { leagueId, season } = await upcomingFixture(page);
  await page.clock.install();
  await page.goto(`${baseUrl()}/standings?leagueId=${leagueId}&season=${season}`);
  const head = page.getByTestId('standings-table').locator('thead');
  await expect(head).toBeVisible();
  await expect(page.getByTestId('standing-row').first()).toBeVisible();
  // The tooltip library is a chunk fetched once the screen shows; its triggers carry data-state
  await expect(head.locator('abbr', { hasText: /^GD$/ })).toHaveAttribute('data-state', 'closed');
  // Time stands still from here: it moves only by runFor
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const tooltip = page.getByRole('tooltip');
  const abbr = (text: string) => head.locator('abbr', { hasText: new RegExp(`^${text}$`) });
  // A pointer glides: several moves over the target, as a mouse sends. Radix keeps a tooltip open while the pointer
  // may be heading into it, closes it on a later move outside that path, and opens the next on a move after that.
  const glideTo = async (target: Locator) => {
    const box = (await target.boundingBox())!;
    for (const dx of [0, 1, 2]) await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2);
  };
  const away = () => glideTo(page.getByRole('heading', { level: 1 }));

  await glideTo(abbr('GD'));
  await page.clock.runFor(600);
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await page.clock.runFor(150);
  await expect(tooltip).toHaveText('Goal difference');

  // Leaving closes it; the next one reached within the 300 ms skip delay opens without waiting
  await away();
  await page.clock.runFor(100);
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await glideTo(abbr('Pts'));
  await page.clock.runFor(20);
  await expect(tooltip).toHaveText('Points');

  // Away for longer than the skip delay: the full delay again
  await away();
  await page.clock.runFor(1_000);
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await glideTo(abbr('W'));
  await page.clock.runFor(300);
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await page.clock.runFor(500);
  await expect(tooltip).toHaveText('Won');

  // Keyboard: focus opens it, Escape closes it; the expansion is the abbreviation's description either way
  await away();
  await page.clock.runFor(1_000);
  await abbr('P').focus();
  await page.clock.runFor(20);
  await expect(tooltip).toHaveText('Played');
  await page.keyboard.press('Escape');
  await page.clock.runFor(20);
  await expect(page.getByTestId('tooltip')).toHaveCount(0);
  await expect(abbr('GD')).toHaveAccessibleDescription('Goal difference');
  await context.close();
});
