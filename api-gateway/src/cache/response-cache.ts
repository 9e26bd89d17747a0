import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { encodeBody, type ContentCoding, type EncodedBodies } from './compression';

/** A buffered service answer, as the cache keeps it. */
export interface CachedResponse {
  status: number;
  contentType: string;
  body: Buffer;
  etag: string;
  /** The br and gzip forms of `body`, made once when the answer was cached (none under 1 KB). */
  encoded: EncodedBodies;
  /** Headers of the service's answer sent again with every copy (a public answer's Cache-Control, Content-Disposition). */
  headers?: Readonly<Record<string, string>>;
}

/** What a load hands the cache: the service's answer, read whole. */
export interface LoadedAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The service's own strong ETag, kept instead of one made here (its 304s keep meaning the same bytes). */
  etag?: string;
  headers?: Readonly<Record<string, string>>;
  /** False: hand this answer to the callers waiting for it, but keep no copy (default: a 200 is kept). */
  keep?: boolean;
}

export interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** How long a football read is reused: a released result or an import shows within this time. */
export const RESPONSE_CACHE_TTL_MS = 15_000;

/** Query parameters that change nothing on the server: the shell's cache-buster. */
export const IGNORED_PARAMS = new Set(['_cb']);

/**
 * The gateway's cache of public football reads: keyed by path and query (never by user: these answers
 * are the same for everyone), a short TTL so new results show within it, a byte bound, and a strong
 * ETag per answer so that a browser revalidating gets 304. Emptied by POST /api/admin/clear-cache.
 */
export class ResponseCache {
  private readonly entries: LRUCache<string, CachedResponse>;
  private readonly loading = new Map<string, Promise<CachedResponse>>();
  private hits = 0;
  private misses = 0;

  constructor(options: { ttlMs: number; maxBytes: number }) {
    this.entries = new LRUCache<string, CachedResponse>({
      ttl: options.ttlMs,
      maxSize: options.maxBytes,
      sizeCalculation: (entry) => entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + 200,
    });
  }

  /** The key of a request: its path and its query with the parameters sorted and the cache-buster left out. */
  static key(path: string, search: string): string {
    const params = [...new URLSearchParams(search)]
      .filter(([name]) => !IGNORED_PARAMS.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return params.length ? `${path}?${new URLSearchParams(params).toString()}` : path;
  }

  /**
   * The cached answer, or else the one `load` fetches; concurrent misses of one key share one load
   * (a burst at kick-off costs the service one read). A successful answer is compressed once here. An error answer
   * (4xx, 5xx) or a failed load goes only to the caller whose request it answers: one that joined that load loads its
   * own (two requests of one key may differ in what the key leaves out, a repeated `_cb` that the service refuses).
   */
  async getOrLoad(key: string, load: () => Promise<LoadedAnswer>): Promise<CachedResponse & { hit: boolean }> {
    const cached = this.get(key);
    if (cached) return { ...cached, hit: true };
    const joined = this.loading.get(key);
    if (joined) {
      const shared = await joined.catch(() => null);
      return shared && shared.status < 400 ? { ...shared, hit: false } : this.getOrLoad(key, load);
    }
    const pending = load()
      .then(async (answer) => {
        const encoded = answer.status === 200 ? await encodeBody(answer.body) : {};
        const entry: CachedResponse = {
          status: answer.status,
          contentType: answer.contentType,
          body: answer.body,
          etag: answer.etag ?? etagOf(answer.body),
          encoded,
          ...(answer.headers ? { headers: answer.headers } : {}),
        };
        if (answer.status === 200 && answer.keep !== false) this.entries.set(key, entry);
        return entry;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, pending);
    return { ...(await pending), hit: false };
  }

  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) this.hits += 1;
    else this.misses += 1;
    return entry;
  }

  /** Only successful answers are kept. */
  set(key: string, status: number, contentType: string, body: Buffer, encoded: EncodedBodies = {}): CachedResponse {
    const entry = { status, contentType, body, etag: etagOf(body), encoded };
    if (status === 200) this.entries.set(key, entry);
    return entry;
  }

  /** Empties the cache; returns how many live entries it held. */
  clear(): number {
    this.entries.purgeStale();
    const count = this.entries.size;
    this.entries.clear();
    return count;
  }

  stats(): CacheStats {
    this.entries.purgeStale();
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The strong ETag of one coding of a body: each coding is its own representation ("<sha1>-br"). */
export function codingEtag(etag: string, coding: ContentCoding | null): string {
  return coding ? `${etag.slice(0, -1)}-${coding}"` : etag;
}

/**
 * Whether an If-None-Match header names this ETag (weak or strong form, or *), in any of its codings:
 * a client that kept the gzip form of an answer has the same content as one that kept the br form.
 */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value.replace(/^W\//, '').replace(/-(?:br|gzip)"$/, '"') === etag;
  });
}
