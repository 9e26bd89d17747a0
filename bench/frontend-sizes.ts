/**
 * Measures what each part of the frontend costs a signed-in visitor: minified+gzip bytes of the
 * shell's JavaScript (everything fetched before Home shows its first card, minus mf-fixtures; and what
 * the first render needs, as the size budget of npm test counts it) and of each
 * remote's entry plus the chunks its first screen loads, and the service worker with its precache; and, as
 * the speed issue counts it, every script a signed-in visitor's fresh browser receives before Home shows
 * its first card, as sent (compressed body plus response headers). Starts its own stack; needs built frontends.
 *   npx tsx bench/frontend-sizes.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { freePort } from '../scripts/lib/processes';
import { startStack } from '../scripts/lib/stack';
import { benchWorld } from './lib/world';
import { measureBuild } from '../scripts/lib/size-budget';

/** The first screen of each remote; `{season}` is the Premier League's current season in the data served. */
const SCREENS: Array<[remote: string, path: string]> = [
  ['mf-stats', '/standings?leagueId=39&season={season}'],
  ['mf-tips', '/betting-tips'],
  ['mf-account', '/profile'],
  ['mf-admin', '/admin'],
];

/** Bytes of every script received, as sent (encoded body + headers), before Home's first fixture card is on screen. */
async function jsBeforeFirstCard(browser: Browser, signedIn: BrowserContextOptions['storageState'], url: string): Promise<number> {
  const context = await browser.newContext({ storageState: signedIn, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    let cardShown = false;
    const sent: Array<Promise<number>> = [];
    page.on('requestfinished', (request) => {
      if (cardShown || request.resourceType() !== 'script') return;
      sent.push(
        request.sizes().then((sizes) => {
          // BENCH_LIST=1 lists each script: path, body bytes as sent, header bytes
          if (process.env.BENCH_LIST)
            console.log(`  ${new URL(request.url()).pathname} ${sizes.responseBodySize} ${sizes.responseHeadersSize}`);
          return sizes.responseBodySize + sizes.responseHeadersSize;
        }),
      );
    });
    await page.goto(`${url}/`);
    await page.getByTestId('fixture-card').first().waitFor();
    cardShown = true;
    return (await Promise.all(sent)).reduce((total, bytes) => total + bytes, 0);
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-bench-'));
  const stack = await startStack({
    port: await freePort(),
    dataDir,
    env: { LOG_LEVEL: 'warn' },
    replay: benchWorld().replay,
    log: () => undefined,
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const sizes = new Map<string, number>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      sizes.set(url.pathname, zlib.gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${stack.url}/`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByLabel('E-mail').fill('bench@example.com');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('fixture-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const sum = (filter: (p: string) => boolean) => [...sizes].filter(([p]) => filter(p)).reduce((t, [, n]) => t + n, 0);
    console.log(
      `shell JS fetched before the first fixture card, sign-in page included (gzip): ${kb(sum((p) => !p.startsWith('/remotes/') && p !== '/sw.js'))}`,
    );
    console.log(
      `JS before Home's first card, signed in, fresh cache, as sent (body + headers): ${kb(await jsBeforeFirstCard(browser, await page.context().storageState(), stack.url))}`,
    );
    const firstRender = measureBuild(path.join(__dirname, '..', 'shell', 'dist')).reduce((t, file) => t + file.gzipBytes, 0);
    console.log(`shell initial JS, what the first render needs (initial-files.json, the npm test budget) (gzip): ${kb(firstRender)}`);
    // The service worker is fetched after load, outside the page's JS; its precache downloads the shell once.
    const shellDist = path.join(__dirname, '..', 'shell', 'dist');
    const worker = fs.readFileSync(path.join(shellDist, 'sw.js'));
    const precached = [...worker.toString('utf8').matchAll(/'url':'([^']+)'/g)].map(([, url]) => url ?? '');
    const precacheGzip = precached.reduce(
      (t, url) => t + zlib.gzipSync(fs.readFileSync(path.join(shellDist, url)), { level: 9 }).length,
      0,
    );
    console.log(`service worker /sw.js (gzip): ${kb(zlib.gzipSync(worker, { level: 9 }).length)}`);
    console.log(`precache: ${precached.length} files, ${kb(precacheGzip)} gzip (downloaded once, in the background)`);
    console.log(`mf-fixtures entry + first screen (gzip): ${kb(sum((p) => p.startsWith('/remotes/mf-fixtures/')))}`);
    const leagues = (await (await page.request.get(`${stack.url}/api/leagues`)).json()) as Array<{ id: number; currentSeason: number }>;
    const season = String(leagues.find((league) => league.id === 39)?.currentSeason ?? new Date().getUTCFullYear());
    for (const [remote, screen] of SCREENS) {
      sizes.clear();
      await page.goto(`${stack.url}${screen.replace('{season}', season)}`);
      await page.waitForLoadState('networkidle');
      console.log(`${remote} entry + first screen (gzip): ${kb(sum((p) => p.startsWith(`/remotes/${remote}/`)))}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
