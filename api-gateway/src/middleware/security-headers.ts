import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type Koa from 'koa';
import helmet from 'koa-helmet';

/**
 * Hashes of the inline scripts of the shell's index.html (the theme is applied before the first
 * paint), read again whenever the file changes, so that the policy needs no 'unsafe-inline' for scripts.
 */
function inlineScriptHashes(indexFile: string): () => string[] {
  let seen = { mtimeMs: -1, hashes: [] as string[] };
  return () => {
    try {
      const { mtimeMs } = fs.statSync(indexFile);
      if (mtimeMs !== seen.mtimeMs) {
        const html = fs.readFileSync(indexFile, 'utf8');
        const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
          ([, body]) =>
            `'sha256-${createHash('sha256')
              .update(body ?? '')
              .digest('base64')}'`,
        );
        seen = { mtimeMs, hashes };
      }
    } catch {
      seen = { mtimeMs: -1, hashes: [] };
    }
    return seen.hashes;
  };
}

/**
 * Security headers on every answer (helmet): a Content-Security-Policy that fits Module Federation
 * (remote entries and chunks are scripts from this origin; styled-components needs inline styles),
 * no framing, HSTS in production, and a Permissions-Policy that turns off what the app never uses.
 */
export function securityHeaders(options: { shellIndex: string; production: boolean }): Koa.Middleware {
  const hashes = inlineScriptHashes(options.shellIndex);
  const helmetMiddleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_req: unknown, _res: unknown) => hashes().join(' ')],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
  return async (ctx, next) => {
    ctx.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    await helmetMiddleware(ctx, next);
  };
}
