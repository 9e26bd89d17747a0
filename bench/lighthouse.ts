/**
 * Lighthouse (npm `lighthouse` 12, mobile settings: the default form factor, screen emulation and
 * simulated throttling) on Home, Fixture stats, Line-ups, Standings, Player and Bracket as a signed-in user, printing a
 * table of the performance, accessibility and best-practices scores with FCP, LCP, TBT and CLS. Each page
 * is measured BENCH_RUNS times (3) and the median run is shown, with every run's performance score;
 * BENCH_REPORTS_DIR keeps each run's full JSON report and the trace it was computed from (<page>-<run>.trace.json). Uses a running stack when BASE_URL is set, otherwise starts
 * its own (like bench/frontend-sizes.ts; BENCH_WORLD=real, the default, or demo: bench/lib/world.ts); needs built frontends and Chromium (CHROME_PATH, else
 * /usr/bin/chromium).
 *
 * Scores from two hosts compare only with the conditions beside them, so it prints the dataset, the
 * cards on Home's screen (today's fixtures: what "Today" holds moves with the time of day), each page's DOM
 * size and Lighthouse's benchmarkIndex (the host's CPU speed). BENCH_CPU_SLOWDOWN (default 4, Lighthouse's
 * mobile setting) raises the simulated CPU slowdown to stand for a slower host: main-thread work measured
 * here was 2.3-2.8 s simulated where a host at benchmarkIndex ~2,500 measured 6.3-7.8 s, so 11 stands for it.
 *   npx tsx bench/lighthouse.ts                     # own stack
 *   BASE_URL=http://localhost:8080 npx tsx bench/lighthouse.ts
 *   BASE_URL=http://localhost:8080 BENCH_CPU_SLOWDOWN=11 npx tsx bench/lighthouse.ts
 *   BASE_URL=http://localhost:8080 BENCH_PAGES=Home,Player BENCH_RUNS=1 npx tsx bench/lighthouse.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';
import { benchPages, conditions } from './lib/pages';
import { benchWorld } from './lib/world';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** Runs per page (the median performance run is shown) and where to keep each run's full report. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const REPORTS_DIR = process.env.BENCH_REPORTS_DIR;
/** Lighthouse's simulated CPU slowdown (4 on its mobile settings). */
const CPU_SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);

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

