import fs from 'node:fs';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type Koa from 'koa';
import send from 'koa-send';
import { PRECOMPRESSED_EXTENSIONS, REMOTE_NAMES, type RemoteName, type VersionInfo } from '@matchday/contracts';
import type { RemoteStateStore } from '@matchday/remote-state';
import { buildManifest, VERSION_PATTERN } from './manifest';
import { fileReader, withReplayStrip } from './replay-page';
import type { DatasetReader } from './app-config';

const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpg|webp)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/** How long a page waits for the football service's word on a replay (reused 15 s once read) before it goes without the strip. */
const DATASET_WAIT_MS = 300;

/** koa-send hands over the file it sends, a .br or .gz sibling included: the rules go by the file asked for. */
function cacheHeaders(res: import('node:http').ServerResponse, file: string): void {
  const asked = path.basename(file).replace(/\.(?:br|gz)$/, '');
  res.setHeader('cache-control', HASHED.test(asked) ? IMMUTABLE : NO_CACHE);
  if (PRECOMPRESSED_EXTENSIONS.includes(path.extname(asked))) res.setHeader('vary', 'Accept-Encoding');
}

/**
 * Serves the shell (with the SPA fallback for page navigations only), every built version of every
 * remote under /remotes/<name>/<version>/, /mf-manifest.json (its entries under `remotesBase` when
 * REMOTES_BASE_URL puts the remotes on a CDN) and /version.json.
 * Hashed assets are immutable; HTML, remote entries and manifests are revalidated every time.
 * A missing asset is a 404, never index.html (which would surface as "Unexpected token '<'").
 * While a replay is served (`dataset`), a page's static app shell carries the replay strip (replay-page.ts).
 */
export function frontends(
  frontendRoot: string,
  remoteState: RemoteStateStore,
  remotesBase?: string,
  dataset: DatasetReader = async () => null,
): Koa.Middleware {
  const shellDist = path.join(frontendRoot, 'shell', 'dist');
  const shellPage = fileReader(path.join(shellDist, 'index.html'));

  /** Sends a file (or its br/gzip sibling); 304 when the client's copy is current; false when there is no such file. */
  const sendFile = async (ctx: Koa.Context, file: string, root: string): Promise<boolean> => {
    try {
      await send(ctx, file, { root, setHeaders: cacheHeaders });
    } catch {
      ctx.status = 404;
    }
    if (ctx.status === 404) {
      ctx.remove('content-encoding');
      ctx.body = { message: 'Not found' };
      return false;
    }
    // Revalidation of no-cache files (index.html, remote entries, sw.js) by Last-Modified. Koa destroys
    // the file stream that this replaces when the response ends.
    if (ctx.status === 200 && ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
    return true;
  };

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const requested = ctx.path;
    // the API, sign-in and grant paths (/api itself included: a JSON 404, not the app's page)
    if (/^\/(api|auth|connect)(\/|$)/.test(requested)) return next();

    if (requested === '/mf-manifest.json') {
      ctx.set('cache-control', 'no-store');
      ctx.set('access-control-allow-origin', '*');
      ctx.body = await buildManifest(frontendRoot, remoteState, remotesBase);
      return;
    }
    if (requested === '/version.json') {
      ctx.set('cache-control', 'no-store');
      try {
        ctx.body = JSON.parse(fs.readFileSync(path.join(shellDist, 'version.json'), 'utf8')) as VersionInfo;
      } catch {
        ctx.status = 404;
        ctx.body = { message: 'Shell not built' };
      }
      return;
    }
    const remote = /^\/remotes\/([\w-]+)\/([\w.+-]+)\/(.+)$/.exec(requested);
    if (remote) {
      const [, name = '', version = '', file = ''] = remote;
      // Only a built version directory: `..` or any other path segment in place of the version is refused.
      if (!REMOTE_NAMES.includes(name as RemoteName) || !VERSION_PATTERN.test(version)) {
        ctx.status = 404;
        ctx.body = { message: 'Not found' };
        return;
      }
      await sendFile(ctx, file, path.join(frontendRoot, name, 'dist', version));
      return;
    }
    if (path.extname(requested)) {
      await sendFile(ctx, requested, shellDist);
      return;
    }
    // A page: the shell's index.html decides (login page when signed out, 404 page for unknown paths).
    const replay = (await Promise.race([dataset(), setTimeout(DATASET_WAIT_MS, null)]))?.replay;
    const page = replay ? shellPage() : null;
    if (replay && page !== null) {
      ctx.set('cache-control', NO_CACHE);
      ctx.type = 'html';
      ctx.body = withReplayStrip(page, replay);
      return;
    }
    if (!(await sendFile(ctx, 'index.html', shellDist))) {
      ctx.status = 503;
      ctx.body = { message: 'The shell is not built: run npm run build' };
    }
  };
}
