import { outboundRefusal, type OutboundRules } from '@matchday/server';

/**
 * One conditional GET of an upstream file, as the sync makes it: If-None-Match / If-Modified-Since from the
 * validators stored with the last good copy, a timeout per attempt, and retries with back-off (doubling) for
 * what may pass (no answer, a reset, a 5xx, a 429). A 404 or another 4xx is not retried: the next run asks again.
 * What it reads is bounded: at most MAX_REDIRECTS redirects, each to an https host the rules allow (the rule of every
 * URL a server is handed, @matchday/server outboundRefusal), and a body of at most MAX_BODY_BYTES, compressed (its
 * Content-Length) and decompressed (counted as it is read, the read stopped at the cap): a gzip bomb is refused
 * having inflated no more than the cap.
 */

/** The largest file the sync reads (a whole Premier League season with scores, en.1.json, is about 1 MB). */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
/** Redirects followed at most. */
export const MAX_REDIRECTS = 3;
/** Hosts a redirect may lead to besides the base URL's own (where raw.githubusercontent.com sends its files). */
export const REDIRECT_HOSTS: readonly string[] = ['raw.githubusercontent.com', '*.githubusercontent.com'];

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FetchOutcome = { status: 'unchanged' } | { status: 'fetched'; body: string; validators: Validators };

export interface FetchOptions {
  /** One attempt's longest wait (ms). */
  timeoutMs: number;
  /** Attempts after the first. */
  retries: number;
  /** Wait before the first retry (ms); doubled for each next one. */
  backoffMs: number;
  /** Ends the waits at once (the service stopping): the fetch then throws FetchStopped. */
  signal?: AbortSignal;
  /** The body's cap in bytes (MAX_BODY_BYTES). */
  maxBytes?: number;
  /** Where a redirect may lead (default: REDIRECT_HOSTS, no test origin). */
  redirects?: OutboundRules;
}

/** Why a file could not be read, with the URL (the one error a league's run logs); `status`: the HTTP status refused with. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The fetch ended because the service is stopping: not a failure of the upstream, nothing to record. */
export class FetchStopped extends Error {}

class Retryable extends Error {}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Waits `ms`, or less when `signal` aborts; leaves no listener on `signal` behind. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** The body as text, reading no more than `maxBytes` (decompressed): past it the read stops and the file is refused. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FetchError(`the file is larger than ${maxBytes} bytes, not read`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function attempt(url: string, validators: Validators | null, options: FetchOptions): Promise<FetchOutcome> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const maxBytes = options.maxBytes ?? MAX_BODY_BYTES;
  const rules = options.redirects ?? { hosts: REDIRECT_HOSTS, testOrigins: [] };
  // one controller per attempt, ended by the timeout or the service stopping; its listener on the long-lived signal
  // is removed when the attempt ends, whatever way
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const stop = () => controller.abort();
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted) controller.abort();
  const stage = (what: string) => (error: unknown) => {
    if (error instanceof FetchError) throw error;
    if (options.signal?.aborted) throw new FetchStopped('the service is stopping');
    if (timedOut)
      throw new Retryable(
        what === 'answer' ? `no answer within ${options.timeoutMs} ms` : `the body did not arrive within ${options.timeoutMs} ms`,
      );
    throw new Retryable(describe(error));
  };
  try {
    let current = url;
    let response: Response;
    for (let hops = 0; ; hops += 1) {
      response = await fetch(current, { headers, signal: controller.signal, redirect: 'manual' }).catch(stage('answer'));
      if (!REDIRECT_STATUSES.has(response.status)) break;
      await response.body?.cancel().catch(() => undefined);
      if (hops >= MAX_REDIRECTS) throw new FetchError(`more than ${MAX_REDIRECTS} redirects, not followed`);
      // where it leads is never echoed: it is the upstream's text
      let next: string | null = null;
      try {
        next = new URL(response.headers.get('location') ?? '', current).href;
      } catch {
        next = null;
      }
      const refusal = next === null ? 'not-a-url' : outboundRefusal(next, rules);
      if (next === null || refusal !== null)
        throw new FetchError(`HTTP ${response.status}, a redirect not followed (${refusal ?? 'not-a-url'})`);
      current = next;
    }
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { status: 'unchanged' };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const message = `HTTP ${response.status}`;
      if (response.status >= 500 || response.status === 429) throw new Retryable(message);
      throw new FetchError(message, response.status);
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new FetchError(`the file is larger than ${maxBytes} bytes, not read`);
    }
    // The whole body within the same timeout: a file that stops halfway is a failure, never half a file.
    const body = await readCapped(response, maxBytes).catch(stage('body'));
    return {
      status: 'fetched',
      body,
      validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
    };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * GET `url`, conditionally when `validators` are given. Throws FetchError (message names the URL) once every attempt
 * failed, FetchStopped when `options.signal` ended it.
 */
export async function fetchConditional(url: string, validators: Validators | null, options: FetchOptions): Promise<FetchOutcome> {
  let wait = options.backoffMs;
  for (let tries = 0; ; tries += 1) {
    if (options.signal?.aborted) throw new FetchStopped('the service is stopping');
    try {
      return await attempt(url, validators, options);
    } catch (error) {
      if (error instanceof FetchStopped) throw error;
      if (error instanceof FetchError) throw new FetchError(`${url}: ${error.message}`, error.status);
      const reason = error instanceof Error ? error.message : String(error);
      if (options.signal?.aborted) throw new FetchStopped('the service is stopping');
      if (tries >= options.retries) {
        throw new FetchError(`${url}: ${reason}${tries > 0 ? ` (${tries + 1} attempts)` : ''}`);
      }
      await sleep(wait, options.signal);
      wait *= 2;
    }
  }
}
