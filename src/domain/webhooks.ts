// Webhooks for applications: the events the service reports, the shape of each payload, and when
// a delivery is tried again. Payloads follow the Standard Webhooks recommendation
// ({ type, timestamp, data }); they carry ids, counts and the stored summaries of failures,
// never a credential or a platform's raw answer.
import type { Platform } from './catalog.ts';

export const WEBHOOK_EVENT_TYPES = [
  'link.completed',
  'link.failed',
  'link.needs_relink',
  'sync.finished',
  'league.updated',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
}

/** A platform account linked (or linked again) for a user. */
export interface LinkCompletedData {
  user_id: number;
  platform: Platform;
  account_id: number;
  external_user_id: string;
  username?: string;
}

/**
 * Why a link was refused, as a code: never the message, which may quote what the person typed
 * (a username, a league id, an e-mail address).
 */
export const LINK_FAILURE_REASONS = [
  'credentials_rejected',
  'not_found',
  'forbidden',
  'invalid_input',
] as const;
export type LinkFailureReason = (typeof LINK_FAILURE_REASONS)[number];

/**
 * A link the platform (or the service's check of the input) refused: nothing was stored. It
 * carries no input of the person's: the platform, a reason code, and the connect session the
 * attempt came from (when it came from the connect page).
 */
export interface LinkFailedData {
  user_id: number;
  platform: Platform;
  reason: LinkFailureReason;
  connect_session_id?: number;
}

/** An operator's test of an endpoint (POST /admin/webhooks/{id}/test): sent to that one only. */
export interface WebhookTestData {
  webhook_id: number;
}

/** The platform refused an account's stored credentials: it is not synced until linked again. */
export interface LinkNeedsRelinkData {
  user_id: number;
  platform: Platform;
  account_id: number;
  /** The stored summary ("needs linking again" reason), as the admin API shows it. */
  problem: string;
}

/** One account's sync run finished, with its counts and the leagues it wrote. */
export interface SyncFinishedData {
  user_id: number;
  platform: Platform;
  account_id: number;
  run_id: number;
  outcome: 'ok' | 'unchanged' | 'partial' | 'failed';
  leagues_found: number;
  leagues_written: number;
  leagues_unchanged: number;
  leagues_failed: number;
  leagues_detached: number;
  pools_refreshed: number;
  /** The league_id of every league whose data changed in this run (the read API's ids). */
  changed_league_ids: number[];
  needs_relink: boolean;
  /** The run's stored error summary, when it had one. */
  error?: string;
}

/** The parts of a league a `league.updated` event says changed. */
export const LEAGUE_UPDATED_PARTS = ['scores', 'lineups', 'rosters', 'transactions'] as const;
export type LeagueUpdatedPart = (typeof LEAGUE_UPDATED_PARTS)[number];

/**
 * One league changed, and which of its parts: sent at most once per league per refresh (a live
 * refresh of its period in progress, or a sync that rewrote it).
 */
export interface LeagueUpdatedData {
  league_id: number;
  platform: Platform;
  sport: string;
  season: number;
  /** The period a live refresh read; absent for a full sync. */
  period?: number;
  /** What changed, sorted: scores (matchup or player points), lineups, rosters, transactions. */
  changed: LeagueUpdatedPart[];
  /** Every user the league is a member of (the event is recorded under the first). */
  user_ids: number[];
  /** `live`: a live refresh of the period in progress; `sync`: a full sync of the league. */
  source: 'live' | 'sync';
}

export interface WebhookDataByType {
  'link.completed': LinkCompletedData;
  'link.failed': LinkFailedData;
  'link.needs_relink': LinkNeedsRelinkData;
  'sync.finished': SyncFinishedData;
  'league.updated': LeagueUpdatedData;
}

/** An event as it is recorded in the outbox, before it gets an id and a time. */
export type NewWebhookEvent = {
  [T in WebhookEventType]: { type: T; userId: number; data: WebhookDataByType[T] };
}[WebhookEventType];

/** The test event's type: not one an endpoint subscribes to, sent only when an operator asks. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';
/** Every type a delivery may carry: the subscribable ones and the test event. */
export const WEBHOOK_DELIVERED_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;
export type WebhookTestEvent = {
  type: typeof WEBHOOK_TEST_EVENT_TYPE;
  userId?: undefined;
  data: WebhookTestData;
};

/** The JSON body POSTed to an endpoint: the same bytes on every attempt and replay. */
export function webhookPayload(
  event: NewWebhookEvent | WebhookTestEvent,
  timestamp: string,
): string {
  return JSON.stringify({ type: event.type, timestamp, data: event.data });
}

/**
 * Delays before each attempt of a delivery, in ms: at once, then after 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h and 10 h (the Standard Webhooks / Svix schedule: about 28 hours in all). A receiver
 * down for a day still gets everything; after the last attempt the delivery is `failed` and an
 * admin can replay it.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/**
 * When to try again after `attempts` attempts (counting the one just made), or undefined when
 * the schedule is spent and the delivery has failed.
 */
export function nextAttemptDelayMs(
  attempts: number,
  schedule: readonly number[] = WEBHOOK_RETRY_SCHEDULE_MS,
): number | undefined {
  return schedule[attempts];
}

/**
 * How long events are kept once none of their deliveries is pending, by default: 7 days, for the
 * admin API's history and replays (WEBHOOK_RETENTION_DAYS). A pending delivery keeps its event
 * whatever its age, so the retry schedule is never cut short. Older ones are deleted by the relay.
 */
export const DEFAULT_WEBHOOK_RETENTION_DAYS = 7;

/**
 * Posts at once per relay, and per endpoint (WEBHOOK_CONCURRENCY, WEBHOOK_ENDPOINT_CONCURRENCY).
 * A post waiting on a silent receiver costs a socket, not a thread, so the relay keeps many
 * lanes: with the defaults every one of WEBHOOK_MAX_ENDPOINTS' 100 endpoints has its two at once.
 */
export const DEFAULT_WEBHOOK_CONCURRENCY = 256;
export const DEFAULT_WEBHOOK_ENDPOINT_CONCURRENCY = 2;

/**
 * How an attempt ended, as a class a read-only admin key may see: the raw error (which names
 * the system call that failed) is for keys that may change webhooks. A read key learning that a
 * port answers or times out is what made the relay a port scanner (issue 40).
 */
export const WEBHOOK_OUTCOMES = [
  'delivered',
  'http_3xx',
  'http_4xx',
  'http_5xx',
  'timeout',
  'connection_refused',
  'connection_reset',
  'dns_failure',
  'tls_error',
  'blocked_address',
  'network_error',
  'secret_unreadable',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** The class of an HTTP status that answered. */
export function outcomeOfStatus(status: number): WebhookOutcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status >= 500) return 'http_5xx';
  if (status >= 400) return 'http_4xx';
  return 'http_3xx';
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';
export const WEBHOOK_DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = [
  'pending',
  'delivered',
  'failed',
];
