import pino, { type Logger } from 'pino';

export type { Logger };

/** Never written to a log line, on the gateway or on a service: session cookies, credentials, identity tokens. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-matchday-identity"]',
  'req.headers["proxy-authorization"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["x-matchday-identity"]',
];

/** A process's logger (JSON lines on stdout, or `destination` in tests). */
export function createLogger(name: string, destination?: pino.DestinationStream): Logger {
  const level = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' && !destination ? 'silent' : 'info');
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
