// The only reader of process.env: parses the environment once into a frozen, typed Config and
// fails at start-up naming the bad variable.
import { resolve } from 'node:path';
import { parseLogo } from './domain/app-logo.ts';
import { parseOutcomeKeys } from './domain/connect-outcome.ts';
import { parseReturnOrigins } from './domain/return-url.ts';
import { hasHiddenCharacters } from './domain/shown-text.ts';
import {
  DEFAULT_WEBHOOK_CONCURRENCY,
  DEFAULT_WEBHOOK_ENDPOINT_CONCURRENCY,
  DEFAULT_WEBHOOK_RETENTION_DAYS,
} from './domain/webhooks.ts';
import { CONTRACT_SEASONS, defaultSeasons, seasonsBetween } from './domain/seasons.ts';
import type { SettingSpec } from './platforms/module.ts';
import { MODULES } from './platforms/registry.ts';
import type { PlatformSettings } from './platforms/registry.ts';
import { parseAllowedRanges } from './webhooks/address-guard.ts';

export interface Config {
  /** Interface the HTTP server binds to. */
  host: string;
  port: number;
  /** Folder holding the embedded SQLite store (and nothing else of value), absolute. */
  dataDir: string;
  /** Whether dataDir came from FANTASY_DATA_DIR; otherwise it is ./data of the current folder. */
  dataDirFromEnv: boolean;
  /** PostgreSQL URL; when set the store lives there instead of in SQLite under dataDir. */
  databaseUrl: string | undefined;
  /**
   * Redis URL; when set, per-token rate limits are shared between instances, syncs run as jobs on
   * a queue (BullMQ) and the platforms' request budgets are shared by every worker.
   */
  redisUrl: string | undefined;
  /** Requests per token per minute; 0 turns the limit off. */
  rateLimitPerMinute: number;
  /**
   * Failed authentications (admin keys, connect links and their form tokens, API tokens) one
   * client address may make per minute on each of these; past it the address gets 429 until the
   * minute ends (src/serving/auth-throttle.ts). 0 turns the limit off.
   */
  authFailuresPerMinute: number;
  /**
   * Link attempts over HTTP per platform in 15 minutes: of one connect session, and of one user
   * (connect pages and the admin API together); 0 turns either off (src/sync/link-attempts.ts).
   */
  linkAttemptsPerSession: number;
  linkAttemptsPerUser: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Under load, request log lines are written together at most this often (ms); a line after a
   * quiet spell is written at the end of its event-loop turn. 0: every turn
   * (src/http/wire/access-log.ts).
   */
  accessLogFlushMs: number;
  /**
   * Megabytes of memory the serving caches may hold (answers, pools and name indexes, league lists,
   * rosters), split in src/http/cache/index.ts; the process's ceiling is this plus what it needs at
   * rest (docs/performance.md, "Memory").
   */
  cacheMegabytes: number;
  /**
   * Minutes between scheduled re-syncs of every linked account; 0 turns the schedule off. A
   * re-sync reads only what can still change (finished seasons synced in full are left alone).
   */
  syncIntervalMinutes: number;
  /**
   * Seasons synced and served, by start year, ascending (SUPPORTED_SEASONS). Leagues of other
   * seasons stay in the store but are neither listed nor served.
   */
  supportedSeasons: readonly number[];
  /** With REDIS_URL: whether `serve` also runs a sync worker (false: only `worker` processes). */
  syncWorkerInServe: boolean;
  /** Account syncs one worker process runs at once (`worker --concurrency` overrides it). */
  syncWorkerConcurrency: number;
  /** Load the demo data into an empty store when the server starts. */
  demoOnEmpty: boolean;
  /**
   * Live refreshes (sync/live/): where syncs run (a worker, or serve without REDIS_URL), leagues
   * whose period is live are refreshed every liveRefreshSeconds (LIVE_REFRESH, on by default).
   */
  liveRefresh: boolean;
  /** The target cadence of a live league, in seconds (LIVE_REFRESH_SECONDS). */
  liveRefreshSeconds: number;

