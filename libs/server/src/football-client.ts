import { HttpError } from './errors';
import { signIdentity } from './identity';

/** The football service as the other services see it (insights, accounts): its internal reads, over HTTP with an identity token. */
export interface FootballClient {
  /** A JSON read. */
  get<T>(pathAndQuery: string): Promise<T>;
  /** A text read (a calendar feed), with its content type. */
  getText(pathAndQuery: string): Promise<{ text: string; contentType: string }>;
}

export class FootballUnavailable extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

/** The football service at `baseUrl` (FOOTBALL_URL: `npm start` and production set it), with identity tokens signed by `secret`. */
export function httpFootballClient(baseUrl: string, secret: string): FootballClient {
  async function read(pathAndQuery: string): Promise<Response> {
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
    return response;
  }
  return {
    async get<T>(pathAndQuery: string): Promise<T> {
      return (await (await read(pathAndQuery)).json()) as T;
    },
    async getText(pathAndQuery: string) {
      const response = await read(pathAndQuery);
      return { text: await response.text(), contentType: response.headers.get('content-type') ?? 'text/plain' };
    },
  };
}

/** No football address configured: every read fails as the football service being unavailable (502). */
const noAddress = () => Promise.reject(new FootballUnavailable('Football service address unknown (set FOOTBALL_URL)'));
export const footballWithoutAddress: FootballClient = { get: noAddress, getText: noAddress };
