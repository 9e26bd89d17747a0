import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Keygrip from 'keygrip';
import path from 'node:path';
import Koa from 'koa';
import session from 'koa-session';
import {
  badRequest,
  createLogger,
  logAppErrors,
  forbidden,
  jsonErrors,
  notFound,
  promClient,
  requestId,
  requestLogger,
  requestLogging,
  jsonAllowedMethods,
  warmUp,
  WARM_UP_HEADER,
  warmUpMark,
  unauthorized,
  type Knex,
} from '@matchday/server';
import type { GatewayConfig } from './config';
import { AccountsClient } from './auth/accounts-client';
import { deleteAccount } from './auth/delete-account';
import { authRouter, grantMiddleware, isAdminEmail } from './auth/routes';
import { appConfig, footballDataset } from './frontends/app-config';
import { frontends } from './frontends/static';
import { remotesAdmin } from './frontends/remotes-admin';
import { footballSyncAdmin } from './admin/football-sync';
import { responseCacheAdmin } from './admin/response-cache';
import { gatewayMetrics } from './health/metrics';
import { health } from './health/router';
import { WARM_UP_PATHS } from './health/warm-up';
import { requestBodies } from './middleware/request-body';
import { canonicalHost } from './middleware/canonical-host';
import { crossSiteProtection } from './middleware/csrf';
import { rateLimiting } from './middleware/rate-limit';
import { apiSecurityHeaders, securityHeaders } from './middleware/security-headers';
import { createTurns } from './middleware/turns';
import { cachedAnswerHeaders, cachedReads, UNSAFE_API_PATH } from './cache/cached-reads';
import { chooseCoding, compressAnswers, warmCompression } from './cache/compression';
import { etagOf, ResponseCache, type CachedResponse } from './cache/response-cache';
import { sendPublicAnswer } from './cache/public-answers';
import { Admission, SessionInFlight } from './proxy/admission';
import { IdentitySigner } from './proxy/identity';
import { createServiceProxies } from './proxy/proxy';
import { isLiveRead, matchApiRoute } from './proxy/route-table';
import { FEED_POLL_MS, LiveFeed } from './live/feed';
import { liveStreams } from './live/stream';
import { SharedBus } from './shared/bus';
import { rememberingKeygrip } from './sessions/cookie-keys';
import { SESSION_IDLE_MS, sessionKeyId, sessionLifetime } from './sessions/lifetime';
import type { KnexSessionStore, SessionData } from './sessions/session-store';
import { FileRemoteStateStore, type RemoteStateStore } from '@matchday/remote-state';

export const SESSION_COOKIE = 'matchday.sid';

export interface GatewayDeps {
  sessionsDb: Knex;
  sessionStore: KnexSessionStore;
  /** What the gateways share (REDIS_URL); default: nothing shared, as one gateway needs. */
  bus?: SharedBus;
  /** Where the remotes' live versions are (@matchday/remote-state); default: DATA_DIR/remotes.json. */
  remoteState?: RemoteStateStore;
  /** False: every request goes through the middleware chain, cached reads too (the tests compare the two). */
  cachedReads?: boolean;
}

function sessionOf(ctx: Koa.Context): SessionData | null {
  return ctx.session as unknown as SessionData | null;
}

/** The gateway app, with what its process must do at shutdown. */
export type Gateway = Koa & {
  /** At shutdown: stops reading the live feed, tells every open stream to reconnect (to another instance) shortly, and closes it. */
  closeLiveStreams(): void;
  /** Once listening on `port`: runs the request paths once (health/warm-up.ts); /readyz is 503 meanwhile. */
  warmUp(port: number): Promise<void>;
};

/**
 * Reads a cached answer's entry for a GET or a HEAD: the service is always asked with GET (the entry is the whole
 * answer, which later GETs share), and the caller's method is back before the answer is written (Koa sends no body
 * to a HEAD).
 */
async function readAsGet<T>(ctx: Koa.Context, read: () => Promise<T>): Promise<T> {
  const method = ctx.req.method;
  ctx.req.method = 'GET';
  try {
    return await read();
  } finally {
    ctx.req.method = method;
  }
}

