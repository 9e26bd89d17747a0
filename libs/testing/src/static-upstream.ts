/**
 * A stand-in for a static file host such as raw.githubusercontent.com (what openfootball's football.json is read
 * from), for tests of a sync: an HTTP server on 127.0.0.1 serving the files a test gives it, with an ETag (a hash
 * of the body) and a Last-Modified (when the test set the file), answering 304 to a request whose If-None-Match or
 * If-Modified-Since still holds. A test serves one snapshot, then another (`serve`), and can make a path answer
 * badly instead (`misbehave`): another status, another body (HTML, a truncated file, gzip bytes), headers of its own (a
 * redirect's Location, Content-Encoding), or no answer at all ('hang').
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';

interface ServedFile {
  body: Buffer;
  etag: string;
  lastModified: string;
  contentType: string;
}

/** What a path answers instead of its file: a status and body of its own, or nothing (the request hangs). */
export type Misbehaviour = 'hang' | { status: number; body?: string | Buffer; contentType?: string; headers?: Record<string, string> };

/** One request the stand-in received. */
export interface UpstreamRequest {
  path: string;
  ifNoneMatch: string | null;
  ifModifiedSince: string | null;
  /** The status answered; null for a request left hanging. */
  status: number | null;
}

export interface StaticUpstreamStandIn {
  /** Base URL, no trailing slash ("http://127.0.0.1:41234"). */
  url: string;
  /** Serves these files from now on (path under the base, "2025-26/en.1.json" -> contents); other paths 404. */
  serve(files: Record<string, string | Buffer>): void;
  /** Makes `path` answer so (every request until `behave`); the file stays, to be served again afterwards. */
  misbehave(path: string, how: Misbehaviour): void;
  behave(path?: string): void;
  /** Every request so far, oldest first. */
  readonly requests: UpstreamRequest[];
  close(): Promise<void>;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('hex').slice(0, 20)}"`;

export async function startStaticUpstream(): Promise<StaticUpstreamStandIn> {
  let files = new Map<string, ServedFile>();
  const misbehaving = new Map<string, Misbehaviour>();
  const requests: UpstreamRequest[] = [];
  // Last-Modified has whole seconds: each serve() moves it on by at least one, so that a new file is never "not modified".
  let clock = Math.floor(Date.now() / 1000) * 1000;

  const server = http.createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://stand-in').pathname).replace(/^\/+/, '');
    const record: UpstreamRequest = {
      path,
      ifNoneMatch: req.headers['if-none-match'] ?? null,
      ifModifiedSince: req.headers['if-modified-since'] ?? null,
      status: null,
    };
    requests.push(record);
    const how = misbehaving.get(path);
    if (how === 'hang') return; // no answer: the socket stays open until the client gives up or the server closes
    if (how) {
      record.status = how.status;
      res.writeHead(how.status, { 'content-type': how.contentType ?? 'text/plain; charset=utf-8', ...how.headers });
      res.end(how.body ?? '');
      return;
    }
    const file = files.get(path);
    if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
      record.status = 404;
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('404: Not Found');
      return;
    }
    const validators = { etag: file.etag, 'last-modified': file.lastModified, 'cache-control': 'max-age=300' };
    const matches = record.ifNoneMatch
      ? record.ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)
      : record.ifModifiedSince !== null && Date.parse(record.ifModifiedSince) >= Date.parse(file.lastModified);
    if (matches) {
      record.status = 304;
      res.writeHead(304, validators);
      res.end();
      return;
    }
    record.status = 200;
    res.writeHead(200, { ...validators, 'content-type': file.contentType, 'content-length': String(file.body.length) });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    serve(next) {
      clock = Math.max(clock + 1000, Math.floor(Date.now() / 1000) * 1000);
      const lastModified = new Date(clock).toUTCString();
      files = new Map(
        Object.entries(next).map(([path, contents]) => {
          const body = Buffer.isBuffer(contents) ? contents : Buffer.from(contents);
          // raw.githubusercontent.com sends every file as text/plain
          return [path.replace(/^\/+/, ''), { body, etag: etagOf(body), lastModified, contentType: 'text/plain; charset=utf-8' }];
        }),
      );
    },
    misbehave(path, how) {
      misbehaving.set(path.replace(/^\/+/, ''), how);
    },
    behave(path) {
      if (path === undefined) misbehaving.clear();
      else misbehaving.delete(path.replace(/^\/+/, ''));
    },
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
