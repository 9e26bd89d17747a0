import type Koa from 'koa';
import { createMetrics, promClient, type Knex, type Metrics } from '@matchday/server';
import type { ResponseCache } from '../cache/response-cache';
import type { Admission } from '../proxy/admission';
import type { ServiceProxy } from '../proxy/proxy';
import { matchApiRoute } from '../proxy/route-table';

/** The route label of a gateway request: the API route prefix, or the kind of page or file. */
function routeOf(ctx: Koa.Context): string {
  const path = ctx.path;
  if (path.startsWith('/api/')) return matchApiRoute(path)?.prefix ?? 'api-unknown';
  if (path.startsWith('/auth/') || path.startsWith('/connect/')) return 'sign-in';
  if (path === '/healthz' || path === '/readyz' || path === '/mf-manifest.json' || path === '/version.json') return path;
  if (path.startsWith('/remotes/')) return 'remote-files';
  return /\.[a-z0-9]+$/i.test(path) ? 'shell-files' : 'page';
}

/**
 * The gateway's /metrics: requests per route (rate, errors, latency), the response cache's hits and
 * misses, each service's queue and circuit, and the live sessions.
 */
export function gatewayMetrics(options: {
  token?: string;
  cache: ResponseCache;
  admissions: Record<string, Admission>;
  proxies: Record<string, ServiceProxy>;
  sessionsDb: Knex;
}): Metrics {
  const metrics = createMetrics('gateway', { token: options.token, routeOf });
  const registers = [metrics.registry];
  new promClient.Gauge({
    name: 'matchday_cache_requests',
    help: 'Response cache lookups since start, by result',
    labelNames: ['result'],
    registers,
    collect() {
      const stats = options.cache.stats();
      this.set({ result: 'hit' }, stats.hits);
      this.set({ result: 'miss' }, stats.misses);
    },
  });
  new promClient.Gauge({
    name: 'matchday_cache_bytes',
    help: 'Bytes held by the response cache',
    registers,
    collect() {
      this.set(options.cache.stats().bytes);
    },
  });
  new promClient.Gauge({
    name: 'matchday_service_requests',
    help: 'Requests per upstream service: in flight, waiting in the queue, and shed since start',
    labelNames: ['upstream', 'state'],
    registers,
    collect() {
      for (const admission of Object.values(options.admissions)) {
        const { service, inFlight, queued, shed } = admission.stats();
        this.set({ upstream: service, state: 'in_flight' }, inFlight);
        this.set({ upstream: service, state: 'queued' }, queued);
        this.set({ upstream: service, state: 'shed' }, shed);
      }
    },
  });
  new promClient.Gauge({
    name: 'matchday_service_circuit_open',
    help: '1 while the circuit to an upstream service is open (it keeps failing)',
    labelNames: ['upstream'],
    registers,
    collect() {
      for (const [upstream, proxy] of Object.entries(options.proxies)) this.set({ upstream }, proxy.breaker.opened ? 1 : 0);
    },
  });
  new promClient.Gauge({
    name: 'matchday_sessions',
    help: 'Sessions that have not expired',
    registers,
    async collect() {
      const [row] = await options.sessionsDb('sessions').where('expires_at', '>', Date.now()).count({ n: '*' });
      this.set(Number(row?.n ?? 0));
    },
  });
  return metrics;
}
