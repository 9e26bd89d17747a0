import { isIP } from 'node:net';

/**
 * Whether a server process may send a request to a URL it was handed by someone else (a push subscription's endpoint,
 * a redirect's Location): only https on the default port, addressed by a name among `hosts` (`*.example.com` covers
 * subdomains), never an IP address (loopback, private, link-local, IPv4-mapped, or any other) nor a local name,
 * whatever `hosts` says. `testOrigins` (exact origins, a test-only setting refused in production) is the one exception,
 * through which tests reach a stand-in on loopback.
 */
export interface OutboundRules {
  hosts: readonly string[];
  testOrigins: readonly string[];
}

/** Why the URL is refused, or null when it may be requested. */
export type OutboundRefusal = 'not-a-url' | 'ip-address' | 'local-name' | 'not-https' | 'unknown-host';

/** A host that names this machine or a private network however it is written. */
function internalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || !host.includes('.');
}

export function outboundRefusal(target: string, rules: OutboundRules): OutboundRefusal | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'not-a-url';
  }
  if (rules.testOrigins.includes(url.origin) && !url.username && !url.password) return null;
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) return 'ip-address';
  if (internalHost(url.hostname)) return 'local-name';
  if (url.protocol !== 'https:') return 'not-https';
  if (url.username || url.password || url.port) return 'unknown-host';
  const host = url.hostname.toLowerCase();
  const known = rules.hosts.some((allowed) => (allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed));
  return known ? null : 'unknown-host';
}
