import { expect, test, type Page } from '@playwright/test';
import { seasonName, type PlayerLeagueStats, type PlayerRecentFixture, type SquadPlayer } from '@matchday/contracts';
import { baseUrl } from './support/session';
import { failApi, getJson, JOURNEY_LOOKS, lookName, signedInPage, follow } from './support/screens';
import { rules, upcomingFixture } from './support/demo-data';

/** Spec §5: those who played in this league first, then by name. */
function ordered(players: SquadPlayer[]): string[] {
  return [...players]
    .sort(
      (a, b) =>
        b.is_Played_In_This_League - a.is_Played_In_This_League || a.playerName.localeCompare(b.playerName, 'en', { sensitivity: 'base' }),
    )
    .map((p) => p.playerName);
}

async function squadNames(page: Page, column: number): Promise<string[]> {
  return page.getByTestId('squad-column').nth(column).getByTestId('player-name').allInnerTexts();
}

for (const look of JOURNEY_LOOKS) {
  test(`Home -> match squad -> player -> fixture stats and back again (${lookName(look)})`, async ({ browser }) => {
    const { page, context } = await signedInPage(browser, look, `journey.${look.width}.${look.theme}@example.com`);
    const fixture = await upcomingFixture(page);
    const { leagueId, season, homeTeamId, awayTeamId } = fixture;
    await page.goto(`${baseUrl()}/?league=${leagueId}`);
    await page
      .getByTestId('fixture-card')
      .filter({ hasText: fixture.homeTeam })
      .filter({ hasText: fixture.awayTeam })
      .first()
      .click({ position: { x: 12, y: 12 } });
    await expect(page).toHaveURL(`${baseUrl()}/squad/${homeTeamId}/${awayTeamId}/${leagueId}/${season}?tab=today`);

    const squad = await getJson<SquadPlayer[]>(
      page,
      `/api/players?homeTeamId=${homeTeamId}&awayTeamId=${awayTeamId}&leagueId=${leagueId}&season=${season}`,
    );
    expect(squad.length).toBeGreaterThan(0);
    await expect(page).toHaveTitle(`${fixture.homeTeam} vs ${fixture.awayTeam} Squads | Matchday`);
    await expect(page.getByTestId('squad-summary')).toHaveText(
      `Season ${seasonName(Number(season), Number(leagueId))} · ${squad.length} players`,
    );
    // Goalkeeper is the default tab, and the position parameter is left out for it
    await expect(page.getByRole('tab', { name: /^Goalkeeper/ })).toHaveAttribute('aria-selected', 'true');
    for (const position of ['Goalkeeper', 'Defender', 'Midfielder', 'Attacker'] as const) {
      await expect(page.getByRole('tab', { name: new RegExp(`^${position}`) })).toContainText(
        String(squad.filter((p) => p.position === position).length),
      );
    }
    await follow(page, page.getByRole('tab', { name: /^Defender/ }), /\?tab=today&position=Defender$/);
    const homeDefenders = squad.filter((p) => p.teamId === homeTeamId && p.position === 'Defender');
    expect(await squadNames(page, 0)).toEqual(ordered(homeDefenders));
    expect(await squadNames(page, 1)).toEqual(ordered(squad.filter((p) => p.teamId === awayTeamId && p.position === 'Defender')));
    await expect(page.getByTestId('squad-column').nth(0).getByTestId('plm-badge')).toHaveCount(
      homeDefenders.filter((p) => p.is_Played_Last_Match === 1).length,
    );
    await follow(page, page.getByRole('tab', { name: /^Goalkeeper/ }), /\?tab=today$/);
    await follow(page, page.getByRole('tab', { name: /^Defender/ }), /\?tab=today&position=Defender$/);

    // player page, opened from the squad
    const player = ordered(homeDefenders)[0]!;
    const playerRow = homeDefenders.find((p) => p.playerName === player)!;
    await follow(
      page,
      page
        .getByTestId('squad-column')
        .nth(0)
        .getByRole('link', { name: new RegExp(player) }),
      `${baseUrl()}/player/${playerRow.playerId}/${leagueId}/${season}?tab=league&fromSquad=${encodeURIComponent(`${homeTeamId}/${awayTeamId}/${leagueId}/${season}`)}&fromTab=today&position=Defender`,
    );
    const statsReply = await getJson<PlayerLeagueStats[] | PlayerLeagueStats>(
      page,
      `/api/player-stats/league?playerId=${playerRow.playerId}&leagueId=${leagueId}&season=${season}`,
    );
    const records = Array.isArray(statsReply) ? statsReply : [statsReply];
    const stats = records.find((r) => r.is_Current_Team === 1) ?? records[0]!;
    const header = page.getByTestId('player-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(stats.playerName);
    await expect(header.getByTestId('player-team')).toContainText(stats.teamName);
    await expect(header).toContainText(stats.position);
    await expect(page.getByTestId('player-rating')).toContainText(rules.oneDecimal(stats.games_Rating));
    await expect(page.getByTestId('league-stats-card')).toHaveCount(6);
    await expect(page.getByTestId('stat-Goals')).toContainText(String(stats.goals_Total ?? 0));
    await expect(page.getByTestId('stat-Assists')).toContainText(String(stats.goals_Assists ?? 0));
    await expect(page.getByTestId('stat-Appearances')).toContainText(String(stats.games_Appearance ?? 0));
    await expect(page.getByTestId('stat-Average minutes')).toContainText(
      String(Math.round((stats.games_Minute_Played ?? 0) / Math.max(1, stats.games_Appearance ?? 0))),
    );

    // Last Few Fixtures -> a fixture's statistics -> back to the player, then back to the squad
    const recent = await getJson<PlayerRecentFixture[]>(page, `/api/player-stats/fixtures?playerId=${playerRow.playerId}`);
    await follow(page, page.getByRole('tab', { name: 'Last Few Fixtures' }), /[?&]tab=fixtures/);
    if (recent.length === 0) {
      await expect(page.getByText('No recent fixture data available')).toBeVisible();
    } else {
      await expect(page.getByTestId('recent-fixture')).toHaveCount(recent.length);
      const first = recent[0]!;
      // result reads home goals first: from an away player's side the scores swap
      const [home, away] = first.result.split('-').map(Number);
      const [a, b] = first.isHome ? [home, away] : [away, home];
      await expect(page.getByTestId('recent-fixture').first().getByTestId('fixture-result')).toContainText(
        a! > b! ? 'Won' : a! < b! ? 'Lost' : 'Draw',
      );
      await expect(page.getByTestId('recent-fixture').first()).toContainText(`vs ${first.againstTeamName}`);
      await follow(
        page,
        page.getByTestId('recent-fixture').first().getByRole('link'),
        `${baseUrl()}/fixture-stats/${first.fixtureId}?playerId=${playerRow.playerId}&leagueId=${leagueId}&season=${season}&tab=fixtures`,
      );
      await expect(page.getByTestId('fixture-header')).toBeVisible();
      await follow(
        page,
        page.getByRole('link', { name: 'Back to Player Stats' }),
        `${baseUrl()}/player/${playerRow.playerId}/${leagueId}/${season}?tab=fixtures`,
      );
      await expect(page.getByRole('tab', { name: 'Last Few Fixtures' })).toHaveAttribute('aria-selected', 'true');
      await page.goBack();
      await page.goBack();
    }
    await follow(
      page,
      page.getByRole('link', { name: 'Back to Squad' }),
      `${baseUrl()}/squad/${homeTeamId}/${awayTeamId}/${leagueId}/${season}?tab=today&position=Defender`,
    );
    await expect(page.getByRole('tab', { name: /^Defender/ })).toHaveAttribute('aria-selected', 'true');
    await follow(page, page.getByRole('link', { name: 'Back to Fixtures' }), `${baseUrl()}/?tab=today`);
    await context.close();
  });
}

test('team squad: header, position tabs with counts and the league-first order', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'team.page@example.com');
  const fixture = await upcomingFixture(page);
  const players = await getJson<SquadPlayer[]>(
    page,
    `/api/players?teamId=${fixture.awayTeamId}&leagueId=${fixture.leagueId}&season=${fixture.season}`,
  );
  await page.goto(`${baseUrl()}/team/${fixture.awayTeamId}/${fixture.leagueId}/${fixture.season}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fixture.awayTeam);
  await expect(page.getByTestId('team-facts')).toContainText(`Season ${seasonName(fixture.season, fixture.leagueId)}`);
  await expect(page.getByTestId('team-facts')).toContainText(`${players.length} players`);
  await follow(page, page.getByRole('tab', { name: /^Attacker/ }), /\?position=Attacker$/);
  expect(await page.getByTestId('player-name').allInnerTexts()).toEqual(ordered(players.filter((p) => p.position === 'Attacker')));
  await context.close();
});

test('unknown ids and a failing players service show the spec messages', async ({ browser }) => {
  const { page, context } = await signedInPage(browser, { width: 390, theme: 'dark' }, 'squad.unknown@example.com');
  await page.goto(`${baseUrl()}/squad/999991/999992/39/2026?tab=week`);
  await expect(page.getByText('Match data not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Fixtures' })).toHaveAttribute('href', '/?tab=week');
  await page.goto(`${baseUrl()}/fixture/abc/2/39/2026`);
  await expect(page.getByText('Fixture not found')).toBeVisible();
  await page.goto(`${baseUrl()}/player-stats/999991/39/2026`);
  await expect(page.getByText('Player not found')).toBeVisible();
  await expect(page.getByText('No statistics available for this player')).toBeVisible();
  await page.goto(`${baseUrl()}/team/999991/39/2026`);
  await expect(page.getByText('Team data not found')).toBeVisible();
  await page.goto(`${baseUrl()}/team/abc/39/2026`);
  await expect(page.getByText('Team not found')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await failApi(page, /\/api\/players\?/);
  await page.goto(`${baseUrl()}/squad/1/2/39/2026`);
  await expect(page.getByText('Match data not found')).toBeVisible();
  await expect(page.getByText('500: service unavailable')).toBeVisible();
  await context.close();
});
