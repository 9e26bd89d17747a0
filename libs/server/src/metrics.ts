import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  /** Records every request: rate, errors and latency per route (the route template, never the raw URL). */
  middleware: Koa.Middleware;
  /** Records a request answered outside Koa's chain (the gateway's cached reads) as the middleware would. */
  record(method: string, route: string, status: number, seconds: number): void;
}

/**
 * Prometheus metrics of one process (prom-client): default process metrics plus
 * matchday_http_requests_total{method,route,status} and matchday_http_request_duration_seconds{method,route}.
 * GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; without a token set it is 404,
 * so metrics are never public.
 */
export function createMetrics(service: string, options: { token?: string; routeOf: (ctx: Koa.Context) => string }): Metrics {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry });
  const requests = new client.Counter({
    name: 'matchday_http_requests_total',
    help: 'HTTP requests answered, by route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'matchday_http_request_duration_seconds',
    help: 'HTTP request latency by route template',
    labelNames: ['method', 'route'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : undefined;

  const middleware: Koa.Middleware = async (ctx, next) => {
    if (ctx.path === '/metrics') {
      const given = Buffer.from(ctx.get('authorization'));
      if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
        return;
      }
      ctx.set('cache-control', 'no-store');
      ctx.type = registry.contentType;
      ctx.body = await registry.metrics();
      return;
    }
    const stop = duration.startTimer();
    try {
      await next();
    } finally {
      const route = options.routeOf(ctx);
      stop({ method: ctx.method, route });
      requests.inc({ method: ctx.method, route, status: String(ctx.status) });
    }
  };
  // prom-client hashes a label set at every call: the few sets recorded outside the middleware are looked up once
  const recorders = new Map<string, { duration: client.Histogram.Internal<'method' | 'route'>; requests: client.Counter.Internal }>();
  const record = (method: string, route: string, status: number, seconds: number) => {
    const labels = `${method} ${route} ${status}`;
    let recorder = recorders.get(labels);
    if (!recorder) {
      recorder = { duration: duration.labels({ method, route }), requests: requests.labels({ method, route, status: String(status) }) };
      if (recorders.size < 1_000) recorders.set(labels, recorder);
    }
    recorder.duration.observe(seconds);
    recorder.requests.inc();
  };
  return { registry, middleware, record };
}

export { client as promClient };
