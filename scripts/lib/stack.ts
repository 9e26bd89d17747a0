import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { DevProviderOptions, RunningDevProvider } from '@matchday/dev-oidc';
import { compiledPathOf, serverBuildState } from './build-servers';
import { DEFAULT_RESTART_POLICY, freePort, repoRoot, startCompiled, startTs, stopAll, waitForHttp, type ManagedProcess } from './processes';
import { runReplay, type ReplayJob } from './replay-process';

/**
 * How the servers run: `compiled` runs their esbuild output (`node --enable-source-maps <package>/dist/server.js`,
 * see scripts/lib/build-servers.ts) and refuses to start when that output is missing or older than its sources;
 * `tsx` runs the TypeScript sources through tsx; `auto` (the default) is `compiled` when the output is current and
 * `tsx` otherwise (MATCHDAY_SERVER_RUNTIME sets the default, e.g. `tsx` for a test run against the sources).
 * Nothing here builds: `npm start` builds first (scripts/start.ts).
 */
export type ServerRuntime = 'compiled' | 'tsx' | 'auto';

/** The runtime `runtime` comes to now, and why when `auto` falls back to tsx. */
export function resolveRuntime(runtime: ServerRuntime = (process.env.MATCHDAY_SERVER_RUNTIME as ServerRuntime | undefined) ?? 'auto'): {
  runtime: 'compiled' | 'tsx';
  reason?: string;
} {
  if (runtime === 'tsx') return { runtime };
  const [stale] = serverBuildState().stale;
  if (!stale) return { runtime: 'compiled' };
  if (runtime === 'compiled')
    throw new Error(`The compiled ${stale.entry.server} is not current (${stale.reason}): run npm run build:servers`);
  return { runtime: 'tsx', reason: `${stale.entry.server}: ${stale.reason}` };
}

export interface StackOptions {
  port: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /**
   * Import arguments: serve a real season, shifted so that its middle is today, instead of the demo data.
   * `'default'`: the default real season (`npm start`'s world: services/football/src/importers/default-replay.ts)
   * with today on today's calendar day of it, unless the football database already holds imported data, which is
   * then served as it is; the demo season when the real data cannot be found (a line says so).
   */
  replay?: string[] | 'default';
  /** With `replay`: the real day of the season (YYYY-MM-DD) that is today instead of its middle. */
  asOf?: string;
  /** Where the real data of the default replay is (default REAL_DATA_DIR, else ../shared/data beside the repository). */
  realDataDir?: string;
  /** Lines about what is being prepared (default console.log). */
  log?: (line: string) => void;
  /**
   * A process that exits unexpectedly is restarted with backoff (DEFAULT_RESTART_POLICY); when one
   * keeps crashing this is called with a message naming it (default: print it and stop the stack).
   */
  onGiveUp?: (message: string) => void;
  /** Use these service URLs instead of starting those services (tests put a stand-in behind the gateway). */
  serviceUrls?: Partial<Record<(typeof SERVICES)[number], string>>;
  /** Compiled output or TypeScript through tsx (default `auto`: the compiled output when it is current). */
  runtime?: ServerRuntime;
  /** V8 flags of the compiled servers (default STACK_NODE_FLAGS, `npm start`'s small heap; PRODUCTION_NODE_FLAGS for throughput). */
  nodeFlags?: readonly string[];
  /**
   * More gateways beside the one on `port` (the scale-out rig, scripts/lib/rig.ts): each on its own port, with the
   * first one's environment plus `env`, in front of the same services.
   */
  moreGateways?: Array<{ port: number; env?: NodeJS.ProcessEnv }>;
  /**
   * Runs the development sign-in provider in this process instead of a process of its own (`npm start`'s launcher
   * passes listenDevProvider: one Node process less, ~45 MB of resident memory). Default: a process.
   */
  startDevProvider?: (options: DevProviderOptions) => Promise<RunningDevProvider>;
}

export interface RunningStack {
  url: string;
  processes: ManagedProcess[];
  env: NodeJS.ProcessEnv;
  /** What the servers run: their compiled output or their sources through tsx. */
  runtime: 'compiled' | 'tsx';
  /** The gateway on `port`, then one per `moreGateways` entry. */
  gateways: ManagedProcess[];
  stop(): Promise<void>;
}

const SERVICES = ['football', 'accounts', 'insights'] as const;
/** The services the gateway reads while it warms up, before it says it is ready. */
const GATEWAY_WARM_UP_READS = ['football', 'accounts'] as const;

/** ALERTS_SENDERS: how many alert sender processes `npm start` runs beside the accounts service (default 1). */
export function alertSenderCount(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0 || count > 16)
    throw new Error(`ALERTS_SENDERS must be a whole number from 0 to 16, not "${value}"`);
  return count;
}

