/**
 * npm start: compiles the servers and builds the frontends that are missing or older than their sources, then starts
 * the development identity provider, the services and the gateway, and prints the URL.
 * A process that exits unexpectedly is restarted with backoff; five exits of one process within a
 * minute stop everything. Ctrl-C / SIGTERM stops every process. PORT (default 8080) and DATA_DIR (default .data) let two
 * copies run side by side. By default it serves a real season replayed as if it were being played now (Premier
 * League, Champions League and Indian Super League 2024-25, with today on today's calendar day of that season;
 * importers/default-replay.ts), or the imported data of DATA_DIR as it is. `--demo` serves the synthetic demo season.
 * `npm start -- --replay <import args>` serves another real season (imported into DATA_DIR/replay, dates shifted so
 * that its middle is today); several imports are separated by "+"; `--as-of 2025-01-02` places today on that real
 * day of the season instead.
 */
import { buildServers, serverBuildState } from './lib/build-servers';
import { startStack, type ServerRuntime } from './lib/stack';

/**
 * Which runtime the servers get. By default their compiled output (scripts/lib/build-servers.ts), built first
 * when it is missing or older than its sources. `--no-build` builds nothing: the compiled output when it is
 * current, else the sources through tsx with a one-line notice. `--tsx` runs the sources through tsx.
 */
async function chooseRuntime(args: string[]): Promise<ServerRuntime> {
  if (args.includes('--tsx')) {
    console.log('Servers: TypeScript sources through tsx (--tsx).');
    return 'tsx';
  }
  const [stale] = serverBuildState().stale;
  if (!stale) {
    console.log('Servers: compiled (current).');
    return 'compiled';
  }
  if (args.includes('--no-build')) {
    console.log(`Servers: tsx, since the compiled ${stale.entry.server} is not current (${stale.reason}; npm run build:servers).`);
    return 'tsx';
  }
  console.log(`Compiling the servers (${stale.reason})...`);
  const { ms } = await buildServers();
  // esbuild's service process would otherwise stay beside the launcher for as long as the stack runs.
  await (await import('esbuild')).stop();
  console.log(`Servers: compiled in ${(ms / 1000).toFixed(1)} s.`);
  return 'compiled';
}

async function main(): Promise<void> {
  const started = Date.now();
  const argv = process.argv.slice(2);
  // --as-of <YYYY-MM-DD> (or --as-of=...): the real day of a replayed season that is today.
  let asOf: string | undefined;
  const asOfAt = argv.findIndex((arg) => arg === '--as-of' || arg.startsWith('--as-of='));
  if (asOfAt >= 0) {
    const inline = argv[asOfAt]!.startsWith('--as-of=');
    asOf = inline ? argv[asOfAt]!.slice('--as-of='.length) : (argv[asOfAt + 1] ?? '');
    argv.splice(asOfAt, inline ? 1 : 2);
  }
  const replayAt = argv.indexOf('--replay');
  const args = replayAt >= 0 ? argv.slice(0, replayAt) : argv;
  const given = replayAt >= 0 ? argv.slice(replayAt + 1) : undefined;
  if (given && given.length === 0)
    throw new Error('--replay needs import arguments, e.g. npm start -- --replay fpl ../shared/data/fpl/2023-24');
  const demo = args.includes('--demo');
  if (demo && given) throw new Error('--demo and --replay are two different worlds: choose one');
  if (asOf !== undefined && demo)
    throw new Error('--as-of belongs to a replay: npm start -- --as-of 2024-12-26 (a real day of the default season), not to --demo');
  // the default world: a real season replayed (or the imported data of DATA_DIR); --demo: the synthetic season
  const replay = demo ? undefined : (given ?? 'default');
  const runtime = await chooseRuntime(args);
  // Loaded only to build: the launcher stays small while it supervises.
  if (!args.includes('--no-build')) await (await import('./lib/build')).buildFrontends({ force: false });
  const port = Number(process.env.PORT ?? 8080);
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('\n  Stopping Matchday...');
    await stack.stop();
    process.exit(code);
  };
  const stack = await startStack({
    port,
    dataDir: process.env.DATA_DIR ?? '.data',
    replay,
    asOf,
    runtime,
    // The development sign-in provider runs in this launcher, not as a process of its own (~45 MB less); it loads
    // oidc-provider (~28 MB) at the first sign-in, not at start.
    startDevProvider: async (options) => (await import('@matchday/dev-oidc/provider')).listenDevProvider(options),
    // A process that exits is restarted with backoff; one that keeps crashing stops everything.
    onGiveUp(message) {
      console.error(`\n  ${message}`);
      void shutdown(1);
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n  Matchday is running at \u001b[1m${stack.url}\u001b[0m  (ready in ${seconds} s)`);
  if (!process.env.GOOGLE_CLIENT_ID) console.log('  Sign in with any e-mail on the development sign-in page.\n');
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
}

void main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
