// The one logger factory: structured JSON lines (pino) with every place a secret could travel
// through a log call censored, so a careless `logger.info({ req })` cannot leak a token.
import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from './config.ts';

export type { Logger } from 'pino';

/**
 * Paths censored wherever they appear (pino's redaction is path-based, so the usual carriers are
 * listed at the top level and one level down: `{ req: { headers } }`, `{ account: { ... } }`).
 */
export const REDACTED_PATHS: readonly string[] = [
  'token',
  'authToken',
  'auth_token',
  'password',
  'secret',
  'secretKey',
  'credentials',
  'credentialsEncrypted',
  'cookie',
  'authorization',
  '*.token',
  '*.authToken',
  '*.auth_token',
  '*.password',
  '*.secret',
  '*.secretKey',
  '*.credentials',
  '*.credentialsEncrypted',
  '*.cookie',
  '*.authorization',
  'headers["x-auth-token"]',
  'headers.auth_token',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers["x-auth-token"]',
  '*.headers.auth_token',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
];

export interface LoggerOptions {
  level: Config['logLevel'];
  /** Where lines go; standard output unless told otherwise (the CLI logs to stderr). */
  destination?: DestinationStream | NodeJS.WritableStream;
  /** Fields on every line, e.g. `{ service: 'fantasy-data' }`. */
  base?: Record<string, unknown>;
}

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: options.base ?? { service: 'fantasy-data' },
      redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
      timestamp: isoTimeField(),
    },
    options.destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

/**
 * pino's isoTime field (`,"time":"2026-11-25T12:38:03.042Z"`) for a millisecond (now, when not
 * given), from its second's part made once per second. The access log asks for it on every line.
 * Kept because it pays: `toISOString` costs about 7,000 instructions a call (V8 formats it through
 * its printf; callgrind, 9% of a cached answer's instructions), where this costs one template.
 */
export function isoTimeField(): (now?: number) => string {
  let second = NaN;
  let head = '';
  return (now = Date.now()) => {
    const at = Math.floor(now / 1000);
    if (at !== second) {
      const iso = new Date(at * 1000).toISOString();
      // Past year 9999 (or before year 0) the year has six digits and a sign: no shortcut.
      if (iso.length !== 24) return `,"time":"${new Date(now).toISOString()}"`;
      second = at;
      head = `,"time":"${iso.slice(0, 20)}`;
    }
    const milli = now - at * 1000;
    return `${head}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z"`;
  };
}

/** A logger that drops everything, for tests and library use. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
