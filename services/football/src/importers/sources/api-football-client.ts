import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Bottleneck from 'bottleneck';

/**
 * A small client for API-Football v3 (https://v3.football.api-sports.io): GET only, the key in the
 * `x-apisports-key` header, every successful raw response cached on disk by path + query so that a
 * re-run reads the cache and makes no request at all.
 *
 * Rate limits, as the API reports them in its response headers:
 * - per minute: `X-RateLimit-Limit` / `X-RateLimit-Remaining`. The client queues its requests one at a
 *   time through a Bottleneck limiter whose reservoir is set from these headers after every response
 *   and refilled each minute, so a run never sends more than the minute allows;
 * - per day: `x-ratelimit-requests-limit` / `x-ratelimit-requests-remaining`. At 0 the run stops with
 *   a clear error; what was fetched so far stays cached for the next run;
 * - a 429 (or a body whose `errors` has `rateLimit`) waits `Retry-After` seconds (default 60) and retries.
 */

export const DEFAULT_API_FOOTBALL_URL = 'https://v3.football.api-sports.io';

/** The envelope of every API-Football v3 response. */
export interface ApiEnvelope<T> {
  get?: string;
  parameters?: Record<string, string> | unknown[];
  /** [] when fine, else e.g. {"token": "Error/Missing application key"} or {"rateLimit": "..."}. */
  errors: Record<string, string> | unknown[];
  results: number;
  paging?: { current: number; total: number };
  response: T[];
}

export type Query = Record<string, string | number>;

export interface ApiFootballClientOptions {
  key: string;
  baseUrl?: string;
  /** Where raw responses are cached, e.g. `<DATA_DIR>/api-football-cache`. */
  cacheDir: string;
  /** Retries of one request after a 429, a rate-limit error or a 5xx (default 5). */
  maxRetries?: number;
  /** Waiting (tests pass one that records instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
}

export class ApiFootballError extends Error {}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds of a Retry-After header (a number or an HTTP date) in ms; undefined when absent or unreadable. */
function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || !/^-?\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

function hasErrors(errors: ApiEnvelope<unknown>['errors'] | undefined): boolean {
  if (!errors) return false;
  return Array.isArray(errors) ? errors.length > 0 : Object.keys(errors).length > 0;
}

function describeErrors(errors: ApiEnvelope<unknown>['errors']): string {
  return Array.isArray(errors)
    ? errors.map(String).join('; ')
    : Object.entries(errors)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join('; ');
}

export class ApiFootballClient {
  /** Requests sent over the network (cache hits not counted). */
  networkRequests = 0;
  cacheHits = 0;
  private readonly baseUrl: string;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;
  private readonly limiter = new Bottleneck({ maxConcurrent: 1 });
  private dailyQuotaExhausted = false;

  constructor(private readonly options: ApiFootballClientOptions) {
    if (!options.key) throw new ApiFootballError('API_FOOTBALL_KEY is not set');
    this.baseUrl = (options.baseUrl ?? DEFAULT_API_FOOTBALL_URL).replace(/\/+$/, '');
    this.sleep = options.sleep ?? defaultSleep;
    this.maxRetries = options.maxRetries ?? 5;
  }

  /** The cache file of a request: readable, and the same whatever the order of the query parameters. */
  cacheFile(endpoint: string, query: Query = {}): string {
    const params = Object.keys(query)
      .sort()
      .map((k) => `${k}-${String(query[k])}`)
      .join('_');
    const name = `${endpoint.replace(/^\/+/, '').replace(/\//g, '_')}${params ? `__${params}` : ''}`;
    const safe = name.replace(/[^A-Za-z0-9_.-]/g, '~');
    const file = safe.length <= 150 ? safe : `${safe.slice(0, 100)}~${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
    return path.join(this.options.cacheDir, `${file}.json`);
  }

  /** One page of an endpoint, from the cache when fetched before. */
  async get<T>(endpoint: string, query: Query = {}): Promise<ApiEnvelope<T>> {
    const file = this.cacheFile(endpoint, query);
    if (fs.existsSync(file)) {
      this.cacheHits += 1;
      return JSON.parse(fs.readFileSync(file, 'utf8')) as ApiEnvelope<T>;
    }
    const text = await this.limiter.schedule(() => this.fetchText(endpoint, query));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, text);
    fs.renameSync(temp, file);
    return JSON.parse(text) as ApiEnvelope<T>;
  }

  /** Every item of an endpoint, following `paging` (page 2 on only when the API says there are more). */
  async getAll<T>(endpoint: string, query: Query = {}): Promise<T[]> {
    const first = await this.get<T>(endpoint, query);
    const items = [...first.response];
    const total = first.paging?.total ?? 1;
    for (let page = 2; page <= total; page += 1) items.push(...(await this.get<T>(endpoint, { ...query, page })).response);
    return items;
  }

  private url(endpoint: string, query: Query): string {
    const url = new URL(`${this.baseUrl}/${endpoint.replace(/^\/+/, '')}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    return url.toString();
  }

