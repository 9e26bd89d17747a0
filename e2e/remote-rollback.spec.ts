import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { RemoteManifest } from '@matchday/contracts';
import { freePort, repoRoot } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';
import { MANIFEST_MAX_AGE_MS } from '@matchday/shell/src/remotes/versions';
import { follow } from './support/screens';

/**
 * Deploying and rolling back one remote in a real browser, on a stack of its own whose FRONTEND_ROOT is a
 * throwaway folder: mf-stats is a copy of the checkout's build, the other remotes and the shell are
 * links to theirs (only read), so deploying here never changes what other stacks serve.
 */
const ADMIN = 'ops@matchday.test';
let stack: RunningStack;
let root: string;
let env: NodeJS.ProcessEnv;

function packageVersion(name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(repoRoot, name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Runs `npm run <script> -- <args>` against this stack's DATA_DIR and FRONTEND_ROOT. */
function npmRun(script: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const result = spawnSync('npm', ['run', '-s', script, '--', ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function liveVersions(): Promise<Record<string, string | undefined>> {
  const manifest = (await (await fetch(`${stack.url}/mf-manifest.json`)).json()) as RemoteManifest;
  return Object.fromEntries(Object.entries(manifest.remotes).map(([name, entry]) => [name, entry?.version]));
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${stack.url}/`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${stack.url}/`);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

test.beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-rollback-'));
  const frontends = path.join(root, 'frontends');
  fs.mkdirSync(frontends);
  for (const name of ['shell', 'mf-fixtures', 'mf-tips', 'mf-account', 'mf-admin'])
    fs.symlinkSync(path.join(repoRoot, name), path.join(frontends, name));
  const statsVersion = packageVersion('mf-stats');
  fs.mkdirSync(path.join(frontends, 'mf-stats', 'dist'), { recursive: true });
  fs.cpSync(path.join(repoRoot, 'mf-stats', 'dist', statsVersion), path.join(frontends, 'mf-stats', 'dist', statsVersion), {
    recursive: true,
  });
  const port = await freePort();
  stack = await startStack({
    port,
    dataDir: path.join(root, 'data'),
    env: { LOG_LEVEL: 'warn', ADMIN_EMAILS: ADMIN, FRONTEND_ROOT: frontends },
  });
  env = { ...process.env, DATA_DIR: path.join(root, 'data'), FRONTEND_ROOT: frontends };
});

test.afterAll(async () => {
  await stack?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/** The remote entries a page requested, as {remote, version} (to prove which versions an open tab ran). */
function recordEntries(page: Page): Array<{ remote: string; version: string }> {
  const seen: Array<{ remote: string; version: string }> = [];
  page.on('request', (request) => {
    const match = /\/remotes\/([\w-]+)\/([^/]+)\/remoteEntry\.js$/.exec(new URL(request.url()).pathname);
    if (match) seen.push({ remote: match[1]!, version: match[2]! });
  });
  return seen;
}

test('deploy a new mf-stats, see it, roll back to the old screen and forward again from the admin panel; the other remotes never change', async ({
  browser,
}) => {
  test.setTimeout(420_000);
  const old = packageVersion('mf-stats');
  const before = await liveVersions();
  expect(before['mf-stats']).toBe(old);
  const others = (versions: Record<string, string | undefined>) => ({ ...versions, 'mf-stats': undefined });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await page.goto(`${stack.url}/leagues`);
  await expect(page.getByTestId('stats-version')).toHaveText(`Stats v${old}`);

  // A tab left open on Matches across the deploy: it is never reloaded (the marker would be lost).
  const still = await context.newPage();
  const stillEntries = recordEntries(still);
  await still.goto(`${stack.url}/`);
  const stillOpenedAt = Date.now();
  await still.evaluate(() => Object.assign(window, { neverReloaded: true }));
  const stillNav = still.getByTestId('primary-nav-header');
  // It has run the old mf-stats (its container and chunks are in the page) and gone back to Matches.
  await follow(still, stillNav.getByRole('link', { name: 'Leagues' }), `${stack.url}/leagues`);
  await expect(still.getByTestId('stats-version')).toHaveText(`Stats v${old}`);
  await follow(still, stillNav.getByRole('link', { name: 'Matches' }), `${stack.url}/`);
  const checkForUpdates = still.getByRole('button', { name: 'Check for Updates' });
  await checkForUpdates.click();
  await expect(still.getByTestId('toast')).toContainText("You're Up to Date!");

  // 1. deploy: a new version directory, live at once, no restart
  const deployed = npmRun('deploy', 'mf-stats');
  expect(deployed.err.split('\n').filter((line) => /error/i.test(line))).toEqual([]);
  expect(deployed.code).toBe(0);
  const version = /mf-stats deployed: (\S+) is live/.exec(deployed.out)?.[1];
  expect(version).toMatch(new RegExp(`^${old.replace(/\./g, '\\.')}\\+\\d{8}\\.\\d{6}$`));
  const afterDeploy = await liveVersions();
  expect(afterDeploy['mf-stats']).toBe(version);
  expect(others(afterDeploy)).toEqual(others(before));

  // The area on screen keeps its version until it is left: a navigation inside it stays on the old one.
  await follow(page, page.getByTestId('league-link').first(), /\/league\/\d+\/\d+$/);
  await expect(page.getByTestId('stats-version')).toHaveText(`Stats v${old}`);

  // The open tab, once the manifest it read is due again (its automatic update check has run by then too):
  const due = stillOpenedAt + MANIFEST_MAX_AGE_MS + 1_000 - Date.now();
  if (due > 0) await still.waitForTimeout(due);
  // the footer's update check notices the changed manifest (the automatic one if the deploy was done by
  // then, else Check for Updates)...
  const updateNow = still.getByRole('button', { name: 'Update Now' });
  if (!(await updateNow.isVisible())) {
    await checkForUpdates.click();
    await expect(still.getByTestId('toast')).toContainText('Update Available!');
  }
  await expect(updateNow).toBeVisible();
  // ...and its next in-app navigation into the stats area runs the new version.
  await follow(still, stillNav.getByRole('link', { name: 'Leagues' }), `${stack.url}/leagues`);
  await expect(still.getByTestId('stats-version')).toHaveText(`Stats v${version}`);
  await expect(still.getByTestId('remote-fallback')).toHaveCount(0);
  await follow(still, stillNav.getByRole('link', { name: 'Matches' }), `${stack.url}/`);
  await expect(still.getByTestId('remote-fallback')).toHaveCount(0);
  // The page now runs the live version of every remote: the footer stops offering the update.
  await expect(checkForUpdates).toBeVisible();
  await expect(updateNow).toHaveCount(0);
  await checkForUpdates.click();
  await expect(still.getByTestId('toast')).toContainText("You're Up to Date!");
  expect(await still.evaluate(() => (window as unknown as { neverReloaded?: boolean }).neverReloaded)).toBe(true);
  // It loaded mf-stats twice (old, then new) and every other remote only at the version it had.
  expect(stillEntries.filter((e) => e.remote === 'mf-stats').map((e) => e.version)).toEqual([old, version]);
  for (const entry of stillEntries.filter((e) => e.remote !== 'mf-stats')) expect(entry.version).toBe(before[entry.remote]);
  expect(stillEntries.some((e) => e.remote === 'mf-fixtures')).toBe(true);
  await still.close();

  // 2. see it (the next page load reads the manifest again)
  await page.goto(`${stack.url}/leagues`);
  await expect(page.getByTestId('stats-version')).toHaveText(`Stats v${version}`);
  await expect(page.getByRole('heading', { name: 'Leagues' })).toBeVisible();

  // A second tab stays open on the new version through the rollback
  const open = await context.newPage();
  await open.goto(`${stack.url}/leagues`);
  await expect(open.getByTestId('stats-version')).toHaveText(`Stats v${version}`);

  // 3. roll back: the old screen again
  const rolledBack = npmRun('rollback', 'mf-stats');
  expect(rolledBack.code).toBe(0);
  expect(rolledBack.out.trim()).toBe(`mf-stats rolled back: ${old} is live (was ${version}).`);
  await page.reload();
  await expect(page.getByTestId('stats-version')).toHaveText(`Stats v${old}`);
  expect(others(await liveVersions())).toEqual(others(before));

  // The tab that was already open keeps working: a navigation inside the stats area still renders
  await open
    .getByRole('link')
    .filter({ hasText: /Premier League|League/ })
    .first()
    .click();
  await expect(open.getByTestId('stats-version')).toBeVisible();
  await expect(open.getByTestId('remote-fallback')).toHaveCount(0);

  // Bad input changes nothing
  const pastOldest = npmRun('rollback', 'mf-stats');
  expect(pastOldest.code).toBe(1);
  expect(pastOldest.err).toContain(`mf-stats is at its oldest version (${old}): there is nothing to roll back to.`);
  const unknown = npmRun('rollback', 'mf-stats', '--to', '9.9.9');
  expect(unknown.code).toBe(1);
  expect(unknown.err).toContain('mf-stats has no version "9.9.9"');
  expect((await liveVersions())['mf-stats']).toBe(old);

  // 4. the admin panel does the same: Roll forward, then Roll back
  await page.goto(`${stack.url}/admin`);
  const row = page.getByTestId('remote-mf-stats');
  await expect(row.getByTestId('live-version')).toHaveText(old);
  await row.getByRole('button', { name: `Roll forward mf-stats to ${version}` }).click();
  await expect(page.getByTestId('toast')).toContainText(`mf-stats rolled forward: ${version} is live (was ${old}).`);
  await expect(row.getByTestId('live-version')).toHaveText(version!);
  await page.goto(`${stack.url}/leagues`);
  await expect(page.getByTestId('stats-version')).toHaveText(`Stats v${version}`);
  await page.goto(`${stack.url}/admin`);
  await page
    .getByTestId('remote-mf-stats')
    .getByRole('button', { name: `Roll back mf-stats to ${old}` })
    .click();
  await expect(page.getByTestId('toast')).toContainText(`mf-stats rolled back: ${old} is live (was ${version}).`);
  await page.goto(`${stack.url}/leagues`);
  await expect(page.getByTestId('stats-version')).toHaveText(`Stats v${old}`);

  // npm run remotes: both versions kept, the old one live; the other four untouched throughout
  const listed = npmRun('remotes');
  expect(listed.code).toBe(0);
  expect(listed.out).toMatch(
    new RegExp(`mf-stats\\s+${old.replace(/\./g, '\\.')}\\s+${version!.replace(/[.+]/g, '\\$&')}, ${old.replace(/\./g, '\\.')}\\*`),
  );
  expect(others(await liveVersions())).toEqual(others(before));
  await context.close();
});