/** Main-thread time by kind of work (script evaluation, style and layout, parsing and compiling, ...), simulated 4x CPU. */
function workBreakdown(audit: { details?: unknown } | undefined): string {
  return tableItems(audit)
    .map((item) => ({ label: String(item.groupLabel ?? item.group ?? '?'), ms: Number(item.duration ?? 0) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4)
    .map(({ label, ms }) => `${label} ${Math.round(ms)} ms`)
    .join(', ');
}

/**
 * The LCP element's HTML snippet, from the audit's first table, and the LCP's parts (time to first byte, render
 * delay, ...) from lcp-breakdown-insight: Lighthouse 12.8 leaves the element audit not applicable on some pages.
 * Their shapes are not typed by lighthouse.
 */
function lcpElement(element: { details?: unknown } | undefined, breakdown: { details?: unknown } | undefined): string {
  const details = element?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  const parts = (breakdown?.details as { items?: Array<{ items?: Array<{ label?: string; duration?: number }> }> } | undefined)?.items?.[0]
    ?.items;
  const timing = (parts ?? []).map((part) => `${part.label ?? '?'} ${Math.round(part.duration ?? 0)} ms`).join(', ');
  return `${details?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 160) ?? '(element not reported)'}${timing ? `; ${timing} (observed)` : ''}`;
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
    stack = await startStack({
      port: await freePort(),
      dataDir,
      env: { LOG_LEVEL: 'warn' },
      replay: benchWorld().replay,
      log: () => undefined,
    });
    baseUrl = stack.url;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const cookie = await signInThroughDevProvider(baseUrl, 'lighthouse@example.com');
    // lighthouse is an ES module; tsx runs this file as CommonJS, so it is loaded with import().
    const { default: lighthouse } = await import('lighthouse');
    const { throttling } = await import('lighthouse/core/config/constants.js');
    console.log(
      `${await conditions(baseUrl, cookie)}; CPU slowdown ${CPU_SLOWDOWN}x; load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const benchmarkIndexes: number[] = [];
    const pages = (await benchPages(baseUrl, cookie)).map(([name, pagePath]): [string, string] => [name, `${baseUrl}${pagePath}`]);
    const rows: string[][] = [];
    const lcpElements: string[] = [];
    const blocking: string[] = [];
    // BENCH_PAGES=Home,Player measures some of them.
    const only = process.env.BENCH_PAGES?.split(',').map((page) => page.trim().toLowerCase());
    for (const [name, url] of pages.filter(([page]) => !only || only.includes(page.toLowerCase()))) {
      // Lighthouse's score moves by several points from run to run on a shared machine: each page is
      // measured BENCH_RUNS times and the run with the median performance score is the one shown.
      const runs: Array<NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']> = [];
      let retries = 0;
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          extraHeaders: { cookie },
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN },
        });
        if (!result) throw new Error(`no Lighthouse result for ${url}`);
        // A page Lighthouse could not measure (no paint, a crash) scores 0: say why rather than print a bare 0. A
        // fault of Lighthouse's own trace recording (NO_NAVSTART, ~1 run in 20 here) says nothing about the page:
        // that run is made again (at most twice per page), as Lighthouse's message asks.
        const { runtimeError } = result.lhr;
        if (runtimeError) console.error(`${name}: Lighthouse could not measure ${url}: ${runtimeError.code} ${runtimeError.message}`);
        if (runtimeError?.code === 'NO_NAVSTART' && retries < 2) {
          retries += 1;
          run -= 1;
          continue;
        }
        if (REPORTS_DIR) {
          const file = path.join(REPORTS_DIR, `${name.toLowerCase().replace(/\W+/g, '-')}-${run + 1}`);
          fs.writeFileSync(`${file}.json`, JSON.stringify(result.lhr));
          // the unthrottled trace the simulation scaled: its tasks, opened in Chrome's Performance panel
          fs.writeFileSync(`${file}.trace.json`, JSON.stringify(result.artifacts.Trace));
        }
        runs.push(result.lhr);
        benchmarkIndexes.push(Math.round(result.lhr.environment.benchmarkIndex));
      }
      const performance = (lhr: (typeof runs)[number]) => Math.round((lhr.categories.performance?.score ?? 0) * 100);
      const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
      const { categories, audits } = sorted[Math.floor((sorted.length - 1) / 2)]!;
      lcpElements.push(`${name}: ${lcpElement(audits['largest-contentful-paint-element'], audits['lcp-breakdown-insight'])}`);
      blocking.push(
        `${name}: ${mainThreadCost(audits['bootup-time'], audits['long-tasks'])}; ${workBreakdown(audits['mainthread-work-breakdown'])}`,
      );
      rows.push([
        name,
        ...CATEGORIES.map((id) => String(Math.round((categories[id]?.score ?? 0) * 100))),
        runs.map(performance).join(' '),
        String(audits['dom-size']?.numericValue ?? '?'),
        ...METRICS.map(([, id]) => (audits[id]?.displayValue ?? '?').replace(/\u00a0/g, ' ')),
      ]);
    }
    const header = ['page (mobile)', ...CATEGORIES, 'performance per run', 'DOM nodes', ...METRICS.map(([label]) => label)];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
    console.log([line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n'));
    console.log(
      `\nbenchmarkIndex per run: ${benchmarkIndexes.join(' ')} (median ${[...benchmarkIndexes].sort((a, b) => a - b)[Math.floor(benchmarkIndexes.length / 2)]})`,
    );
    console.log(`\nLCP element\n${lcpElements.join('\n')}`);
    console.log(`\nWhat blocks the main thread (scripting per script, simulated ${CPU_SLOWDOWN}x CPU; long tasks)\n${blocking.join('\n')}`);
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
