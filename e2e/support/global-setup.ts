import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServers, serverBuildState } from '../../scripts/lib/build-servers';
import { freePort } from '../../scripts/lib/processes';
import { startStack } from '../../scripts/lib/stack';
import { ANALYTICS_ENDPOINT } from './session';

/**
 * Starts gateway, services and the dev identity provider on a free port with a throwaway DATA_DIR, from their
 * compiled output (what production runs), compiled first when it is not current.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (serverBuildState().stale.length > 0) await buildServers();
  // The season's tips made afterwards (60 model fits at each start) are nothing the screens test: every stack the
  // specs start (this one, and the ones some specs start, which inherit the environment) leaves them out.
  process.env.TIPS_BACKFILL = 'off';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'matchday-e2e-'));
  const port = await freePort();
  const stack = await startStack({
    port,
    dataDir,
    runtime: 'compiled',
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_EMAILS: 'admin@matchday.test',
      SUPPORT_EMAIL: 'help@matchday.test',
      // Page-path reporting on, to a port nothing listens on: every other spec runs with the collector
      // unreachable (spec §7: only a warning); e2e/analytics.spec.ts answers it with page.route().
      ANALYTICS_ENDPOINT: ANALYTICS_ENDPOINT,
      ANALYTICS_DOMAIN: 'e2e.matchday.test',
    },
  });
  process.env.E2E_BASE_URL = stack.url;
  // For the spec that stops a service (SIGSTOP) and watches the screens around it keep working.
  process.env.E2E_FOOTBALL_PID = String(stack.processes.find((p) => p.name === 'football')?.child.pid ?? '');
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
