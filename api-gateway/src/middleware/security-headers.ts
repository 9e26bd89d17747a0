import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import helmet from 'koa-helmet';

/** Answers other than page loads reuse the hashes this long before index.html's mtime is looked at again. */
export const INDEX_RECHECK_MS = 1000;

function hashInlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/** A page load (the shell's index.html may be the answer), as opposed to an API call or an asset. */
function isPageLoad(req: IncomingMessage): boolean {
  return req.method === 'GET' && (req.headers['sec-fetch-dest'] === 'document' || /text\/html/.test(req.headers.accept ?? ''));
}

/**
 * Hashes of the inline scripts of the shell's index.html (the theme is applied before the first
 * paint), so that the policy needs no 'unsafe-inline' for scripts. Computed once and kept: the file's
 * mtime is looked at on a page load (one stat per page, so a rebuilt shell never meets stale hashes)
 * and otherwise at most once every INDEX_RECHECK_MS; the file is read again only when it changed.
 */
export function inlineScriptHashes(indexFile: string, now: () => number = Date.now): (req: IncomingMessage) => string[] {
  let seen = { mtimeMs: -1, hashes: [] as string[] };
  let checkedAt = -Infinity;
  return (req) => {
    const at = now();
    if (!isPageLoad(req) && at - checkedAt < INDEX_RECHECK_MS) return seen.hashes;
    checkedAt = at;
    try {
      const { mtimeMs } = fs.statSync(indexFile);
      if (mtimeMs !== seen.mtimeMs) seen = { mtimeMs, hashes: hashInlineScripts(fs.readFileSync(indexFile, 'utf8')) };
    } catch {
      seen = { mtimeMs: -1, hashes: [] };
    }
    return seen.hashes;
  };
}

/**
 * Security headers on every answer (helmet): a Content-Security-Policy that fits Module Federation
 * (remote entries and chunks are scripts from this origin, or from `remotesOrigin` when REMOTES_BASE_URL
 * puts them on a CDN; styled-components needs inline styles), no framing, HSTS in production, and a
 * Permissions-Policy that turns off what the app never uses. The analytics collector (ANALYTICS_ENDPOINT)
 * is the one other origin pages may send to.
 */
export function securityHeaders(options: {
  shellIndex: string;
  production: boolean;
  remotesOrigin?: string;
  analyticsOrigin?: string;
}): Koa.Middleware {
  const hashes = inlineScriptHashes(options.shellIndex);
  const remotes = options.remotesOrigin ? [options.remotesOrigin] : [];
  const analytics = options.analyticsOrigin ? [options.analyticsOrigin] : [];
  const helmetMiddleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes, (req: IncomingMessage, _res: unknown) => hashes(req).join(' ')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", ...remotes, 'data:'],
        // The service worker fetches remote entries and chunks (network-first / cache-first).
        connectSrc: ["'self'", ...remotes, ...analytics],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  const apiHeaders = apiSecurityHeaders(options.production);
  const assetHeaders = assetSecurityHeaders(options.production);
  return async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) {
      ctx.set(apiHeaders);
      return next();
    }
    if (isSubresource(ctx.req, ctx.path)) {
      ctx.set(assetHeaders);
      return next();
    }
    ctx.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    await helmetMiddleware(ctx, next);
  };
}

/** A script, style sheet, image or font fetched by a page (not a document, not the service worker, whose policy applies to it). */
const SUBRESOURCE = /\.(?:js|css|png|svg|ico|webp|woff2?|map)$/;
function isSubresource(req: IncomingMessage, pathname: string): boolean {
  return SUBRESOURCE.test(pathname) && pathname !== '/sw.js' && !isPageLoad(req);
}

/**
 * Scripts, style sheets, images and fonts: a document's policy (CSP, framing, Permissions-Policy) means nothing
 * on them, so they carry only what does (nosniff, the resource policy, HSTS). The page set is ~1.1 KB a
 * response: on the ~23 scripts before Home's first card it was 27 KB of the JavaScript as sent.
 */
export function assetSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-site',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Answers under /api/ are JSON, never a document that runs scripts or is framed: they carry a short fixed
 * set, built once (OWASP's REST security headers: a policy that allows nothing, nosniff, no framing),
 * instead of the pages' policy with its script hashes. helmet's per-request policy build and the longer
 * header block were a measurable part of a cached read (bench/gateway.ts --cpu-prof).
 */
export function apiSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-resource-policy': 'same-site',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
