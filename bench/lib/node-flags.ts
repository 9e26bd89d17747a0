import { PRODUCTION_NODE_FLAGS } from '../../scripts/lib/processes';

/**
 * The V8 flags the throughput benches (gateway.ts, load.ts, scale-out.ts) start the compiled servers with: a
 * production server's (none: deploy/systemd) unless BENCH_NODE_FLAGS gives others, e.g.
 * BENCH_NODE_FLAGS=--max-semi-space-size=1 for `npm start`'s small heap.
 */
export function benchNodeFlags(): readonly string[] {
  const given = process.env.BENCH_NODE_FLAGS;
  return given === undefined ? PRODUCTION_NODE_FLAGS : given.split(/\s+/).filter(Boolean);
}

/** How the flags read in a bench's header. */
export function nodeFlagsLabel(flags: readonly string[]): string {
  return flags.length ? `servers with ${flags.join(' ')}` : "servers with V8's default heap (as in production)";
}
