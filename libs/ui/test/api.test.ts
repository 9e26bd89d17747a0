import { apiGet, apiSend, discardBody } from '../src/api';

/** Every reply body is read (an unread one keeps the request open in the browser). */
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

describe('apiGet starts its request in a task of its own', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    delete (globalThis as { scheduler?: unknown }).scheduler;
    jest.resetModules();
  });

  it('after the task that asked (a MessageChannel message where there is no scheduler.yield)', async () => {
    const { apiGet: read } = await import('../src/api');
    const order: string[] = [];
    global.fetch = jest.fn(async () => {
      order.push('fetch');
      return new Response('{"id":1}', { status: 200 });
    }) as typeof fetch;
    const reply = read('/api/leagues');
    // what else the asking task does (the rest of a commit's layout effects) comes first
    order.push('rest of the task');
    await Promise.resolve();
    order.push('microtasks of the task');
    expect(order).toEqual(['rest of the task', 'microtasks of the task']);
    await expect(reply).resolves.toEqual({ id: 1 });
    expect(order).toEqual(['rest of the task', 'microtasks of the task', 'fetch']);
  });

  it('through scheduler.yield where the browser has it', async () => {
    const yielded = jest.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yielded };
    const { apiGet: read } = await import('../src/api');
    global.fetch = jest.fn(async () => new Response('{"id":2}', { status: 200 })) as typeof fetch;
    await expect(read('/api/leagues')).resolves.toEqual({ id: 2 });
    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
