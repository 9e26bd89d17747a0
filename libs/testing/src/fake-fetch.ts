/**
 * A stand-in for fetch in the remotes' API tests: answers each call with the next reply given, and keeps what
 * was asked. Imported by path (`@matchday/testing/src/fake-fetch`), apart from the service helpers of this package.
 */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export function fakeFetch(...replies: Array<{ status: number; body?: unknown }>) {
  const sent: SentRequest[] = [];
  const queue = [...replies];
  const fetch = jest.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'https://matchday.test');
    const text = typeof init.body === 'string' ? init.body : undefined;
    sent.push({
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    });
    const reply = queue.shift();
    if (!reply) throw new TypeError('Failed to fetch');
    const payload = reply.body === undefined ? null : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(payload, { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  global.fetch = fetch as typeof global.fetch;
  return { sent, fetch };
}
