import type Koa from 'koa';
import type { DatasetInfo, PublicAppConfig, ReplayInfo } from '@matchday/contracts';
import { IDENTITY_HEADER } from '@matchday/server';
import type { GatewayConfig } from '../config';
import type { IdentitySigner } from '../proxy/identity';

export const APP_CONFIG_PATH = '/app-config.json';

/** How long the football service's word on the dataset (is it a replay?) is reused; it changes only when the data is replaced. */
const DATASET_REUSE_MS = 15_000;

/** What the football data is (GET /api/dataset of the football service), null when unknown. */
export type DatasetReader = () => Promise<DatasetInfo | null>;

/**
 * Reads GET /api/dataset from the football service as the gateway itself (an internal identity), reusing an
 * answer for DATASET_REUSE_MS; a failure or a slow answer (2 s) is null and is asked again next time.
 */
export function footballDataset(footballUrl: string, signer: IdentitySigner): DatasetReader {
  let last: { at: number; pending: Promise<DatasetInfo | null> } | undefined;
  const read = async (): Promise<DatasetInfo | null> => {
    const token = await signer.sign('football', { scope: 'internal', isAdmin: false });
    const response = await fetch(`${footballUrl}/api/dataset`, {
      headers: { [IDENTITY_HEADER]: token },
      signal: AbortSignal.timeout(2000),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`football /api/dataset: ${response.status}`);
    }
    return (await response.json()) as DatasetInfo;
  };
  return () => {
    const now = Date.now();
    if (!last || now - last.at > DATASET_REUSE_MS) {
      const pending = read();
      const entry = { at: now, pending: pending.catch(() => null) };
      last = entry;
      pending.catch(() => {
        if (last === entry) last = undefined;
      });
    }
    return last.pending;
  };
}

/** A replay as the pages are told of it: with the real instant that is now. */
function replayNow(replay: ReplayInfo | null | undefined, now = Date.now()): PublicAppConfig['replay'] {
  if (!replay) return null;
  return { ...replay, asOf: new Date(now - replay.shiftMs).toISOString() };
}

/**
 * GET /app-config.json: the configuration pages show (SUPPORT_EMAIL; the analytics collector when configured; the
 * replay being served, if any, so that every page can show real dates and say that it is a replay).
 */
export function appConfig(config: GatewayConfig, dataset: DatasetReader = async () => null): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.path !== APP_CONFIG_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const body: PublicAppConfig = {
      supportEmail: config.supportEmail,
      analytics: config.analytics,
      replay: replayNow((await dataset())?.replay),
    };
    ctx.set('cache-control', 'no-cache');
    ctx.body = body;
  };
}