/** Builds the gateway without listening (tests start it on port 0). */
export function createGateway(config: GatewayConfig, deps: GatewayDeps): Gateway {
  const logger = createLogger('api-gateway');
  const app = new Koa();
  app.keys = rememberingKeygrip([config.sessionSecret]);
  app.proxy = config.trustProxy;
  // Behind TRUSTED_PROXY_HOPS proxies, the client's address is the one the outermost of them saw: the entries a
  // client writes into X-Forwarded-For itself sit to the left of it and are never read.
  app.maxIpsCount = config.trustedProxyHops;
  const signer = new IdentitySigner(config.internalSecret);
  const accounts = new AccountsClient(config.services.accounts, signer);
  const proxies = createServiceProxies(config.services);
  const cache = new ResponseCache({ ttlMs: config.responseCacheTtlMs, maxBytes: 64 * 1024 * 1024 });
  const admissions = {
    football: new Admission('football', config.admission),
    accounts: new Admission('accounts', config.admission),
    insights: new Admission('insights', config.admission),
  };
  const perSessionInFlight = new SessionInFlight(config.sessionInFlight);
  const bus = deps.bus ?? new SharedBus(undefined, logger);
  deps.sessionStore.sharing(bus);
  bus.subscribe((message) => {
    if (message.kind === 'clear-cache') cache.clear();
  });
  const remoteState = deps.remoteState ?? new FileRemoteStateStore(config.dataDir);
  const liveFeed = new LiveFeed(config.services.football, signer, logger, FEED_POLL_MS, bus);
  const streams = liveStreams(liveFeed, config.liveStreams, (keys) => deps.sessionStore.alive(keys));

  const metrics = gatewayMetrics({ token: config.metricsToken, cache, admissions, proxies, sessionsDb: deps.sessionsDb });
  app.use(metrics.middleware);
  // Right after the metrics (a request's wait for its turn is part of its measured latency), before any other work:
  // a request that waits (under load) has cost only its parsing so far.
  const turns = createTurns();
  app.use(turns.middleware);
  app.use(compressAnswers());
  app.use(jsonErrors(logger));
  const logOptions = { warmUp: warmUpMark(config.internalSecret) };
  app.use(requestLogging(logger, logOptions));
  app.use(
    securityHeaders({
      shellIndex: path.join(config.frontendRoot, 'shell', 'dist', 'index.html'),
      production: config.production,
      ...(config.remotesBaseUrl ? { remotesOrigin: new URL(config.remotesBaseUrl).origin } : {}),
      ...(config.analytics ? { analyticsOrigin: new URL(config.analytics.endpoint).origin } : {}),
    }),
  );
  let warmingUp = false;
  app.use(health(config, deps.sessionsDb, () => warmingUp));
  app.use(canonicalHost(config.publicUrl));
  const limits = rateLimiting(config.rateLimits, bus.redis);
  app.use(limits.byIp);
  const dataset = footballDataset(config.services.football, signer);
  app.use(appConfig(config, dataset));
  app.use(frontends(config.frontendRoot, remoteState, config.remotesBaseUrl, dataset));
  app.use(requestBodies());
  // A public API reply (calendar feeds) is the same for everyone and shared caches may keep it (Cache-Control:
  // public): the session cookie is not read there, so no session is loaded, renewed or set on such a reply.
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/') && matchApiRoute(ctx.path)?.access === 'public') delete ctx.req.headers.cookie;
    await next();
  });
  app.use(
    session(
      {
        key: SESSION_COOKIE,
        maxAge: SESSION_IDLE_MS,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.production,
        signed: true,
        rolling: false,
        renew: true,
        store: deps.sessionStore,
        genid: () => randomBytes(24).toString('base64url'),
      },
      app as never,
    ),
  );
  const keyId = sessionKeyId(config.sessionSecret);
  app.use(sessionLifetime(keyId));
  app.use(async (ctx, next) => {
    const sessionKey = (ctx.session as unknown as { externalKey?: string } | null)?.externalKey;
    if (ctx.path.startsWith('/api/') && sessionOf(ctx)?.user && sessionKey) await limits.perSession(sessionKey);
    await next();
  });
  app.use(crossSiteProtection(config.publicUrl));
  app.use(grantMiddleware(config));
  const auth = authRouter(config, accounts);
  app.use(auth.routes()).use(jsonAllowedMethods(auth));

  // Current user: 401 when anonymous; a session whose account is gone is ended.
  app.use(async (ctx, next) => {
    if (ctx.path !== '/api/auth/user' || ctx.method !== 'GET') return next();
    ctx.set('cache-control', 'no-store');
    const user = sessionOf(ctx)?.user;
    if (!user) throw unauthorized();
    const sessionId = (ctx.session as unknown as { externalKey?: string }).externalKey;
    const current = await accounts.currentUser(user.id, user.email, isAdminEmail(config, user.email), sessionId);
    if (!current) {
      ctx.session = null;
      throw unauthorized();
    }
    ctx.body = current;
  });

  app.use(deleteAccount(config, accounts, deps.sessionStore));

  // GET /api/live/stream: the gateway's own (Server-Sent Events fed by its one subscription to the live feed).
  app.use(streams.middleware);

  // GET /api/admin/remotes, POST /api/admin/remotes/{name}/rollback|roll-forward: the gateway's own (admins only).
  app.use(remotesAdmin(config, remoteState));

  // GET /api/admin/cache, POST /api/admin/clear-cache: the gateway's own (the cache lives here; a clear reaches every
  // other gateway's through the bus); admins only.
  app.use(responseCacheAdmin(config, cache, bus));

  // GET /api/admin/sync, POST /api/admin/sync: the football.json sync's status and a run now (admins only), handed to
  // the football service without the proxy's short wait (admin/football-sync.ts).
  app.use(footballSyncAdmin(config, signer));

  // Everything else under /api goes to the owning service with a signed identity.
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    // The route (and so the access rule) is chosen from the path: refuse dot segments and encoded
    // separators that a service could resolve to another route than the one checked here.
    const rawPath = ctx.url.split('?')[0] ?? '';
    if (UNSAFE_API_PATH.test(rawPath)) throw badRequest('Invalid path');
    const route = matchApiRoute(ctx.path);
    if (!route) throw notFound('Unknown API path');
    if (route.access === 'public') {
      // Calendar feeds: no session needed (calendar apps send no cookies) and the same reply for everyone.
      const anonymous = () => signer.sign(route.service, { scope: 'anonymous', isAdmin: false });
      const admission = admissions[route.service];
      const proxy = proxies[route.service];
      // A GET or a HEAD is answered from the cache every caller shares (cache/public-answers.ts), from the same entry:
      // a HEAD that misses loads it as a GET would (the service is asked with GET), under the same admission.
      if ((ctx.method === 'GET' || ctx.method === 'HEAD') && config.responseCacheTtlMs > 0) {
        await sendPublicAnswer(ctx, cache, async () => {
          const token = await anonymous();
          return readAsGet(ctx, () => admission.run(ctx.res, () => proxy.read(ctx, token)));
        });
        return;
      }
      const token = await anonymous();
      await admission.run(ctx.res, () => proxy.forward(ctx, token));
      return;
    }
    const user = sessionOf(ctx)?.user;
    if (!user) throw unauthorized();
    const isAdmin = isAdminEmail(config, user.email);
    if (route.access === 'admin' && !isAdmin) throw forbidden('Administrators only');
    const sessionId = (ctx.session as unknown as { externalKey?: string }).externalKey;
    const token = await signer.sign(route.service, { scope: 'user', userId: user.id, email: user.email, isAdmin, sessionId });
    const proxy = proxies[route.service];
    // The shell's cache-buster means nothing here: the services never see it and the cache ignores it.
    if (ctx.query._cb !== undefined) ctx.querystring = ResponseCache.key('', ctx.querystring).replace(/^\?/, '');
    // Queue, then shed: a request waits for a place at its service; past the queue's bound or its
    // longest wait it gets 503 + Retry-After. Cached football reads never queue.
    const live = isLiveRead(route, ctx.query);
    // A HEAD is answered from the GET's entry too (one that misses loads it as a GET): a flood of HEADs never reaches
    // the service more often than the GETs would.
    if ((ctx.method === 'GET' || ctx.method === 'HEAD') && route.service === 'football' && !live) {
      const key = ResponseCache.key(ctx.path, ctx.querystring);
      const load = () => readAsGet(ctx, () => admissions.football.run(ctx.res, () => proxy.read(ctx, token)));
      // GATEWAY_CACHE_TTL_MS=0: every read goes to the service (how bench/gateway.ts measures uncached reads).
      // A hit answers at once, so it holds its session's in-flight place for no time at all.
      const answer: CachedResponse & { hit: boolean } = await perSessionInFlight.run(sessionId ?? '', () =>
        config.responseCacheTtlMs > 0
          ? cache.getOrLoad(key, load)
          : load().then((fresh) => ({ ...fresh, etag: etagOf(fresh.body), encoded: {}, hit: false })),
      );
      // The cached br or gzip form when the client takes it (compressed once, when cached); an answer
      // without one (under 1 KB, an error, the cache off) is left to compressAnswers.
      const coding = chooseCoding(ctx.req, answer.encoded);
      const { headers, notModified } = cachedAnswerHeaders(answer, coding, answer.hit, ctx.get('if-none-match'));
      ctx.set(headers);
      ctx.vary('Accept-Encoding');
      ctx.status = answer.status;
      ctx.type = answer.contentType;
      if (notModified) {
        ctx.status = 304;
        return;
      }
      if (coding) ctx.set('content-encoding', coding);
      ctx.body = coding ? answer.encoded[coding] : answer.body;
      return;
    }
    // A signed-in reply may carry a secret or personal data: no cache keeps it unless its service says otherwise
    // (a header it sends replaces this one).
    ctx.set('cache-control', 'no-store');
    await perSessionInFlight.run(sessionId ?? '', () => admissions[route.service].run(ctx.res, () => proxy.forward(ctx, token)));
  });
  logAppErrors(app, logger);

  // A signed-in read of a cached football answer skips the chain above when every rule it applies is known to pass
  // (cache/cached-reads.ts); anything else goes through the chain.
  if (config.responseCacheTtlMs > 0 && deps.cachedReads !== false) {
    const shortReads = new promClient.Counter({
      name: 'matchday_gateway_short_reads_total',
      help: 'Cached signed-in reads answered without the middleware chain (also counted in matchday_http_requests_total)',
      registers: [metrics.registry],
    });
    const logAnswer = requestLogger(logger, logOptions);
    const answerCachedRead = cachedReads({
      cookieName: SESSION_COOKIE,
      keys: app.keys as unknown as Keygrip,
      keyId,
      sessions: deps.sessionStore,
      cache,
      perSession: limits.perSession,
      place: turns.place,
      // its answers are 200s and 304s, logged at info: below that level only the request id is needed
      logRequest: (req, res) => (logger.isLevelEnabled('info') ? logAnswer(req, res) : requestId(req, res)),
      record: (...request) => {
        shortReads.inc();
        metrics.record(...request);
      },
      apiHeaders: apiSecurityHeaders(config.production),
    });
    const chainCallback = app.callback.bind(app);
    app.callback = () => {
      const chain = chainCallback();
      // the gateway listens with node:http (never HTTP/2), so its requests and responses are node:http's
      return (req, res) =>
        answerCachedRead(req as IncomingMessage, res as ServerResponse, () => void chain(req, res)) ? Promise.resolve() : chain(req, res);
    };
  }
  return Object.assign(app, {
    closeLiveStreams: () => {
      liveFeed.stop();
      streams.closeAll();
    },
    warmUp: async (port: number) => {
      warmingUp = true;
      try {
        // as PUBLIC_URL's host, so that no request is answered with a redirect to it, with the headers a browser sends
        await warmUp(port, WARM_UP_PATHS, {
          host: new URL(config.publicUrl).host,
          accept: '*/*',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': 'en-IN,en;q=0.9',
          'user-agent': 'Mozilla/5.0 (Matchday warm-up)',
          [WARM_UP_HEADER]: warmUpMark(config.internalSecret),
        });
        await warmCompression();
      } finally {
        warmingUp = false;
      }
    },
  });
}
