/**
 * One conditional GET of an upstream file, as the sync makes it: If-None-Match / If-Modified-Since from the
 * validators stored with the last good copy, a timeout per attempt, and retries with back-off (doubling) for
 * what may pass (no answer, a reset, a 5xx, a 429). A 404 or another 4xx is not retried: the next run asks again.
 */

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
  /** Ends the waits at once (the service stopping). */
  signal?: AbortSignal;
}

/** Why a file could not be read, with the URL (the one error a league's run logs). */
export class FetchError extends Error {}

class Retryable extends Error {}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

async function attempt(url: string, validators: Validators | null, options: FetchOptions): Promise<FetchOutcome> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (validators?.etag) headers['if-none-match'] = validators.etag;
  if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: 'follow' });
  } catch (error) {
    const reason = signal.aborted && !options.signal?.aborted ? `no answer within ${options.timeoutMs} ms` : describe(error);
    throw new Retryable(reason);
  }
  if (response.status === 304) {
    await response.body?.cancel();
    return { status: 'unchanged' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const message = `HTTP ${response.status}`;
    if (response.status >= 500 || response.status === 429) throw new Retryable(message);
    throw new FetchError(message);
  }
  let body: string;
  try {
    // The whole body within the same timeout: a file that stops halfway is a failure, never half a file.
    body = await response.text();
  } catch (error) {
    throw new Retryable(signal.aborted ? `the body did not arrive within ${options.timeoutMs} ms` : describe(error));
  }
  return {
    status: 'fetched',
    body,
    validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
  };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** GET `url`, conditionally when `validators` are given. Throws FetchError (message names the URL) once every attempt failed. */
export async function fetchConditional(url: string, validators: Validators | null, options: FetchOptions): Promise<FetchOutcome> {
  let wait = options.backoffMs;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt(url, validators, options);
    } catch (error) {
      if (error instanceof FetchError) throw new FetchError(`${url}: ${error.message}`);
      const reason = error instanceof Error ? error.message : String(error);
      if (tries >= options.retries || options.signal?.aborted) {
        throw new FetchError(`${url}: ${reason}${tries > 0 ? ` (${tries + 1} attempts)` : ''}`);
      }
      await sleep(wait, options.signal);
      wait *= 2;
    }
  }
}
