/**
 * What the frontends' build writes br and gzip siblings for (scripts/lib/build.ts) and the gateway serves them
 * from (static.ts, cache/compression.ts). It imports nothing: the `npm start` launcher runs that build step,
 * and reaching these two constants through the gateway's modules loaded Koa, koa-send and pino into it.
 */

/** Answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Build outputs that have precompressed `.br` and `.gz` siblings (written after webpack by
 * scripts/lib/build.ts, for `npm run build` and `npm run deploy` alike); koa-send picks the sibling the
 * client accepts, br before gzip, and the file itself otherwise.
 */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest'];
