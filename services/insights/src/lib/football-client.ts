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

/**
 * `baseUrl` may be a function (resolved at each call); `npm start` and production give insights
 * FOOTBALL_URL.
 */
export function httpFootballClient(baseUrl: string | (() => string | null), secret: string | (() => string)): FootballClient {
  return {
    async get<T>(pathAndQuery: string): Promise<T> {
      const base = typeof baseUrl === 'function' ? baseUrl() : baseUrl;
      if (!base) throw new FootballUnavailable('Football service address unknown (set FOOTBALL_URL)');
      const token = await signIdentity({ scope: 'internal', isAdmin: false }, typeof secret === 'function' ? secret() : secret, 'football');
      let response: Response;
      try {
        response = await fetch(`${base}${pathAndQuery}`, { headers: { 'x-matchday-identity': token } });
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

/** The football service's address: FOOTBALL_URL (set by `npm start`, and in production). */
export function footballUrlFromEnvironment(env: NodeJS.ProcessEnv = process.env): () => string | null {
  return () => (env.FOOTBALL_URL ? env.FOOTBALL_URL.replace(/\/$/, '') : null);
}