  private async fetchText(endpoint: string, query: Query): Promise<string> {
    const url = this.url(endpoint, query);
    for (let attempt = 0; ; attempt += 1) {
      if (this.dailyQuotaExhausted) {
        throw new ApiFootballError('API-Football daily request quota is used up; responses fetched so far are cached, run again tomorrow');
      }
      this.networkRequests += 1;
      let response: Response;
      try {
        // Only the key header: the API rejects requests with extra headers it does not expect.
        response = await fetch(url, { headers: { 'x-apisports-key': this.options.key } });
      } catch (error) {
        if (attempt >= this.maxRetries) throw new ApiFootballError(`GET ${url}: ${error instanceof Error ? error.message : String(error)}`);
        await this.sleep(2 ** attempt * 1000);
        continue;
      }
      this.applyRateLimitHeaders(response.headers);
      const text = await response.text();

      if (response.status === 429 || response.status >= 500) {
        if (attempt >= this.maxRetries) throw new ApiFootballError(`GET ${url}: HTTP ${response.status} after ${attempt + 1} attempts`);
        const wait = response.status === 429 ? (retryAfterMs(response.headers.get('retry-after')) ?? 60_000) : 2 ** attempt * 1000;
        this.options.log?.(`API-Football: HTTP ${response.status}, waiting ${Math.round(wait / 1000)} s`);
        await this.sleep(wait);
        continue;
      }
      if (!response.ok) throw new ApiFootballError(`GET ${url}: HTTP ${response.status} ${text.slice(0, 200)}`);

      let body: ApiEnvelope<unknown>;
      try {
        body = JSON.parse(text) as ApiEnvelope<unknown>;
      } catch {
        throw new ApiFootballError(`GET ${url}: the response is not JSON`);
      }
      if (hasErrors(body.errors)) {
        const errors = body.errors as Record<string, string>;
        if (!Array.isArray(body.errors) && errors.rateLimit !== undefined && attempt < this.maxRetries) {
          const wait = retryAfterMs(response.headers.get('retry-after')) ?? 60_000;
          this.options.log?.(`API-Football: ${errors.rateLimit}; waiting ${Math.round(wait / 1000)} s`);
          await this.sleep(wait);
          continue;
        }
        throw new ApiFootballError(`GET ${url}: ${describeErrors(body.errors)}`);
      }
      if (!Array.isArray(body.response)) throw new ApiFootballError(`GET ${url}: no "response" array`);
      return text;
    }
  }

  private applyRateLimitHeaders(headers: Headers): void {
    const perMinute = headerNumber(headers, 'x-ratelimit-limit');
    const perMinuteLeft = headerNumber(headers, 'x-ratelimit-remaining');
    if (perMinuteLeft !== undefined) {
      // Requests run one at a time, so what the API says is left is exactly what may still be sent this minute.
      this.limiter.updateSettings({
        reservoir: Math.max(0, perMinuteLeft),
        reservoirRefreshAmount: perMinute ?? Math.max(1, perMinuteLeft),
        reservoirRefreshInterval: 60_000,
      });
      if (perMinuteLeft <= 0) this.options.log?.('API-Football: per-minute limit reached, waiting for the next minute');
    }
    const dailyLeft = headerNumber(headers, 'x-ratelimit-requests-remaining');
    if (dailyLeft !== undefined && dailyLeft <= 0) this.dailyQuotaExhausted = true;
  }
}
