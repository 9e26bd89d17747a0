/**
 * Non-interactive sign-in through the gateway and the development OpenID Connect provider:
 * follows the real authorization-code flow with fetch (manual redirects, a small cookie jar)
 * and returns the Cookie header that carries the gateway session.
 *
 *   const cookie = await signInThroughDevProvider('http://localhost:8080', 'alice@example.com');
 *   await fetch('http://localhost:8080/api/auth/user', { headers: { cookie } });
 */
export interface DevSignInOptions {
  firstName?: string;
  lastName?: string;
  /** Called before each redirect is followed, with the gateway's cookies at that moment (tests trace the session id). */
  onRedirect?: (next: URL, gatewayCookies: string) => void;
  /** The page the sign-in starts from (GET /auth/google?returnTo=...); the flow ends where the gateway then sends it. */
  returnTo?: string;
  /** Called with where the gateway sent the browser once signed in (path and query). */
  onLanded?: (path: string) => void;
}

const isGatewayCookie = (name: string) => name.startsWith('matchday');

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(filter?: (name: string) => boolean): string {
    return [...this.cookies]
      .filter(([name]) => !filter || filter(name))
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
  }
}

export async function signInThroughDevProvider(gatewayUrl: string, email: string, options: DevSignInOptions = {}): Promise<string> {
  const jar = new CookieJar();
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    jar.store(response);
    return response;
  };
  const start = new URL('/auth/google', gatewayUrl);
  if (options.returnTo !== undefined) start.searchParams.set('returnTo', options.returnTo);
  let url = start.toString();
  let response = await request(url);
  let formAction: string | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const from = new URL(url);
      url = new URL(location, url).toString();
      options.onRedirect?.(new URL(url), jar.header(isGatewayCookie));
      const next = new URL(url);
      const path = `${next.pathname}${next.search}`;
      if (next.origin === new URL(gatewayUrl).origin && next.pathname === '/login') throw new Error(`Dev sign-in: refused (${path})`);
      // signed in: the gateway's callback sends the browser to / or to the page the sign-in started from
      if (next.origin === new URL(gatewayUrl).origin && (next.pathname === '/' || from.pathname === '/auth/callback')) {
        options.onLanded?.(path);
        return jar.header(isGatewayCookie);
      }
      response = await request(url);
      continue;
    }
    if (response.status === 200 && !formAction) {
      const html = await response.text();
      const match = /<form method="post" action="([^"]+)"/.exec(html);
      if (!match) throw new Error(`Dev sign-in: no sign-in form at ${url}`);
      formAction = new URL(match[1]!.replace(/&#47;/g, '/'), url).toString();
      const body = new URLSearchParams({ email, firstName: options.firstName ?? '', lastName: options.lastName ?? '' });
      response = await request(formAction, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      url = formAction;
      continue;
    }
    throw new Error(`Dev sign-in: unexpected ${response.status} at ${url}: ${(await response.text()).slice(0, 300)}`);
  }
  throw new Error('Dev sign-in: too many redirects');
}
