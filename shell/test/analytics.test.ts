import { reportPageView } from '../src/lib/analytics';

const config = { endpoint: 'https://stats.example.org/api/event', domain: 'matchday.app' };
const view = { url: 'https://matchday.app/standings', referrer: 'https://matchday.app/' };

afterEach(() => jest.restoreAllMocks());

describe('page-path reporting (spec §7)', () => {
  it('POSTs one Plausible-style page view as text/plain, without cookies, that outlives the page', async () => {
    const send = jest.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response(null, { status: 202 }));
    expect(await reportPageView(config, view, send as typeof fetch)).toBe(true);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe(config.endpoint);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'content-type': 'text/plain' } });
    expect(JSON.parse(String(init!.body))).toEqual({
      name: 'pageview',
      url: 'https://matchday.app/standings',
      domain: 'matchday.app',
      referrer: 'https://matchday.app/',
    });
  });

  it('a network failure or an error status is a console warning only: nothing is thrown', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(reportPageView(config, view, refused as unknown as typeof fetch)).resolves.toBe(false);
    const failing = jest.fn(async () => new Response('nope', { status: 500 }));
    await expect(reportPageView(config, view, failing as unknown as typeof fetch)).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]).toEqual(['Analytics: page view not reported', 'Failed to fetch']);
    expect(warn.mock.calls[1]).toEqual(['Analytics: page view not reported', 'HTTP 500']);
  });
});
