import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { RemoteManifest } from '@matchday/contracts';
import { freePort, repoRoot } from '../scripts/lib/processes';
import { startStack, type RunningStack } from '../scripts/lib/stack';

/**
 * The ops story of issue 10 §3 in a real browser, on a stack of its own whose FRONTEND_ROOT is a
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

test('deploy a new mf-stats, see it, roll back to the old screen and forward again from the admin panel; the other remotes never change', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const old = packageVersion('mf-stats');
  const before = await liveVersions();
  expect(before['mf-stats']).toBe(old);
  const others = (versions: Record<string, string | undefined>) => ({ ...versions, 'mf-stats': undefined });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await page.goto(`${stack.url}/leagues`);
  await expect(page.getByTestId('stats-version')).toHaveText(`Stats v${old}`);

  // 1. deploy: a new version directory, live at once, no restart
  const deployed = npmRun('deploy', 'mf-stats');
  expect(deployed.err.split('\n').filter((line) => /error/i.test(line))).toEqual([]);
  expect(deployed.code).toBe(0);
  const version = /mf-stats deployed: (\S+) is live/.exec(deployed.out)?.[1];
  expect(version).toMatch(new RegExp(`^${old.replace(/\./g, '\\.')}\\+\\d{8}\\.\\d{6}$`));
  const afterDeploy = await liveVersions();
  expect(afterDeploy['mf-stats']).toBe(version);
  expect(others(afterDeploy)).toEqual(others(before));

  // 2. see it (the next page load reads the manifest again)
  await page.reload();
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
