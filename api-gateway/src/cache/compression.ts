import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';
import compression from 'compression';
import type Koa from 'koa';
import { COMPRESS_THRESHOLD_BYTES } from '@matchday/contracts';

/** The content codings the gateway sends, in its order of preference. */
export const CONTENT_CODINGS = ['br', 'gzip'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** Encoded forms of one body, made once (a cached answer keeps them beside its identity bytes). */
export type EncodedBodies = Partial<Record<ContentCoding, Buffer>>;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The br and gzip forms of a body of COMPRESS_THRESHOLD_BYTES or more (none below it, and none that is
 * not smaller). Made once per cached answer, off the event loop (zlib's thread pool), so it affords a
 * little more effort than the per-request compression of uncached answers.
 */
export async function encodeBody(body: Buffer): Promise<EncodedBodies> {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return {};
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip(body, { level: 6 }),
  ]);
  const encoded: EncodedBodies = {};
  if (br.length < body.length) encoded.br = br;
  if (gz.length < body.length) encoded.gzip = gz;
  return encoded;
}

/**
 * Part of the gateway's warm-up: one small body through each of zlib's br and gzip streams, the kinds `compression`
 * makes per answer. The first brotli stream of a process costs ~4.6 ms against ~1 ms for the next (its encoder's
 * set-up; measured with node:zlib on a 5 KB calendar-like body), which the first compressed answer after a start
 * paid: the warm-up's own requests are answered below COMPRESS_THRESHOLD_BYTES and never reach it.
 */
export async function warmCompression(): Promise<void> {
  const sample = Buffer.from('BEGIN:VEVENT\r\nSUMMARY:Home v Away\r\nEND:VEVENT\r\n'.repeat(64));
  const through = (stream: zlib.BrotliCompress | zlib.Gzip) =>
    new Promise<void>((resolve) => {
      stream
        .on('data', () => undefined)
        .once('end', resolve)
        .once('error', () => resolve());
      stream.end(sample);
    });
  await through(zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
  await through(zlib.createGzip());
}

/** The coding to send: br, else gzip, when the client accepts it and that form exists; null for identity. */
export function chooseCoding(req: IncomingMessage, available: EncodedBodies): ContentCoding | null {
  let accept: accepts.Accepts | undefined;
  for (const coding of CONTENT_CODINGS) {
    if (!available[coding]) continue;
    accept ??= accepts(req);
    if (accept.encoding(coding) === coding) return coding;
  }
  return null;
}

/**
 * Compresses, per request, whatever leaves the gateway without a Content-Encoding yet: JSON the gateway
 * writes itself and the services' answers it streams through (the proxy writes to the raw response, so
 * this works on `res` rather than on ctx.body), at COMPRESS_THRESHOLD_BYTES or more, br before gzip, with
 * `Vary: Accept-Encoding`. Answers already encoded (precompressed files, cached answers) pass untouched.
 */
export function compressAnswers(): Koa.Middleware {
  const compress = compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    // A live stream goes out event by event: compression would hold events back in its buffer.
    filter: (req, res) => !String(res.getHeader('content-type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
  });
  type Req = Parameters<typeof compress>[0];
  type Res = Parameters<typeof compress>[1];
  return (ctx, next) => {
    compress(ctx.req as Req, ctx.res as Res, () => undefined);
    return next();
  };
}
