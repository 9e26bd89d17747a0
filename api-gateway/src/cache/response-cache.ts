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
  /** The byte bound, as entryBytes counts an entry. */
  readonly maxBytes: number;

  constructor(options: { ttlMs: number; maxBytes: number }) {
    this.maxBytes = options.maxBytes;
    this.entries = new LRUCache<string, CachedResponse>({
      ttl: options.ttlMs,
      maxSize: options.maxBytes,
      sizeCalculation: entryBytes,
    });
    // expired answers are let go of within a TTL even when nobody asks for them again (lru-cache drops a stale
    // entry only when it is read or pushed out, so 288,020 tiny entries of a crawl stayed for good)
    if (options.ttlMs > 0) setInterval(() => this.entries.purgeStale(), Math.max(options.ttlMs, 1_000)).unref();
  }

  /** The key of a request: its path and its query with the parameters sorted and the cache-buster left out. */
  static key(path: string, search: string): string {
    if (search === '') return path;
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
        const keep = answer.status === 200 && answer.keep !== false;
        const entry: CachedResponse = {
          status: answer.status,
          contentType: answer.contentType,
          body: keep ? ownBytes(answer.body) : answer.body,
          etag: answer.etag ?? etagOf(answer.body),
          encoded,
          ...(answer.headers ? { headers: answer.headers } : {}),
        };
        if (keep) this.entries.set(key, entry);
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

  /** Whether an answer is held for the key (counts nothing). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** The cached answer, counted as a hit, or undefined without counting a miss (the caller then loads through getOrLoad). */
  peekHit(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (entry) this.hits += 1;
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

  /** Entries held now, expired ones included until the next purge (stats() purges first). */
  heldEntries(): number {
    return this.entries.size;
  }

  stats(): CacheStats {
    this.entries.purgeStale();
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

/**
 * What an entry holds in memory, as the byte bound counts it: its bodies, its key (a string of UTF-16 units), its
 * headers and ETag, and 600 bytes for the objects around them (the entry, its encoded map, the LRU's slot). For
 * 100,000 answers of 256 bytes with a public Cache-Control, heap and external memory grew by 916 bytes an entry and
 * this counts 1,178 (it counted 456 before, so a "64 MB" cache of tiny answers held 2.5 times that).
 */
export function entryBytes(entry: CachedResponse, key: string): number {
  const headers = entry.headers
    ? Object.entries(entry.headers).reduce((sum, [name, value]) => sum + 2 * (name.length + value.length) + 64, 0)
    : 0;
  const bodies = entry.body.length + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0);
  return bodies + 2 * key.length + 2 * (entry.etag.length + entry.contentType.length) + headers + ENTRY_OVERHEAD_BYTES;
}

const ENTRY_OVERHEAD_BYTES = 600;

/**
 * A body with memory of its own: a small Buffer read from a socket or made by concat is often a view into an 8 KB
 * pool slab, and keeping the view keeps the whole slab (a 300-byte answer held 8 KB).
 */
function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
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
