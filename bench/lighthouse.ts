/**
 * Lighthouse (npm `lighthouse` 12, mobile settings: the default form factor, screen emulation and
 * simulated throttling) on Home and Fixture stats as a signed-in user, printing the performance,
 * accessibility and best-practices scores. Uses a running stack when BASE_URL is set, otherwise starts
 * its own (like bench/frontend-sizes.ts); needs built frontends and Chromium (CHROME_PATH, else
 * /usr/bin/chromium).
 *   npx tsx bench/lighthouse.ts                     # own stack
 *   BASE_URL=http://localhost:8080 npx tsx bench/lighthouse.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Fixture, HeadToHeadMatch } from '@matchday/contracts';
import { signInThroughDevProvider } from '../libs/dev-oidc/src/sign-in';
import { freePort } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** A played fixture: /api/fixtures lists what is to come, so it is found through the next fixture's head-to-head record. */
async function finishedFixtureId(baseUrl: string, cookie: string): Promise<number> {
  const read = async <T>(apiPath: string) => (await (await fetch(`${baseUrl}${apiPath}`, { headers: { cookie } })).json()) as T;
  for (const next of (await read<Fixture[]>('/api/fixtures?tz=UTC')).slice(0, 10)) {
    const meetings = await read<HeadToHeadMatch[]>(`/api/h2h?homeTeamId=${next.homeTeamId}&awayTeamId=${next.awayTeamId}`);
    const played = meetings.find((m) => m.goalsHome !== null && m.goalsAway !== null);
    if (played) return played.fixtureId;
  }
  throw new Error('no finished fixture in the data');
}

async function main(): Promise<void> {
  let stack: RunningStack | null = null;
  let dataDir: string | null = null;
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-lighthouse-'));
    stack = await startStack({ port: await freePort(), dataDir, env: { LOG_LEVEL: 'warn' } });
    baseUrl = stack.url;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const cookie = await signInThroughDevProvider(baseUrl, 'lighthouse@example.com');
    const finished = await finishedFixtureId(baseUrl, cookie);
    // lighthouse is an ES module; tsx runs this file as CommonJS, so it is loaded with import().
    const { default: lighthouse } = await import('lighthouse');
    const pages: Array<[string, string]> = [
      ['Home', `${baseUrl}/`],
      ['Fixture stats', `${baseUrl}/fixture-stats/${finished}`],
    ];
    for (const [name, url] of pages) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: { cookie },
      });
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const { categories, audits } = result.lhr;
      const scores = CATEGORIES.map((id) => `${id} ${Math.round((categories[id]?.score ?? 0) * 100)}`).join(', ');
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
        .map((id) => `${audits[id]?.title ?? id} ${audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      console.log(`${name} (mobile): ${scores}\n  ${metrics}`);
    }
  } finally {
    await chrome.kill();
    if (stack) await stack.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
