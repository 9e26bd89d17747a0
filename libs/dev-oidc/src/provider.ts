/**
 * Development OpenID Connect provider (panva's oidc-provider) on loopback, used when no Google client
 * is configured. The gateway runs the same grant-koa code path against it as against Google.
 *
 * Sign in as anyone: the interaction page is a "Sign in as" form (e-mail, first and last name).
 * Non-interactively, a script follows the redirects and POSTs `email` (and optionally `firstName`,
 * `lastName`) to the form's action; see scripts/dev-login.ts and libs/dev-oidc/src/sign-in.ts.
 *
 * `npm start` runs it inside its launcher (one Node process less: ~45 MB of the stack's resident memory);
 * src/server.ts runs it as a process of its own (the tests' stacks). Either way oidc-provider is loaded at the first
 * request to it, not at start (listenDevProvider).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { OidcContext } from 'oidc-provider';
import { defaultNames, escapeHtml } from './profile';

export interface DevProviderOptions {
  port: number;
  /** Default http://localhost:PORT. */
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
  /** The gateway's /connect/google/callback. */
  redirectUri: string;
}

export interface RunningDevProvider {
  issuer: string;
  close(): Promise<void>;
}

async function readForm(req: NodeJS.ReadableStream): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) {
    raw += String(chunk);
    if (raw.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(raw);
}

function page(uid: string, error?: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Matchday dev sign-in</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#1e293b;padding:2rem;border-radius:12px;display:grid;gap:.75rem;min-width:18rem}label{display:grid;gap:.25rem;font-size:.9rem}
input{padding:.5rem;border-radius:6px;border:1px solid #475569;background:#0f172a;color:inherit}button{padding:.6rem;border:0;border-radius:6px;background:#22c55e;color:#052e16;font-weight:600;cursor:pointer}
p{margin:0;color:#94a3b8;font-size:.85rem}.error{color:#fca5a5}</style></head><body>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
<h1>Sign in as</h1><p>Development identity provider: any e-mail signs in.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label>E-mail<input name="email" type="email" required autofocus autocomplete="email"></label>
<label>First name<input name="firstName" autocomplete="given-name"></label>
<label>Last name<input name="lastName" autocomplete="family-name"></label>
<button type="submit">Sign in</button></form></body></html>`;
}

/**
 * Runs `make` (loading and constructing oidc-provider) with oidc-provider's start-up warnings gathered into one
 * line. On every `npm start` it printed three "oidc-provider WARNING" lines (Node 20 where it targets 22, its
 * in-memory store, its generated keys): all true of a development provider and all intended, but read by a
 * newcomer as errors. Other warnings pass through as they are.
 */
async function withQuickStartNotice<T>(make: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  const gathered: string[] = [];
  console.warn = (...args: unknown[]) => {
    const text = args.map(String).join(' ');
    const match = /oidc-provider WARNING: ([^,.(]+)/.exec(text);
    if (!match) warn(...args);
    else if (match[1]!.startsWith('Unsupported runtime')) gathered.push(`it targets Node 22 and runs on Node ${process.versions.node}`);
    else if (match[1]!.includes('in-memory adapter')) gathered.push('sign-ins are kept in memory');
    else if (match[1]!.includes('signing keys')) gathered.push('its signing keys are made when it is first used');
    else gathered.push(match[1]!.trim());
  };
  try {
    return await make();
  } finally {
    console.warn = warn;
    if (gathered.length > 0) console.info(`Development sign-in provider (oidc-provider, for development only): ${gathered.join('; ')}.`);
  }
}

/**
 * Builds the provider (not listening yet). oidc-provider is an ES module loaded with import(): the launcher is
 * CommonJS, and a bundled static import would hand it the module's namespace instead of its default export.
 */
export async function devProvider({
  port,
  issuer = `http://localhost:${port}`,
  clientId = 'matchday-dev',
  clientSecret = 'matchday-dev-secret-0123456789abcdef',
  redirectUri,
}: DevProviderOptions): Promise<Provider> {
  /** Accounts are keyed by e-mail; names typed into the form are remembered for the id_token. */
  const names = new Map<string, { firstName: string; lastName: string }>();

  const provider = await withQuickStartNotice(
    async () =>
      new (await import('oidc-provider')).default(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            response_types: ['code'],
            grant_types: ['authorization_code'],
          },
        ],
        claims: {
          openid: ['sub'],
          email: ['email', 'email_verified'],
          profile: ['name', 'given_name', 'family_name', 'picture'],
        },
        // Put email and names into the id_token, as Google does.
        conformIdTokenClaims: false,
        cookies: { keys: [clientSecret] },
        features: { devInteractions: { enabled: false } },
        interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
        async findAccount(_ctx: unknown, id: string) {
          const email = id.toLowerCase();
          const known = names.get(email) ?? defaultNames(email);
          return {
            accountId: email,
            async claims() {
              return {
                sub: email,
                email,
                email_verified: true,
                given_name: known.firstName,
                family_name: known.lastName,
                name: `${known.firstName} ${known.lastName}`.trim(),
              };
            },
          };
        },
        // First-party development client: no consent screen.
        async loadExistingGrant(ctx: OidcContext) {
          const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
          if (grantId) return ctx.oidc.provider.Grant.find(grantId);
          const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
          grant.addOIDCScope('openid email profile');
          await grant.save();
          return grant;
        },
        ttl: { Session: 3600, Interaction: 600, Grant: 3600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600 },
      }),
  );

  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(ctx.path);
    if (!match) return next();
    const uid = match[1]!;
    ctx.set('cache-control', 'no-store');
    if (ctx.method === 'GET' && !match[2]) {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (details.uid !== uid) ctx.throw(400, 'interaction mismatch');
      ctx.type = 'html';
      ctx.body = page(uid);
      return;
    }
    if (ctx.method === 'POST' && match[2]) {
      await provider.interactionDetails(ctx.req, ctx.res);
      const form = await readForm(ctx.req);
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        ctx.status = 400;
        ctx.type = 'html';
        ctx.body = page(uid, 'Enter a valid e-mail address');
        return;
      }
      const fallback = defaultNames(email);
      names.set(email, {
        firstName: form.get('firstName')?.trim() || fallback.firstName,
        lastName: form.get('lastName')?.trim() || fallback.lastName,
      });
      ctx.respond = false;
      await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: email } });
      return;
    }
    return next();
  });
  return provider;
}

/**
 * Listens on 127.0.0.1:port at once (resolves once it listens) and builds the provider at the first request to it:
 * oidc-provider and its Koa stack keep ~28 MB resident (measured in `npm start`'s launcher), and a stack that nobody
 * signs in to never needs them. The first sign-in waits for the build (its signing keys are made then); a failed
 * build answers 500, is logged, and is tried again at the next request.
 */
export async function listenDevProvider(options: DevProviderOptions): Promise<RunningDevProvider> {
  const issuer = options.issuer ?? `http://localhost:${options.port}`;
  let handler: Promise<(req: IncomingMessage, res: ServerResponse) => void> | undefined;
  const built = () =>
    (handler ??= devProvider({ ...options, issuer }).then(
      (provider) => provider.callback(),
      (error: unknown) => {
        handler = undefined;
        throw error;
      },
    ));
  const server = createServer((req, res) => {
    built().then(
      (handle) => handle(req, res),
      (error: unknown) => {
        console.error('Development sign-in provider could not start:', error);
        res.statusCode = 500;
        res.end('The development sign-in provider could not start (see the log).');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