  /**
   * Load the most used pools and run every route once before listening (src/http/warm.ts).
   * Off by default: with it, RSS under a steady load settled 80-90 MB higher in the benchmark
   * (V8 set its old-space limit from the warm-up's peak), docs/performance.md.
   */
  warmUp: boolean;
  /** Key for encrypting platform credentials at rest (32 bytes, hex or base64). */
  secretKey: string | undefined;
  /**
   * Where users reach this service (https://data.example.com, no trailing slash): connect links
   * and the Yahoo OAuth callback are built on it. Unset: outside production, links use the address
   * the server listens on (never the request's Host, which the caller chooses); in production,
   * connect sessions are refused; and the hosted page does not offer Yahoo.
   */
  publicBaseUrl: string | undefined;
  /**
   * NODE_ENV=production: settings a newcomer's `npm start` can go without (PUBLIC_BASE_URL) are
   * then required where they are used, rather than guessed.
   */
  production: boolean;
  /**
   * The application the hosted connect page says it links accounts for (CONNECT_APP_NAME), so a
   * user sees whom they grant access to before signing in anywhere (RFC 6749 section 10.12).
   */
  connectAppName: string;
  /**
   * CONNECT_OUTCOME_KEYS: the keys of the connect page's signed outcome, the first signing (64 hex
   * digits each); more than one while applications move to a new one. Unset: one key derived from
   * the secret key (domain/connect-outcome.ts).
   */
  connectOutcomeKeys: readonly string[] | undefined;
  /** CONNECT_APP_LOGO: the application's logo on the connect page, a data: URI; unset: none. */
  connectAppLogo: string | undefined;
  /**
   * Origins a connect session's return_url may be on (CONNECT_RETURN_ORIGINS, comma-separated);
   * undefined: any absolute http(s) address.
   */
  connectReturnOrigins: readonly string[] | undefined;
  /**
   * Origins whose pages may call the public API from a browser (CORS_ORIGINS, exact origins);
   * empty: none (the default).
   */
  corsOrigins: readonly string[];
  /** Port of the separate /metrics listener; undefined: no metrics (0: any free port). */
  metricsPort: number | undefined;
  /** Interface the metrics listener binds to (loopback unless said otherwise). */
  metricsHost: string;
  /** When set, /metrics needs `Authorization: Bearer <key>`. */
  metricsKey: string | undefined;
  /** Webhook delivery and the admin API's bounds on it (docs/webhooks.md, docs/operations.md). */
  webhooks: WebhookSettings;
  platforms: PlatformSettings;
}

export interface WebhookSettings {
  /**
   * WEBHOOK_ALLOW_PRIVATE: CIDR ranges of loopback, private or link-local addresses webhooks may
   * reach; empty (the default): none, only public addresses.
   */
  allowPrivate: readonly string[];
  /** WEBHOOK_CONCURRENCY: posts one relay makes at once, all endpoints together. */
  concurrency: number;
  /** WEBHOOK_ENDPOINT_CONCURRENCY: posts at once to one endpoint, every relay together. */
  endpointConcurrency: number;
  /** WEBHOOK_MAX_ENDPOINTS: endpoints in use at once; creating one more answers 429. */
  maxEndpoints: number;
  /** WEBHOOK_REPLAYS_PER_MINUTE: replays and test events per endpoint per minute; 0: no bound. */
  replaysPerMinute: number;
  /** WEBHOOK_RETENTION_DAYS: days an event is kept once none of its deliveries is pending. */
  retentionDays: number;
}

/**
 * Where each platform is reached (tests point these at fakes on 127.0.0.1), its app keys and
 * budgets: the variables each platform's module declares (src/platforms/<name>/module.ts).
 */
export type { PlatformSettings } from './platforms/registry.ts';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

/** A Redis URL as it may be shown: scheme, host, port and database, never the credentials. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'redis://(unparseable url)';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === '' ? fallback : value;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  const value = Number(raw.trim());
  if (value < min || value > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(', ')})`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must be a URL starting with ${protocols.join(' or ')}`);
  }
  return raw;
}

function webUrl(env: Env, name: string, fallback: string): string {
  return url(env, name, ['http:', 'https:']) ?? fallback;
}

/**
 * Seasons before this are refused: no platform's API serves leagues that old, and a typo such as
 * 1017-2021 would otherwise turn every sync into a thousand upstream calls per sport.
 */
export const FIRST_SEASON_ALLOWED = 2000;

/** Daily: a single `npm start` keeps linked accounts' current seasons fresh with no setting. */
export const DEFAULT_SYNC_INTERVAL_MINUTES = 1440;

/**
 * SUPPORTED_SEASONS: a range of whole years FIRST-LAST (by the year each season starts), ending
 * no later than next year: a season that has not started yet has no leagues to sync.
 */
