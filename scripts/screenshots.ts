/**
 * Screenshots of what a fan meets first, on a phone: Tips, Fantasy, search ("Salah", "Man Utd") on the default world,
 * and a World Cup replay's Home (national teams' cards) and match page, at 320 and 390 px, signed in, light theme.
 * For design reviews and closing notes: `npx tsx scripts/screenshots.ts [directory]` (default /tmp/matchday-screens);
 * it starts its own two stacks (built frontends and compiled servers: `npm run build` first) and prints each file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { Fixture, League } from '@matchday/contracts';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { chromiumPath } from '../e2e/support/chromium';
import { freePort, repoRoot } from './lib/processes';
import { startStack, type StackOptions } from './lib/stack';

const OUT = path.resolve(process.argv[2] ?? '/tmp/matchday-screens');
const WIDTHS = [320, 390] as const;
const WORLD_CUP_2022 = path.resolve(repoRoot, '../shared/data/openfootball/worldcup-2022');

/** Signs in on the stack and photographs each page at each width (the first screenful, after the page settles). */
async function photograph(browser: Browser, url: string, pages: Array<[name: string, path: string]>): Promise<void> {
  const cookie = await signInThroughDevProvider(url, 'screenshots@example.com');
  const cookies = cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
  for (const width of WIDTHS) {
    const context = await browser.newContext({
      viewport: { width, height: 780 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      serviceWorkers: 'block',
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    for (const [screen, at] of pages) {
      await page.goto(`${url}${at}`);
      await page.waitForLoadState('networkidle');
      await page
        .getByTestId('loading')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .catch(() => undefined);
      const file = path.join(OUT, `${screen}-${width}px.png`);
      await page.screenshot({ path: file });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      console.log(`${file}${overflow > 0 ? ` (wider than the screen by ${overflow} px)` : ''}`);
    }
    await context.close();
  }
}

/** Runs `use` on a stack of its own (temporary DATA_DIR, stopped after). */
async function withStack(options: Omit<StackOptions, 'port' | 'dataDir'>, run: (url: string) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-screens-'));
  const stack = await startStack({ ...options, port: await freePort(), dataDir, env: { LOG_LEVEL: 'error', ...options.env } });
  try {
    await run(stack.url);
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath() });
  try {
    await withStack({ replay: 'default' }, (url) =>
      photograph(browser, url, [
        ['tips', '/betting-tips'],
        ['fantasy', '/dream11-predictions'],
        ['search-salah', '/search?q=salah'],
        ['search-man-utd', '/search?q=man%20utd'],
      ]),
    );
    // the World Cup on its second Tuesday: that day's national teams on Home, and a match played the day before
    await withStack({ replay: ['openfootball', WORLD_CUP_2022], asOf: '2022-11-22' }, async (url) => {
      const cookie = await signInThroughDevProvider(url, 'screenshots@example.com');
      const read = async <T>(at: string) => (await (await fetch(`${url}${at}`, { headers: { cookie } })).json()) as T;
      const cup = (await read<League[]>('/api/leagues')).find((league) => league.type === 'cup')!;
      const fixtures = await read<Fixture[]>(`/api/fixtures/filter?leagueId=${cup.id}&season=${cup.currentSeason}`);
      if (!Array.isArray(fixtures)) throw new Error(`no fixtures for ${JSON.stringify(cup)}: ${JSON.stringify(fixtures)}`);
      const played = fixtures.filter((fixture) => fixture.status === 'finished').pop()!;
      await photograph(browser, url, [
        ['world-cup-home', '/'],
        ['world-cup-match', `/fixture-stats/${played.id}`],
      ]);
    });
  } finally {
    await browser.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
