import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Loopback ports for the servers a stack, a test or a bench starts, which no other process can be handed
 * between choosing the port and listening on it.
 *
 * Asking the OS for port 0 and closing it is a race: the kernel hands the same port to the next
 * `listen(0)` or outgoing connection anywhere on the machine, so with several jest workers a service can
 * fail with EADDRINUSE, or worse, a gateway can be pointed at another test's service. So ports come from
 * outside the kernel's ephemeral range (which it never hands out by itself), and each one is reserved by a
 * lock file named after it, created exclusively, holding the owner's pid. A lock whose owner has died is
 * taken over; a process removes its own locks when it exits.
 */

/** One directory per user: another user's directory could not be written to. */
export const LOCK_DIR = path.join(os.tmpdir(), `matchday-ports-${process.getuid?.() ?? os.userInfo().username}`);
const LOWEST = 10_000;
const HIGHEST = 65_535;

/** The kernel's ephemeral range (Linux); the common default elsewhere. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low !== undefined && high !== undefined && Number.isInteger(low) && Number.isInteger(high) && low <= high) return [low, high];
  } catch {
    // not Linux: fall through
  }
  return [32_768, 60_999];
}

/** The widest stretch of [LOWEST, HIGHEST] outside the ephemeral range. */
export function reservablePorts(range: [number, number] = ephemeralRange()): [number, number] {
  const [low, high] = range;
  const below: [number, number] = [LOWEST, Math.min(low - 1, HIGHEST)];
  const above: [number, number] = [Math.max(high + 1, LOWEST), HIGHEST];
  const width = ([a, b]: [number, number]) => b - a;
  const best = width(below) >= width(above) ? below : above;
  if (width(best) < 100) throw new Error(`No room for test ports outside the ephemeral range ${low}-${high}`);
  return best;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const owned = new Set<string>();
let cleanupInstalled = false;

function releaseAll(): void {
  for (const file of owned) {
    try {
      fs.unlinkSync(file);
    } catch {
      // already gone
    }
  }
  owned.clear();
}

/** The pid a lock file names; undefined when the file is gone (its owner released it). */
function ownerOf(file: string): number | undefined {
  try {
    return Number(fs.readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Hard-links `from` as `to`: atomic, and false when `to` exists (a lock is never seen half written). */
function linkExclusive(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Creates the port's lock for this process, or takes it over when its owner has died; false when another process
 * holds it or is taking it over. A takeover holds `<port>.takeover` while it checks the owner again and replaces the
 * lock, so two processes finding the same dead owner never both take the port (a process that dies in those
 * microseconds leaves the port unused, never doubly used).
 */
export function reservePort(port: number): boolean {
  fs.mkdirSync(LOCK_DIR, { recursive: true });
  const file = path.join(LOCK_DIR, String(port));
  const mine = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(mine, String(process.pid));
  try {
    if (!linkExclusive(mine, file)) {
      const owner = ownerOf(file);
      if (owner === undefined || !Number.isInteger(owner) || owner <= 0 || alive(owner)) return false;
      const guard = `${file}.takeover`;
      if (!linkExclusive(mine, guard)) return false;
      try {
        if (ownerOf(file) !== owner) return false;
        fs.renameSync(mine, file);
      } finally {
        fs.rmSync(guard, { force: true });
      }
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
  owned.add(file);
  if (!cleanupInstalled) {
    cleanupInstalled = true;
    process.once('exit', releaseAll);
  }
  return true;
}

function listenable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

let next = -1;

/** A loopback port reserved for this process until it exits: free now, and handed to nobody else by freePort. */
export async function freePort(): Promise<number> {
  const [low, high] = reservablePorts();
  const span = high - low + 1;
  // Processes start at different places so that they rarely meet at the same lock.
  if (next < 0) next = (process.pid * 7919) % span;
  for (let tried = 0; tried < span; tried++) {
    const port = low + (next++ % span);
    if (!reservePort(port)) continue;
    if (await listenable(port)) return port;
    // Held by something that is not ours (or not yet released by the OS): keep the lock, so nobody tries it again soon.
  }
  throw new Error(`No free loopback port in ${low}-${high}`);
}