/**
 * Starts the whole back end as separate processes: the development OpenID Connect provider
 * (unless a Google client is configured), the three services (each migrates, seeds when empty,
 * then listens on a free loopback port) and the gateway on `port`. Used by `npm start` and the e2e tests.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    ...options.env,
    DATA_DIR: path.resolve(repoRoot, options.dataDir),
    INTERNAL_JWT_SECRET: process.env.INTERNAL_JWT_SECRET ?? randomBytes(32).toString('hex'),
    TZ: 'UTC',
  };
  const publicUrl = base.PUBLIC_URL || `http://localhost:${options.port}`;
  // Every process builds links from this one origin, never from request headers.
  base.PUBLIC_URL = publicUrl;
  if (base.NODE_ENV === 'production' && !base.GOOGLE_CLIENT_ID)
    throw new Error(
      'NODE_ENV=production needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: the development sign-in never runs in production.',
    );
  const { runtime } = resolveRuntime(options.runtime);
  const startServer = (name: string, source: string, env: NodeJS.ProcessEnv, index: number): ManagedProcess => {
    const compiled = compiledPathOf(source);
    return runtime === 'compiled' && compiled
      ? startCompiled(name, compiled, env, index, options.nodeFlags)
      : startTs(name, source, env, index);
  };
  const processes: ManagedProcess[] = [];
  let inProcessProvider: RunningDevProvider | undefined;
  const stop = async () => {
    await stopAll(processes);
    await inProcessProvider?.close();
  };
  try {
    const gatewayEnv: NodeJS.ProcessEnv = { ...base, PORT: String(options.port), PUBLIC_URL: publicUrl };
    let oidcReady: Promise<void> = Promise.resolve();
    if (!base.GOOGLE_CLIENT_ID) {
      const oidcPort = await freePort();
      const issuer = `http://localhost:${oidcPort}`;
      const redirectUri = `${publicUrl}/connect/google/callback`;
      gatewayEnv.DEV_OIDC_ISSUER = issuer;
      if (options.startDevProvider) inProcessProvider = await options.startDevProvider({ port: oidcPort, issuer, redirectUri });
      else {
        const oidc = startServer(
          'dev-oidc',
          'libs/dev-oidc/src/server.ts',
          { ...base, DEV_OIDC_PORT: String(oidcPort), DEV_OIDC_ISSUER: issuer, DEV_OIDC_REDIRECT_URI: redirectUri },
          0,
        );
        processes.push(oidc);
        // awaited before the gateway starts: the provider starts while the replay is checked and the services start
        oidcReady = waitForHttp(`${issuer}/.well-known/openid-configuration`, oidc);
        oidcReady.catch(() => undefined);
      }
    }
    // Ports first, so that each service can be told where the others are (insights reads football).
    const urls = {} as Record<(typeof SERVICES)[number], string>;
    const ports = {} as Record<(typeof SERVICES)[number], number>;
    for (const name of SERVICES) {
      const given = options.serviceUrls?.[name];
      if (given) urls[name] = given;
      else {
        ports[name] = await freePort();
        urls[name] = `http://127.0.0.1:${ports[name]}`;
      }
      gatewayEnv[`${name.toUpperCase()}_URL`] = urls[name];
    }
    const startService = (name: (typeof SERVICES)[number], serviceEnv: NodeJS.ProcessEnv = {}): Promise<void> => {
      if (options.serviceUrls?.[name]) return Promise.resolve();
      const env = { ...base, ...serviceEnv, PORT: String(ports[name]), FOOTBALL_URL: urls.football };
      const service = startServer(name, `services/${name}/src/server.ts`, env, SERVICES.indexOf(name) + 1);
      processes.push(service);
      const readiness = waitForHttp(`${urls[name]}/readyz`, service);
      // awaited below, some of it after the gateway starts: a failure before then is not an unhandled rejection
      readiness.catch(() => undefined);
      return readiness;
    };
    // Accounts and insights start while the replay is checked (or built): only football serves it, and insights waits
    // for football by itself.
    const accounts = startService('accounts');
    const insights = startService('insights');
    let footballEnv: NodeJS.ProcessEnv | undefined;
    if (options.replay) {
      const started = Date.now();
      const job: ReplayJob = {
        replay: options.replay,
        ...(options.asOf !== undefined ? { asOf: options.asOf } : {}),
        ...(options.realDataDir !== undefined ? { realDataDir: options.realDataDir } : {}),
      };
      const replayEnv = { ...base, INIT_CWD: base.INIT_CWD ?? process.cwd() };
      const outcome = await runReplay(job, replayEnv, runtime, options.log ?? console.log);
      if (outcome.serviceEnv) {
        footballEnv = outcome.serviceEnv;
        (options.log ?? console.log)(`  Replay: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      }
    }
    const ready: Record<(typeof SERVICES)[number], Promise<void>> = { football: startService('football', footballEnv), accounts, insights };
    await oidcReady;
    // The gateway's warm-up reads football and accounts (api-gateway/src/health/warm-up.ts): it starts once they are
    // ready, while insights still makes its first tips and Dream11 cards; the stack is ready when all of them are.
    await Promise.all(GATEWAY_WARM_UP_READS.map((name) => ready[name]));
    // The alert senders: processes of their own beside the accounts service (ALERTS_SENDERS, default 1; 0 for none)
    if (!options.serviceUrls?.accounts) {
      const senders = alertSenderCount(base.ALERTS_SENDERS);
      for (let n = 1; n <= senders; n += 1) {
        const env = { ...base, PORT: undefined, FOOTBALL_URL: urls.football };
        processes.push(startServer(senders > 1 ? `alerts-${n}` : 'alerts', 'services/accounts/src/alert-sender.ts', env, 7 + n));
      }
    }
    const gateways = [{ port: options.port, env: {} }, ...(options.moreGateways ?? [])].map(({ port, env }, index) => {
      const gateway = startServer(
        index ? `gateway-${index + 1}` : 'gateway',
        'api-gateway/src/server.ts',
        { ...gatewayEnv, ...env, PORT: String(port) },
        4 + index,
      );
      processes.push(gateway);
      return { gateway, port };
    });
    await Promise.all([
      ...Object.values(ready),
      ...gateways.map(({ gateway, port }) => waitForHttp(`http://127.0.0.1:${port}/readyz`, gateway)),
    ]);
    const onGiveUp =
      options.onGiveUp ??
      ((message: string) => {
        console.error(`  ${message} Stopping every process.`);
        void stop();
      });
    for (const managed of processes) managed.supervise({ ...DEFAULT_RESTART_POLICY, onGiveUp });
    return { url: publicUrl, processes, env: gatewayEnv, runtime, gateways: gateways.map(({ gateway }) => gateway), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
