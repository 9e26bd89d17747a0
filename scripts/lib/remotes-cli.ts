import path from 'node:path';
import { databaseEnvSchema, dataDir as resolveDataDir, readEnv, repoRoot, resolveDatabaseTarget } from '@matchday/server';
import type { RemoteStatus } from '@matchday/contracts';
import { openRemoteStateStore, parseRemoteName, remoteStatuses, RemoteStateError, rollback, rollForward } from '@matchday/remote-state';
import { deployRemote, type RemoteBuilder } from './deploy';

export const USAGE = `Usage:
  npm run deploy -- <remote>                   build <remote> into a new version and make it live
  npm run rollback -- <remote> [--to <version>] make the previous version (or <version>) live
  npm run rollforward -- <remote>              make the next newer version live (undoes a rollback)
  npm run remotes                              list each remote, its live version and the versions available
Remotes: mf-fixtures, mf-stats, mf-tips, mf-account, mf-admin. State: the gateway's database when GATEWAY_DATABASE_URL or
DATABASE_URL names one (MySQL), else DATA_DIR/remotes.json; builds: FRONTEND_ROOT/<remote>/dist/<version>/.`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliDeps {
  env?: NodeJS.ProcessEnv;
  /** Where the sources are (default: the repository). */
  sourceRoot?: string;
  build?: RemoteBuilder;
}

/** A table of the remotes: live version marked with *, newest first. */
export function formatRemotes(
  remotes: RemoteStatus[],
  history: { at: string; remote: string; action: string; to: string }[] = [],
): string[] {
  const width = Math.max(...remotes.map((r) => r.name.length), 'Remote'.length) + 2;
  const liveWidth = Math.max(...remotes.map((r) => (r.live ?? '-').length), 'Live'.length) + 2;
  const lines = [`${'Remote'.padEnd(width)}${'Live'.padEnd(liveWidth)}Available (newest first, * live)`];
  for (const remote of remotes) {
    const available = remote.available.map((v) => (v === remote.live ? `${v}*` : v)).join(', ') || '(none built)';
    lines.push(`${remote.name.padEnd(width)}${(remote.live ?? '-').padEnd(liveWidth)}${available}`);
  }
  const recent = history.slice(-5).reverse();
  if (recent.length) {
    lines.push('', 'Latest changes:');
    for (const change of recent) lines.push(`  ${change.at}  ${change.remote} ${change.action} -> ${change.to}`);
  }
  return lines;
}

function parseArgs(args: string[]): { positional: string[]; to?: string } {
  const positional: string[] = [];
  let to: string | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--to') {
      to = args[i + 1];
      if (to === undefined || to.startsWith('--')) throw new RemoteStateError('--to needs a version, e.g. --to 0.1.0.');
      i += 1;
    } else if (arg.startsWith('--to=')) {
      to = arg.slice('--to='.length);
    } else if (arg.startsWith('-')) {
      throw new RemoteStateError(`Unknown option ${arg}.`);
    } else {
      positional.push(arg);
    }
  }
  return to === undefined ? { positional } : { positional, to };
}

/**
 * The deploy / rollback / roll-forward / list commands. Returns the exit code: 0 done (or nothing to do),
 * 1 bad input or a failed build, in which case nothing was changed.
 */
export async function runRemotesCommand(command: string | undefined, args: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const env = deps.env ?? process.env;
  const dataDir = resolveDataDir(env);
  const frontendRoot = path.resolve(repoRoot, env.FRONTEND_ROOT ?? '.');
  const sourceRoot = deps.sourceRoot ?? repoRoot;
  if (args.includes('--help') || args.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  const store = await openRemoteStateStore(resolveDatabaseTarget('gateway', readEnv(databaseEnvSchema('gateway'), env)), dataDir);
  try {
    const { positional, to } = parseArgs(args);
    const one = () => {
      if (positional.length > 1) throw new RemoteStateError(`One remote at a time (got ${positional.join(', ')}).`);
      return parseRemoteName(positional[0]);
    };
    switch (command) {
      case 'list': {
        if (positional.length || to !== undefined) throw new RemoteStateError('npm run remotes takes no arguments.');
        const state = await store.read();
        for (const line of formatRemotes(remoteStatuses(frontendRoot, state), state.history)) io.out(line);
        return 0;
      }
      case 'deploy': {
        if (to !== undefined) throw new RemoteStateError('--to belongs to rollback.');
        const name = one();
        const result = await deployRemote({ name, sourceRoot, frontendRoot, store, build: deps.build, log: io.out });
        io.out(`${result.message} Built in ${result.seconds.toFixed(1)} s. Roll back with: npm run rollback -- ${name}`);
        return 0;
      }
      case 'rollback': {
        const name = one();
        io.out((await rollback(frontendRoot, store, name, to === undefined ? { by: 'cli' } : { to, by: 'cli' })).message);
        return 0;
      }
      case 'roll-forward': {
        if (to !== undefined) throw new RemoteStateError('--to belongs to rollback (it can pick a newer version too).');
        io.out((await rollForward(frontendRoot, store, one(), { by: 'cli' })).message);
        return 0;
      }
      default:
        throw new RemoteStateError(`Unknown command "${command ?? ''}".\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof RemoteStateError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await store.close();
  }
}