function seasonRange(env: Env, now: Date): readonly number[] {
  const name = 'SUPPORTED_SEASONS';
  const raw = optional(env, name);
  if (raw === undefined) return Object.freeze(defaultSeasons(now));
  const latest = now.getUTCFullYear() + 1;
  const expected = `a range of years FIRST-LAST from ${FIRST_SEASON_ALLOWED} to ${latest} such as ${CONTRACT_SEASONS.first}-${latest - 1}`;
  const match = /^\s*(\d{4})\s*-\s*(\d{4})\s*$/.exec(raw);
  if (match === null) throw new ConfigError(name, `must be ${expected}, got "${raw}"`);
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (first > last) {
    throw new ConfigError(name, `must start no later than it ends, got "${raw}"`);
  }
  if (first < FIRST_SEASON_ALLOWED || last > latest) {
    throw new ConfigError(name, `must be ${expected}, got "${raw}"`);
  }
  return Object.freeze(seasonsBetween(first, last));
}

/** One variable a platform module declares, read as it says. */
function setting(env: Env, spec: SettingSpec): string | number | undefined {
  switch (spec.kind) {
    case 'url':
      return webUrl(env, spec.env, spec.default);
    case 'text':
      return text(env, spec.env, spec.default);
    case 'optional':
      return optional(env, spec.env);
    case 'integer':
      return integer(env, spec.env, spec.default, spec.min, spec.max);
  }
}

/** Every platform module's variables, each module's rules between them checked. */
function platformSettings(env: Env): PlatformSettings {
  const values: Record<string, string | number | undefined> = {};
  for (const module of MODULES) {
    const own: Record<string, string | number | undefined> = {};
    for (const [key, spec] of Object.entries(module.settings)) own[key] = setting(env, spec);
    const problem = module.checkSettings?.(own);
    if (problem !== undefined) throw new ConfigError(problem.variable, problem.message);
    Object.assign(values, own);
  }
  return values as PlatformSettings;
}

function publicBaseUrl(env: Env): string | undefined {
  const raw = url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']);
  if (raw === undefined) return undefined;
  const parsed = new URL(raw);
  if (
    parsed.search !== '' ||
    parsed.hash !== '' ||
    parsed.username !== '' ||
    parsed.password !== ''
  ) {
    throw new ConfigError(
      'PUBLIC_BASE_URL',
      'must be a plain http(s) address, without query, fragment or credentials',
    );
  }
  return raw.replace(/\/+$/, '');
}

function connectAppName(env: Env): string {
  const name = text(env, 'CONNECT_APP_NAME', 'Fantasy League Data Service').trim();
  if (name === '' || name.length > 80 || hasHiddenCharacters(name)) {
    throw new ConfigError(
      'CONNECT_APP_NAME',
      'must be a name of 1 to 80 printable characters, without text-direction characters',
    );
  }
  return name;
}

function connectAppLogo(env: Env): string | undefined {
  const raw = optional(env, 'CONNECT_APP_LOGO');
  if (raw === undefined) return undefined;
  try {
    parseLogo(raw);
  } catch (error) {
    throw new ConfigError('CONNECT_APP_LOGO', (error as Error).message);
  }
  return raw.trim();
}

function connectOutcomeKeys(env: Env): readonly string[] | undefined {
  const raw = optional(env, 'CONNECT_OUTCOME_KEYS');
  if (raw === undefined) return undefined;
  try {
    return parseOutcomeKeys(raw);
  } catch (error) {
    throw new ConfigError('CONNECT_OUTCOME_KEYS', (error as Error).message);
  }
}

function connectReturnOrigins(env: Env): readonly string[] | undefined {
  const raw = optional(env, 'CONNECT_RETURN_ORIGINS');
  if (raw === undefined) return undefined;
  try {
    return parseReturnOrigins(raw);
  } catch (error) {
    throw new ConfigError('CONNECT_RETURN_ORIGINS', (error as Error).message);
  }
}

function corsOrigins(env: Env): readonly string[] {
  const raw = optional(env, 'CORS_ORIGINS');
  if (raw === undefined) return Object.freeze([]);
  try {
    return parseReturnOrigins(raw);
  } catch (error) {
    throw new ConfigError('CORS_ORIGINS', (error as Error).message);
  }
}

