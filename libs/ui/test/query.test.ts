import { apiQuery, errorDetail } from '../src/query';

/** One way to read the API; a query's key, reader and failure message live together. */
describe('apiQuery', () => {
  const realFetch = global.fetch;
  const replyWith = (status: number, body: string) => {
    global.fetch = jest.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  };
  afterAll(() => {
    global.fetch = realFetch;
  });

  const players = apiQuery<[teamId: string], number[]>((teamId) => `/api/players?teamId=${teamId}`, 'Failed to fetch players');

  it('builds its key from the arguments', () => {
    expect(players.key('7')).toBe('/api/players?teamId=7');
  });

  it('reads the reply; 401 is null', async () => {
    replyWith(200, '[1,2]');
    await expect(players.read(players.key('7'))).resolves.toEqual([1, 2]);
    replyWith(401, '{}');
    await expect(players.read(players.key('7'))).resolves.toBeNull();
  });

  it("fails with the query's message, the reply's 'status: body' as its cause", async () => {
    replyWith(503, 'down');
    const failure = await players.read(players.key('7')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe('Failed to fetch players');
    expect(errorDetail(failure)).toBe('503: down');
  });

  it("keeps apiGet's own error when the message is null", async () => {
    const dashboard = apiQuery<[], unknown>(() => '/api/admin/dashboard', null);
    replyWith(403, 'forbidden');
    await expect(dashboard.read(dashboard.key())).rejects.toThrow('403: forbidden');
  });

  it('maps the reply', async () => {
    const one = apiQuery<[], number[], number[] | number>(
      () => '/x',
      'Failed',
      (reply) => (Array.isArray(reply) ? reply : [reply]),
    );
    replyWith(200, '5');
    await expect(one.read('/api/x')).resolves.toEqual([5]);
  });
});
