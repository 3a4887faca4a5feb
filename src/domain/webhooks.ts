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
 * A link the platform (or the service's check of the input) refused: nothing was stored.
 * `error` is the message the admin API answers too, with what the user gave taken out.
 */
export interface LinkFailedData {
  user_id: number;
  platform: Platform;
  error: string;
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
  /** `live`: a live refresh of the period in progress (a sync's changes are in sync.finished). */
  source: 'live';
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

/** The JSON body POSTed to an endpoint: the same bytes on every attempt and replay. */
export function webhookPayload(event: NewWebhookEvent, timestamp: string): string {
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
 * How long events are kept once none of their deliveries is pending: 30 days, past the whole
 * retry schedule, for the admin API's history and replays. Older ones are deleted by the relay.
 */
export const WEBHOOK_RETENTION_MS = 30 * 24 * 3_600_000;

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';
export const WEBHOOK_DELIVERY_STATUSES: readonly WebhookDeliveryStatus[] = [
  'pending',
  'delivered',
  'failed',
];
