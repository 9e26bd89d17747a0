import { HttpError, signIdentity } from '@matchday/server';

/** The football service as insights sees it: its internal bulk reads, over HTTP with an identity token. */
export interface FootballClient {
  get<T>(pathAndQuery: string): Promise<T>;
}

export class FootballUnavailable extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

/** The football service at `baseUrl` (FOOTBALL_URL: `npm start` and production set it), with identity tokens signed by `secret`. */
export function httpFootballClient(baseUrl: string, secret: string): FootballClient {
  return {
    async get<T>(pathAndQuery: string): Promise<T> {
      const token = await signIdentity({ scope: 'internal', isAdmin: false }, secret, 'football');
      let response: Response;
      try {
        response = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { 'x-matchday-identity': token } });
      } catch {
        throw new FootballUnavailable('Football service unavailable');
      }
      if (response.status === 404 || response.status === 400) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new HttpError(response.status, body.message ?? 'Not found');
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new FootballUnavailable(`Football service answered ${response.status}`);
      }
      return (await response.json()) as T;
    },
  };
}

/** No football address configured: every read fails as the football service being unavailable (502). */
export const footballWithoutAddress: FootballClient = {
  get() {
    return Promise.reject(new FootballUnavailable('Football service address unknown (set FOOTBALL_URL)'));
  },
};
