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
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination ?? pino.destination({ fd: 1, sync: true }),
  );
}

/** A logger that drops everything, for tests and library use. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
