/**
 * Lighthouse (npm `lighthouse` 12, mobile settings: the default form factor, screen emulation and
 * simulated throttling) on Home, Fixture stats, Standings and Player as a signed-in user, printing a
 * table of the performance, accessibility and best-practices scores with FCP, LCP, TBT and CLS. Uses a running stack when BASE_URL is set, otherwise starts
 * its own (like bench/frontend-sizes.ts); needs built frontends and Chromium (CHROME_PATH, else
 * /usr/bin/chromium).
 *   npx tsx bench/lighthouse.ts                     # own stack
 *   BASE_URL=http://localhost:8080 npx tsx bench/lighthouse.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import type { Fixture, HeadToHeadMatch, TopScorer } from '@matchday/contracts';
import { signInThroughDevProvider } from '../libs/dev-oidc/src/sign-in';
import { freePort } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** An audit's table rows (bootup-time and long-tasks are tables). */
function tableItems(audit: { details?: unknown } | undefined): Array<Record<string, unknown>> {
  const details = audit?.details as { type?: string; items?: Array<Record<string, unknown>> } | undefined;
  return details?.type === 'table' ? (details.items ?? []) : [];
}

/** The scripts with the most scripting time (bootup-time) and the long tasks' count and total: where TBT comes from. */
function mainThreadCost(bootup: { details?: unknown } | undefined, longTasks: { details?: unknown } | undefined): string {
  const scripts = tableItems(bootup)
    .map((item) => ({ url: String(item.url ?? ''), ms: Number(item.scripting ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map(({ url, ms }) => `${url.replace(/^https?:\/\/[^/]+/, '') || url} ${Math.round(ms)} ms`);
  const tasks = tableItems(longTasks);
  const total = tasks.reduce((sum, task) => sum + Number(task.duration ?? 0), 0);
  return `${scripts.join(', ')}; ${tasks.length} long tasks, ${Math.round(total)} ms`;
}

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

/** The standings and a player page of the league and season of the next fixture (the top scorer's page). */
async function leaguePages(baseUrl: string, cookie: string): Promise<{ standings: string; player: string }> {
  const read = async <T>(apiPath: string) => (await (await fetch(`${baseUrl}${apiPath}`, { headers: { cookie } })).json()) as T;
  const next = (await read<Fixture[]>('/api/fixtures?tz=UTC'))[0];
  if (!next) throw new Error('no fixture in the data');
  const { leagueId, season } = next;
  const scorer = (await read<TopScorer[]>(`/api/top-scorers/${leagueId}/${season}`))[0];
  if (!scorer) throw new Error(`no top scorer for league ${leagueId} season ${season}`);
  return {
    standings: `/standings?leagueId=${leagueId}&season=${season}`,
    player: `/player/${scorer.playerId}/${leagueId}/${season}`,
  };
}

/** The LCP element's HTML snippet, from the audit's first table (its shape is not typed by lighthouse). */
function lcpElement(audit: { details?: unknown } | undefined): string {
  const details = audit?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 160) ?? '?';
}

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

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
    const league = await leaguePages(baseUrl, cookie);
    const pages: Array<[string, string]> = [
      ['Home', `${baseUrl}/`],
      ['Fixture stats', `${baseUrl}/fixture-stats/${finished}`],
      ['Standings', `${baseUrl}${league.standings}`],
      ['Player', `${baseUrl}${league.player}`],
    ];
    const rows: string[][] = [];
    const lcpElements: string[] = [];
    const blocking: string[] = [];
    for (const [name, url] of pages) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        extraHeaders: { cookie },
      });
      if (!result) throw new Error(`no Lighthouse result for ${url}`);
      const { categories, audits, runtimeError } = result.lhr;
      // A page Lighthouse could not measure (no paint, a crash) scores 0: say why rather than print a bare 0.
      if (runtimeError) console.error(`${name}: Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
      lcpElements.push(`${name}: ${lcpElement(audits['largest-contentful-paint-element'])}`);
      blocking.push(`${name}: ${mainThreadCost(audits['bootup-time'], audits['long-tasks'])}`);
      rows.push([
        name,
        ...CATEGORIES.map((id) => String(Math.round((categories[id]?.score ?? 0) * 100))),
        ...METRICS.map(([, id]) => (audits[id]?.displayValue ?? '?').replace(/\u00a0/g, ' ')),
      ]);
    }
    const header = ['page (mobile)', ...CATEGORIES, ...METRICS.map(([label]) => label)];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
    console.log([line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'));
    console.log(`\nLCP element\n${lcpElements.join('\n')}`);
    console.log(`\nWhat blocks the main thread (scripting per script, simulated 4x CPU; long tasks)\n${blocking.join('\n')}`);
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
