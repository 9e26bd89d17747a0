/**
 * React's work on a cold, signed-in load of Home, Fixture stats, Line-ups, Standings, Player and Bracket: how many commits, how many
 * components it mounted and how many it drew again, in the first BENCH_WATCH_MS (6 s) of each page. Unlike a
 * Lighthouse score, which moves by several points from run to run here, these counts change only when the work
 * changes, so they show whether a change removed renders (e.g. a whole table drawn again when the live stream
 * connects). Each page is loaded BENCH_RUNS times (3) in a fresh page of one browser (412x823, no service worker)
 * and every run is printed, since what arrives first (the live stream, the follows) can change the order of work,
 * with the main thread's busy time over the same span (Chrome's Performance.getMetrics: tasks, script, layout and
 * style; unthrottled, so only runs of one session compare).
 *
 * How: a stand-in for the React DevTools hook (installed before the page's scripts) receives each commit's fiber
 * tree. A fiber not seen before was mounted; one whose props or state object changed since the last commit was
 * drawn again (a memoised component skipped by React keeps both). "Drawn again after the first draw" counts the
 * fibers drawn again after the commit that mounted the most fibers: the work a page does once it shows its data.
 * Uses a running stack when BASE_URL is set, otherwise starts its own; needs built frontends and Chromium
 * (CHROME_PATH, else /usr/bin/chromium).
 *   npx tsx bench/react-renders.ts
 *   BASE_URL=http://localhost:8080 BENCH_PAGES=Home,Standings BENCH_RUNS=5 npx tsx bench/react-renders.ts
 *   BASE_URL=http://localhost:8080 BENCH_PAGES=Standings BENCH_COMMITS=1 npx tsx bench/react-renders.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { signInThroughDevProvider } from '@matchday/dev-oidc';
import { freePort } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';
import { benchPages, conditions } from './lib/pages';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const WATCH_MS = Number(process.env.BENCH_WATCH_MS ?? 6000);
/** BENCH_COMMITS=1 also prints each commit as time:mounted/drawn again. */
const EACH_COMMIT = process.env.BENCH_COMMITS === '1';

interface Commit {
  at: number;
  mounted: number;
  drawn: number;
}

/**
 * The hook, as page script (a string: the bench's own compiled helpers do not exist in the page). React's
 * production build reports each commit to `__REACT_DEVTOOLS_GLOBAL_HOOK__.onCommitFiberRoot` when the hook is there
 * before react-dom runs and says it supports fibers.
 */
const HOOK = `(() => {
  const commits = [];
  const seen = new WeakMap();
  window.__benchCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onCommitFiberRoot(_renderer, root) {
      const commit = { at: Math.round(performance.now()), mounted: 0, drawn: 0 };
      const stack = root.current.child ? [root.current.child] : [];
      while (stack.length) {
        const fiber = stack.pop();
        const before = seen.get(fiber) || (fiber.alternate && seen.get(fiber.alternate));
        if (!before) commit.mounted++;
        else if (before.props !== fiber.memoizedProps || before.state !== fiber.memoizedState) commit.drawn++;
        const now = { props: fiber.memoizedProps, state: fiber.memoizedState };
        seen.set(fiber, now);
        if (fiber.alternate) seen.set(fiber.alternate, now);
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      commits.push(commit);
    },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();`;

function summary(commits: readonly Commit[]): string {
  const mounted = commits.reduce((sum, c) => sum + c.mounted, 0);
  const drawn = commits.reduce((sum, c) => sum + c.drawn, 0);
  const biggest = commits.reduce((best, c, index) => (c.mounted > (commits[best]?.mounted ?? -1) ? index : best), 0);
  const after = commits.slice(biggest + 1).reduce((sum, c) => sum + c.drawn, 0);
  return `${commits.length} commits, ${mounted} mounted, ${drawn} drawn again (${after} after the first draw)`;
}

async function main(): Promise<void> {
  let stack: RunningStack | null = null;
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-renders-'));
    stack = await startStack({ port: await freePort(), dataDir, env: { LOG_LEVEL: 'warn' } });
    baseUrl = stack.url;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const cookie = await signInThroughDevProvider(baseUrl, 'renders@example.com');
    console.log(`${await conditions(baseUrl, cookie)}; ${RUNS} runs of ${WATCH_MS} ms per page`);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
    await context.addCookies(
      cookie
        .split('; ')
        .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: baseUrl })),
    );
    await context.addInitScript(HOOK);
    const only = process.env.BENCH_PAGES?.split(',').map((page) => page.trim().toLowerCase());
    for (const [name, pagePath] of (await benchPages(baseUrl, cookie)).filter(([page]) => !only || only.includes(page.toLowerCase()))) {
      for (let run = 1; run <= RUNS; run += 1) {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.goto(`${baseUrl}${pagePath}`);
        await page.waitForTimeout(WATCH_MS);
        const commits = await page.evaluate(() => (window as unknown as { __benchCommits?: Commit[] }).__benchCommits ?? []);
        if (!commits.length) throw new Error(`${name}: React reported no commit (is the page signed in and built?)`);
        const { metrics } = await cdp.send('Performance.getMetrics');
        const seconds = (metric: string) => metrics.find((m) => m.name === metric)?.value ?? 0;
        const mainThread = `main thread ${Math.round(1000 * seconds('TaskDuration'))} ms (script ${Math.round(
          1000 * seconds('ScriptDuration'),
        )}, layout and style ${Math.round(1000 * (seconds('LayoutDuration') + seconds('RecalcStyleDuration')))})`;
        console.log(`${name.padEnd(14)} run ${run}: ${summary(commits)}; ${mainThread}`);
        if (EACH_COMMIT) console.log(`  ${commits.map((c) => `${c.at} ms:${c.mounted}/${c.drawn}`).join(' ')}`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await stack?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
