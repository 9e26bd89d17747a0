import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/**
 * A throwaway self-signed TLS certificate (P-256, ECDSA with SHA-256) for a stand-in server on loopback,
 * made at run time so no private key lives in the repository. The certificate is its own CA (basic
 * constraints CA:TRUE), so a client trusts it by passing its PEM as `ca`.
 */
export interface SelfSignedCertificate {
  /** PEM of the certificate: give it to a client as `ca`. */
  cert: string;
  /** PEM (PKCS#8) of its private key: give it to the server as `key`. */
  key: string;
}

// ---- the few DER encodings an X.509 certificate needs (ITU-T X.690) ----

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const explicit = (n: number, item: Buffer) => tlv(0xa0 + n, item);
const octetString = (content: Buffer) => tlv(0x04, content);
const bitString = (content: Buffer) => tlv(0x03, Buffer.from([0]), content);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));

function integer(value: Buffer): Buffer {
  // DER integers are signed and minimal: one leading zero when the top bit is set.
  let start = 0;
  while (start < value.length - 1 && value[start] === 0 && (value[start + 1]! & 0x80) === 0) start += 1;
  const trimmed = value.subarray(start);
  return tlv(0x02, (trimmed[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift((value % 128) | (groups.length > 0 ? 0x80 : 0));
      if (value < 128) break;
    }
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime (years before 2050, RFC 5280 §4.1.2.5.1): YYMMDDHHMMSSZ. */
function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return tlv(0x17, Buffer.from(text, 'ascii'));
}

const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';
const BASIC_CONSTRAINTS = '2.5.29.19';
const KEY_USAGE = '2.5.29.15';
const SUBJECT_ALT_NAME = '2.5.29.17';

/** A certificate for 127.0.0.1, ::1 and localhost, valid from a day ago for `days` days. */
export function selfSignedCertificate(options: { commonName?: string; days?: number } = {}): SelfSignedCertificate {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const name = sequence(set(sequence(oid(COMMON_NAME), utf8(options.commonName ?? 'Matchday test server'))));
  const algorithm = sequence(oid(ECDSA_WITH_SHA256));
  const serial = randomBytes(12);
  serial[0] = serial[0]! & 0x7f;
  const day = 24 * 3600 * 1000;
  const notBefore = new Date(Date.now() - day);
  const notAfter = new Date(Date.now() + (options.days ?? 30) * day);
  const altNames = sequence(
    tlv(0x87, Buffer.from([127, 0, 0, 1])),
    tlv(0x87, Buffer.concat([Buffer.alloc(15), Buffer.from([1])])),
    tlv(0x82, Buffer.from('localhost', 'ascii')),
  );
  const extensions = sequence(
    sequence(oid(BASIC_CONSTRAINTS), boolean(true), octetString(sequence(boolean(true)))),
    // digitalSignature (bit 0) and keyCertSign (bit 5): 0b10000100, the 2 unused low bits declared
    sequence(oid(KEY_USAGE), boolean(true), octetString(tlv(0x03, Buffer.from([2, 0x84])))),
    sequence(oid(SUBJECT_ALT_NAME), octetString(altNames)),
  );
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(serial),
    algorithm,
    name,
    sequence(utcTime(notBefore), utcTime(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, extensions),
  );
  const certificate = sequence(tbs, algorithm, bitString(sign('sha256', tbs, privateKey)));
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${base64.replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
