/**
 * The development OpenID Connect provider (src/provider.ts) as a process of its own.
 *
 * Environment: DEV_OIDC_PORT (required), DEV_OIDC_ISSUER (default http://localhost:PORT),
 * DEV_OIDC_CLIENT_ID, DEV_OIDC_CLIENT_SECRET, DEV_OIDC_REDIRECT_URI (the gateway's /connect/google/callback).
 */
import { listenDevProvider } from './provider';

const port = Number(process.env.DEV_OIDC_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('DEV_OIDC_PORT is required');
const redirectUri = process.env.DEV_OIDC_REDIRECT_URI;
if (!redirectUri) throw new Error('DEV_OIDC_REDIRECT_URI is required');

void listenDevProvider({
  port,
  issuer: process.env.DEV_OIDC_ISSUER,
  clientId: process.env.DEV_OIDC_CLIENT_ID,
  clientSecret: process.env.DEV_OIDC_CLIENT_SECRET,
  redirectUri,
}).then(({ issuer }) => console.log(JSON.stringify({ level: 30, service: 'dev-oidc', msg: 'listening', issuer })));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
// started by a launcher with an IPC channel: stop when it is gone (see listen() in libs/server)
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => process.exit(0));
}
