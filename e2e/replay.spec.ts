import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { npmStartStack } from './support/npm-start';
import { signedInPage } from './support/screens';

/**
 * A replay (`--as-of 2023-12-01 --replay football-data-co-uk <file>`) of a three-match made-up season:
 * Everton - Arsenal was played 3-1 on 2 Dec 2023, which is tomorrow in the replay, so it must show its
 * kick-off time and no score, on Home and on the team's fixture list. Its own small stack, started once
 * as a user would: `npm start -- --no-build --as-of 2023-12-01 --replay ...` (scripts/start.ts).
 */

let fileDir: string | undefined;

/** The made-up season, written before the stack starts (its path is an argument of npm start). */
function seasonFile(): string {
  fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-e2e-replay-file-'));
  const file = path.join(fileDir, 'E0-2324.csv');
  fs.writeFileSync(
    file,
    [
      'Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG',
      'E0,25/11/2023,15:00,Arsenal,Chelsea,2,0',
      'E0,02/12/2023,15:00,Everton,Arsenal,3,1',
      'E0,30/12/2023,15:00,Chelsea,Everton,1,1',
    ].join('\n'),
  );
  return file;
}

const stack = npmStartStack(() => ['--as-of', '2023-12-01', '--replay', 'football-data-co-uk', seasonFile()], { name: 'replay' });
test.afterAll(() => {
  if (fileDir) fs.rmSync(fileDir, { recursive: true, force: true });
});

test('a replay shows a fixture after now with its real kick-off date and no score, on Home and on the team page, under a replay banner that the page as served already holds', async ({
  browser,
}) => {
  const { page, context } = await signedInPage(browser, { width: 1280, theme: 'light' }, 'replay@example.com');
  // The API serves it as not played.
  const response = await page.request.get(`${stack().url}/api/fixtures/filter?type=tomorrow&tz=UTC`);
  expect(response.ok()).toBe(true);
  const tomorrow = (await response.json()) as Array<{ homeTeam: string; status: string; goalsHome: number | null }>;
  expect(tomorrow).toEqual([expect.objectContaining({ homeTeam: 'Everton', status: 'scheduled', goalsHome: null })]);

  // Home, Tomorrow tab.
  await page.getByRole('tab', { name: 'Tomorrow' }).click();
  const card = page.getByTestId('fixture-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Everton');
  // its real date: a replay never passes a match off as today's or tomorrow's
  await expect(card).toContainText('Sat 2 Dec, 15:00');
  await expect(card).not.toContainText('Tomorrow');
  // the banner says what is replayed and where it stands
  const banner = page.getByTestId('replay-banner');
  await expect(banner).toContainText('Replay');
  await expect(banner).toContainText('Premier League 2023-24');
  await expect(banner).toContainText('as of Fri 1 Dec 2023, ');
  // The page as served, before any JavaScript, holds the same strip in the same place: the app's banner takes its
  // place instead of pushing the page down.
  const drawn = await banner.boundingBox();
  const staticPage = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const before = await staticPage.newPage();
  await before.goto(`${stack().url}/`);
  const strip = before.locator('aside.shell-replay');
  await expect(strip).toContainText('Replay');
  await expect(strip).toContainText('Premier League 2023-24');
  const served = await strip.boundingBox();
  expect(served).not.toBeNull();
  expect(drawn).not.toBeNull();
  expect({ y: served!.y, height: served!.height }).toEqual({ y: drawn!.y, height: drawn!.height });
  await staticPage.close();
  await expect(card).toContainText('VS');
  await expect(card).not.toContainText('Final score');
  await expect(card).not.toContainText('3 - 1');

  // The team's fixtures (Home filtered by the team): the same match, still no score.
  await page.goto(`${stack().url}/?team=Everton`);
  await expect(page.getByRole('heading', { name: 'Everton Fixtures' })).toBeVisible();
  const teamCard = page.getByTestId('fixture-card').filter({ hasText: 'Arsenal' });
  await expect(teamCard).toHaveCount(1);
  await expect(teamCard).toContainText('Sat 2 Dec, 15:00');
  await expect(teamCard).toContainText('VS');
  await expect(teamCard).not.toContainText('3 - 1');
  await context.close();
});
