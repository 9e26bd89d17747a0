import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

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

/**
 * The process's level, set once at start-up from its checked configuration (LOG_LEVEL, see logLevelOf).
 * Until then (code run in-process by tests) loggers are silent, except those given a destination.
 */
let processLevel: LogLevel | undefined;

export function setLogLevel(level: LogLevel): void {
  processLevel = level;
}

/** A process's logger (JSON lines on stdout, or `destination` in tests). */
export function createLogger(name: string, destination?: pino.DestinationStream): Logger {
  const level = processLevel ?? (destination ? 'info' : 'silent');
  const options: pino.LoggerOptions = {
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
