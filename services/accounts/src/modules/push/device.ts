import { ECDH } from 'node:crypto';
import { outboundRefusal, type OutboundRefusal } from '@matchday/server';

/** What decides whether the server may POST to an endpoint (AccountsConfig's push settings). */
export interface EndpointRules {
  /** Host names push endpoints may have; `*.example.com` covers subdomains. */
  pushEndpointHosts: readonly string[];
  /**
   * Exact origins (scheme, host, port) accepted whatever their host: the test-only allowance through which tests
   * reach a stand-in push service on loopback (PUSH_TEST_ORIGINS, refused in production). Empty otherwise.
   */
  pushTestOrigins: readonly string[];
}

/** The bytes of a P-256 public key as browsers give it (uncompressed: 0x04, x, y) and of the auth secret (RFC 8291). */
export const P256DH_BYTES = 65;
export const AUTH_BYTES = 16;

/** Why `p256dh` (base64url) is not an uncompressed point on P-256, or null when it is one. */
export function p256dhProblem(text: string): string | null {
  const p256dh = Buffer.from(text, 'base64url');
  if (p256dh.length !== P256DH_BYTES) return `wrong length: must be ${P256DH_BYTES} bytes, got ${p256dh.length}`;
  if (p256dh[0] !== 0x04) return 'must be an uncompressed P-256 point (first byte 0x04)';
  try {
    // OpenSSL refuses a point that is not on the curve
    ECDH.convertKey(p256dh, 'prime256v1');
  } catch {
    return 'not a point on the P-256 curve';
  }
  return null;
}

/** Why `auth` (base64url) is not a 16-byte secret, or null when it is one. */
export function authProblem(text: string): string | null {
  const auth = Buffer.from(text, 'base64url');
  return auth.length === AUTH_BYTES ? null : `wrong length: must be ${AUTH_BYTES} bytes, got ${auth.length}`;
}

/**
 * The endpoint as it is stored and compared: WHATWG URL serialisation, which lowercases the scheme and the host,
 * drops a default port and writes numeric hosts in their one canonical form (`http://0x7f.1/` is `http://127.0.0.1/`).
 */
export function normaliseEndpoint(endpoint: string): string {
  return new URL(endpoint).href;
}

/**
 * Why the server may not send to this endpoint, or null when it may. The server POSTs to whatever URL a
 * subscription names, so only the browsers' push services (PUSH_ENDPOINT_HOSTS) over https on the default port,
 * addressed by name: an IP address (loopback, private, link-local, IPv4-mapped, or any other) and local names are
 * refused in every mode, whatever PUSH_ENDPOINT_HOSTS says. The test allowance (exact origins) is the one exception.
 * The rule is the one of every URL a server is handed (@matchday/server outboundRefusal).
 */
export function endpointProblem(endpoint: string, rules: EndpointRules): string | null {
  const refusal = outboundRefusal(endpoint, { hosts: rules.pushEndpointHosts, testOrigins: rules.pushTestOrigins });
  return refusal === null ? null : ENDPOINT_REFUSALS[refusal];
}

const ENDPOINT_REFUSALS: Readonly<Record<OutboundRefusal, string>> = {
  'not-a-url': 'endpoint: must be an http(s) URL',
  'ip-address': 'endpoint: an IP address is never a push service',
  'local-name': 'endpoint: a local host name is never a push service',
  'not-https': 'endpoint: must be an https URL',
  'unknown-host': 'endpoint: not a known push service',
};