function webhookSettings(env: Env): WebhookSettings {
  const raw = optional(env, 'WEBHOOK_ALLOW_PRIVATE');
  let allowPrivate: string[] = [];
  try {
    if (raw !== undefined) allowPrivate = parseAllowedRanges(raw);
  } catch (error) {
    throw new ConfigError('WEBHOOK_ALLOW_PRIVATE', (error as Error).message);
  }
  return Object.freeze({
    allowPrivate: Object.freeze(allowPrivate),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', DEFAULT_WEBHOOK_CONCURRENCY, 1, 10_000),
    endpointConcurrency: integer(
      env,
      'WEBHOOK_ENDPOINT_CONCURRENCY',
      DEFAULT_WEBHOOK_ENDPOINT_CONCURRENCY,
      1,
      100,
    ),
    maxEndpoints: integer(env, 'WEBHOOK_MAX_ENDPOINTS', 100, 1, 100_000),
    replaysPerMinute: integer(env, 'WEBHOOK_REPLAYS_PER_MINUTE', 10, 0, 10_000),
    retentionDays: integer(env, 'WEBHOOK_RETENTION_DAYS', DEFAULT_WEBHOOK_RETENTION_DAYS, 1, 365),
  });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `now` is the clock SUPPORTED_SEASONS is checked against (tests move it). */
export function loadConfig(env: Env = process.env, now: Date = new Date()): Config {
  const logLevel = text(env, 'LOG_LEVEL', 'info');
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`,
    );
  }
  const secretKey = optional(env, 'FANTASY_SECRET_KEY');
  if (secretKey !== undefined && !/^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/.test(secretKey)) {
    throw new ConfigError('FANTASY_SECRET_KEY', 'must be 32 bytes as 64 hex digits or base64');
  }
  const metricsKey = optional(env, 'METRICS_KEY');
  if (metricsKey !== undefined && metricsKey.length < 16) {
    throw new ConfigError('METRICS_KEY', 'must be at least 16 characters');
  }
  const config: Config = {
    host: text(env, 'HOST', '127.0.0.1'),
    port: integer(env, 'PORT', 8080, 0, 65535),
    dataDir: resolve(text(env, 'FANTASY_DATA_DIR', './data')),
    dataDirFromEnv: optional(env, 'FANTASY_DATA_DIR') !== undefined,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000_000),
    authFailuresPerMinute: integer(env, 'AUTH_FAILURES_PER_MINUTE', 20, 0, 1_000_000_000),
    linkAttemptsPerSession: integer(env, 'LINK_ATTEMPTS_PER_SESSION', 5, 0, 10_000),
    linkAttemptsPerUser: integer(env, 'LINK_ATTEMPTS_PER_USER', 10, 0, 10_000),
    logLevel: logLevel as Config['logLevel'],
    accessLogFlushMs: integer(env, 'ACCESS_LOG_FLUSH_MS', 25, 0, 1000),
    cacheMegabytes: integer(env, 'CACHE_MB', 64, 8, 65_536),
    syncIntervalMinutes: integer(
      env,
      'SYNC_INTERVAL_MINUTES',
      DEFAULT_SYNC_INTERVAL_MINUTES,
      0,
      10_080,
    ),
    supportedSeasons: seasonRange(env, now),
    syncWorkerInServe: boolean(env, 'SYNC_WORKER_IN_SERVE', true),
    syncWorkerConcurrency: integer(env, 'SYNC_WORKER_CONCURRENCY', 4, 1, 256),
    demoOnEmpty: boolean(env, 'FANTASY_DEMO_ON_EMPTY', true),
    liveRefresh: boolean(env, 'LIVE_REFRESH', true),
    liveRefreshSeconds: integer(env, 'LIVE_REFRESH_SECONDS', 30, 1, 3600),
    warmUp: boolean(env, 'WARM_UP', false),
    secretKey,
    publicBaseUrl: publicBaseUrl(env),
    production: optional(env, 'NODE_ENV') === 'production',
    connectAppName: connectAppName(env),
    connectAppLogo: connectAppLogo(env),
    connectOutcomeKeys: connectOutcomeKeys(env),
    connectReturnOrigins: connectReturnOrigins(env),
    corsOrigins: corsOrigins(env),
    metricsPort:
      optional(env, 'METRICS_PORT') === undefined
        ? undefined
        : integer(env, 'METRICS_PORT', 0, 0, 65535),
    metricsHost: text(env, 'METRICS_HOST', '127.0.0.1'),
    metricsKey,
    webhooks: webhookSettings(env),
    platforms: platformSettings(env),
  };
  return Object.freeze({ ...config, platforms: Object.freeze(config.platforms) });
}
