import fs from 'node:fs';
import path from 'node:path';

/**
 * Where the alert senders' time went during a burst, from their V8 CPU profiles (`--cpu-prof`, bench/alerts.ts with
 * BENCH_SENDER_PROFILE): each sample's function is put in a part by the file it runs (a native function, or one of
 * Node's own, in the part of the nearest caller that has one). The queue's work between senders (claims, leases,
 * records) is all in "database" (repository.ts, knex, better-sqlite3), so comparing that part's share of the whole
 * for one sender and for two says what coordinating costs beside the rest. V8 samples by the wall clock: while a
 * process waits for a core, its samples go on to the function it was in, so a busy machine inflates every part
 * alike, and the shares, not the microseconds, are what compare between runs.
 */

export const PARTS = ['database', 'HTTP', 'sockets and TLS', 'encryption', 'GC', 'the rest'] as const;
export type Part = (typeof PARTS)[number];

interface CallFrame {
  functionName: string;
  url: string;
}
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

function partOf(frame: CallFrame): Part | 'idle' | undefined {
  const { url, functionName } = frame;
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'GC';
  if (/better-sqlite3|[\\/]knex[\\/]|alerts[\\/]repository\.ts/.test(url)) return 'database';
  if (/[\\/]undici[\\/]/.test(url)) return 'HTTP';
  if (/node:internal\/crypto|message-keys\.ts|web-push|http_ece/.test(url)) return 'encryption';
  if (/^node:(net|tls|_tls_wrap|internal\/(stream_base_commons|tls|net|streams))/.test(url)) return 'sockets and TLS';
  if (url && !url.startsWith('node:')) return 'the rest';
  return undefined;
}

/** The main thread's profile of each process (Node names them CPU.<date>.<time>.<pid>.0.<seq>.cpuprofile). */
export function profileFiles(dir: string, pids: readonly number[]): string[] {
  const files = fs.readdirSync(dir);
  return pids.flatMap((pid) =>
    files.filter((file) => file.includes(`.${pid}.0.`) && file.endsWith('.cpuprofile')).map((file) => path.join(dir, file)),
  );
}

/**
 * The sampled time (µs) by part of the profiles' samples taken from `fromUs` to `toUs` (process.hrtime's clock in µs,
 * which is the clock V8 stamps samples with on Linux).
 */
export function partsOver(files: readonly string[], fromUs: number, toUs: number): Map<Part, number> {
  const totals = new Map<Part, number>(PARTS.map((part) => [part, 0]));
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const cache = new Map<number, Part | 'idle'>();
    const part = (id: number): Part | 'idle' => {
      const known = cache.get(id);
      if (known) return known;
      let found: Part | 'idle' = 'the rest';
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const own = partOf(frames.get(at)!);
        if (own) {
          found = own;
          break;
        }
      }
      cache.set(id, found);
      return found;
    };
    let time = profile.startTime;
    profile.samples.forEach((id, i) => {
      time += profile.timeDeltas[i]!;
      // a sample stands for the time until the next one
      const span = profile.timeDeltas[i + 1] ?? 0;
      if (time < fromUs || time > toUs) return;
      const which = part(id);
      if (which !== 'idle') totals.set(which, totals.get(which)! + span);
    });
  }
  return totals;
}

/** "database 60 µs/push (27%), HTTP 74 (33%), ...": each part a push and its share of the sampled whole. */
export function describeParts(totals: ReadonlyMap<Part, number>, pushes: number): string {
  const all = [...totals.values()].reduce((sum, value) => sum + value, 0);
  return PARTS.map((part) => {
    const value = totals.get(part) ?? 0;
    return `${part} ${Math.round(value / Math.max(1, pushes))} µs/push (${Math.round((100 * value) / Math.max(1, all))}%)`;
  }).join(', ');
}
