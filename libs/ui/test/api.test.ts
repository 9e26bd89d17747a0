import { apiGet, apiSend, discardBody } from '../src/api';

/** Issue 11 item 14: every reply body is read (an unread one keeps the request open in the browser). */
describe('fetch paths read every reply body', () => {
  const realFetch = global.fetch;
  let replies: Response[] = [];
  const replyWith = (status: number, body: string) => {
    global.fetch = jest.fn(async () => {
      const response = new Response(body, { status, headers: { 'content-type': 'application/json' } });
      replies.push(response);
      return response;
    }) as typeof fetch;
  };
  beforeEach(() => {
    replies = [];
  });
  afterAll(() => {
    global.fetch = realFetch;
  });

  it('apiGet reads the body of a 401 (signed out: /api/auth/user) and resolves to null', async () => {
    replyWith(401, '{"message":"Not signed in"}');
    await expect(apiGet('/api/auth/user')).resolves.toBeNull();
    expect(replies).toHaveLength(1);
    expect(replies[0]!.bodyUsed).toBe(true);
  });

  it('apiGet reads the body of a 200 and of an error reply', async () => {
    replyWith(200, '{"id":1}');
    await expect(apiGet('/api/auth/user')).resolves.toEqual({ id: 1 });
    replyWith(503, '{"message":"down"}');
    await expect(apiGet('/api/leagues')).rejects.toThrow('503: {"message":"down"}');
    expect(replies.map((r) => r.bodyUsed)).toEqual([true, true]);
  });

  it('apiSend reads the body of an error reply', async () => {
    replyWith(409, '{"message":"already"}');
    await expect(apiSend('POST', '/api/referral/apply', {})).rejects.toThrow('already');
    expect(replies[0]!.bodyUsed).toBe(true);
  });

  it('discardBody reads a body to its end and never throws, even when it was read already', async () => {
    const response = new Response('x'.repeat(100_000), { status: 404 });
    await discardBody(response);
    expect(response.bodyUsed).toBe(true);
    await expect(discardBody(response)).resolves.toBeUndefined();
  });
});
