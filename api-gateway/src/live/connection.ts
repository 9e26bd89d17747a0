import type { IncomingMessage, ServerResponse } from 'node:http';
import { Connection } from 'better-sse';

/** The gateway's streams read no query parameter (better-sse looks for `padding` and `evs_preamble`): one URL for all. */
const NO_PARAMETERS = new URL('http://gateway/api/live/stream');
/** Never read (the gateway serves Node requests, not Fetch ones): one for all. */
const NO_RESPONSE = new Response(null);

/**
 * A stream's connection for better-sse (its documented extension point, `new Session(connection, options)`),
 * writing straight to Node's response. better-sse's own Node adapter builds per stream a URL, a Fetch Request with
 * a copy of every request header (the session cookie included) and a Fetch Response with its headers, none of which
 * the gateway reads: several KB per open stream (bench/live.ts). This keeps only what a session uses: a signal that
 * fires when the client goes, the head, the chunks.
 */
export class NodeStreamConnection extends Connection {
  readonly url = NO_PARAMETERS;
  readonly response = NO_RESPONSE;
  readonly request: Request;
  private readonly controller = new AbortController();

  constructor(
    private readonly req: IncomingMessage,
    private readonly res: ServerResponse,
    private readonly headers: Readonly<Record<string, string>>,
  ) {
    super();
    req.once('close', this.onClose);
    res.once('close', this.onClose);
    // Only `signal` is read (the session's disconnect), and `headers` when a client's event id is trusted, which the
    // gateway never does (it reads Last-Event-ID itself): a stand-in instead of a Fetch Request with every header.
    this.request = { signal: this.controller.signal, headers: new Headers() } as unknown as Request;
  }

  private onClose = () => {
    this.controller.abort();
  };

  sendHead = () => {
    // headers set before (the security headers, the request id) go out with these
    this.res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'keep-alive', pragma: 'no-cache', ...this.headers });
  };

  sendChunk = (chunk: string) => {
    this.res.write(chunk);
  };

  cleanup = () => {
    this.req.removeListener('close', this.onClose);
    this.res.removeListener('close', this.onClose);
  };
}
