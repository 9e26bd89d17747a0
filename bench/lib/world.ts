/**
 * Which world a bench that starts its own stack serves: BENCH_WORLD=real (the default, as `npm start` serves: the
 * real 2024-25 season replayed, scripts/lib/stack.ts `replay: 'default'`) or BENCH_WORLD=demo (the synthetic demo
 * season, the world the figures before the real default were measured on).
 */
export function benchWorld(): { replay?: 'default'; name: 'real' | 'demo' } {
  const world = process.env.BENCH_WORLD ?? 'real';
  if (world === 'demo') return { name: 'demo' };
  if (world === 'real') return { replay: 'default', name: 'real' };
  throw new Error(`BENCH_WORLD=${world}: expected real or demo`);
}
