/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface TimedReads {
  /** Each successful read's latency in ms, ascending. */
  latencies: number[];
  /** Reads that failed or answered other than 200. */
  errors: number;
}

/** A signed-in user's reads of `url`, one every `paceMs` for `ms`, each timed to its last byte. */
export async function userReads(url: string, cookie: string, ms: number, paceMs: number): Promise<TimedReads> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const started = performance.now();
    try {
      const response = await fetch(url, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - started);
      else errors += 1;
    } catch {
      errors += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, paceMs));
  }
  return { latencies: latencies.sort((a, b) => a - b), errors };
}

/** "p50 6.1 ms, p95 9.8 ms, max 14.0 ms over 280 reads (0 errors)". */
export const readsSummary = (reads: TimedReads) =>
  `p50 ${percentile(reads.latencies, 50).toFixed(1)} ms, p95 ${percentile(reads.latencies, 95).toFixed(1)} ms, ` +
  `max ${reads.latencies[reads.latencies.length - 1]?.toFixed(1)} ms over ${reads.latencies.length} reads (${reads.errors} errors)`;
