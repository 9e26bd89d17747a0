/**
 * npm test: type-check, unit and integration tests (jest: SQLite always, MySQL too when TEST_MYSQL_URL
 * is set), the scale-out rig (test/*.rig.ts: two gateways on redis-server and MariaDB), then the size budget of the freshly built frontends and the end-to-end tests (Playwright in
 * Chromium) against them.
 * Finds Chromium first (CHROMIUM_PATH, /usr/bin/chromium) or installs one: Debian's package when
 * running as root on Debian, else Playwright's own download; stops with instructions if both fail.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildFrontends } from './lib/build';
import { buildServers } from './lib/build-servers';
import { repoRoot } from './lib/processes';
import { checkSharedApi } from './lib/shared-api';
import { checkSizeBudgets } from './lib/size-budget';
import { SIZE_BUDGETS_KB } from './size-budgets';

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
  return result.status === 0;
}

function playwrightChromium(): string | null {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const path = (require('playwright-core') as typeof import('playwright-core')).chromium.executablePath();
    return path && fs.existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function ensureChromium(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (fs.existsSync(configured)) return configured;
    throw new Error(`CHROMIUM_PATH=${configured} does not exist.`);
  }
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/etc/debian_version')) {
    console.log('Chromium not found: installing the Debian chromium package...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.log("Chromium not found: trying Playwright's browser download...");
  spawnSync('npx', ['playwright', 'install', 'chromium'], { cwd: repoRoot, stdio: 'inherit' });
  const downloaded = playwrightChromium();
  if (downloaded) return downloaded;
  throw new Error(
    'No Chromium for the end-to-end tests. Install one and run again:\n' +
      '  Debian/Ubuntu: sudo apt-get install -y chromium\n' +
      '  elsewhere:     npx playwright install chromium   (or set CHROMIUM_PATH to a Chrome/Chromium binary)',
  );
}

/** Prints each result of a post-build check under its title; true when all are ok. */
function reportChecks(title: string, results: ReadonlyArray<{ ok: boolean; message: string }>): boolean {
  console.log(`\n=== ${title} ===`);
  for (const result of results) console.log(`${result.ok ? 'ok    ' : 'FAILED'} ${result.message}`);
  const ok = results.every((result) => result.ok);
  console.log(`=== ${title.replace(/ \(.*\)$/, '')}: ${ok ? 'ok' : 'FAILED'} ===`);
  return ok;
}

async function main(): Promise<void> {
  const e2eOnly = process.argv.includes('--e2e-only');
  const results: Array<[string, boolean]> = [];
  if (!e2eOnly) {
    results.push(['typecheck', run('Type-check (tsc)', 'npx', ['tsc', '-p', 'tsconfig.json'])]);
    results.push(['lint', run('Lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0'])]);
    results.push(['format', run('Formatting (prettier --check)', 'npx', ['prettier', '--check', '.'])]);
    if (!process.env.TEST_MYSQL_URL) console.log('\nTEST_MYSQL_URL is not set: service tests run on SQLite only.');
    results.push(['jest', run('Unit and integration tests (jest)', 'npx', ['jest', '--ci'])]);
    // Two gateways, Redis, MariaDB and a front (scripts/lib/rig.ts): needs redis-server, and MariaDB unless TEST_MYSQL_URL.
    results.push(['scale-out rig', run('Scale-out rig (jest, test/*.rig.ts)', 'npm', ['run', '-s', 'test:rig'])]);
  }
  const chromium = ensureChromium();
  await buildFrontends({ force: false });
  // The e2e suite runs the compiled servers (e2e/support/global-setup.ts), compiled here from these sources.
  const servers = await buildServers();
  console.log(`\nCompiled ${servers.outputs.length} server entries in ${(servers.ms / 1000).toFixed(1)} s.`);
  // bytes, not time: each frontend's first-screen JavaScript (gzip) against scripts/size-budgets.ts
  results.push(['size budget', reportChecks('Size budget (gzip, scripts/size-budgets.ts)', checkSizeBudgets(repoRoot, SIZE_BUDGETS_KB))]);
  // the built remotes need nothing of the UI kit and the facades that the built shell lacks (scripts/lib/shared-api.ts)
  results.push(['shared API', reportChecks('Shared API (shared-api.json of each build)', checkSharedApi(repoRoot))]);
  results.push([
    'e2e',
    run('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], { ...process.env, CHROMIUM_PATH: chromium }),
  ]);
  const failed = results.filter(([, ok]) => !ok);
  console.log(`\nSuites: ${results.map(([name, ok]) => `${name} ${ok ? 'ok' : 'FAILED'}`).join(', ')}`);
  process.exit(failed.length === 0 ? 0 : 1);
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
