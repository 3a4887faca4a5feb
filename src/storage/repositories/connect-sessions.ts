// Connect sessions: one-time links to the hosted page where a user links their platforms, the
// links the page could not make and how each ended. Only a hash of the session token is stored;
// the single-use OAuth states of the page's redirects are in connect-oauth-states.ts.
import type { Selectable } from 'kysely';
import type { Platform, Product } from '../../domain/catalog.ts';
import { isPlatform, isProduct } from '../../domain/catalog.ts';
import { CONNECT_OUTCOME_STATUSES } from '../../domain/connect-outcome.ts';
import type { ConnectOutcomeStatus } from '../../domain/connect-outcome.ts';
import { nowIso } from '../db.ts';
import type { Tx } from '../db.ts';
import type { ConnectSessionsTable } from '../schema.ts';

export interface ConnectSession {
  id: number;
  userId: number;
  tokenPrefix: string;
  platforms: Platform[];
  returnUrl?: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
  /** The application asking, when the session names it (else CONNECT_APP_NAME). */
  appName?: string;
  /** Its logo as a data: URI, when the session gives one (else CONNECT_APP_LOGO). */
  appLogo?: string;
  /** The products the application will read, when the session says. */
  products?: Product[];
  /** The links its page could not make, oldest first. */
  linkFailures: ConnectLinkFailure[];
  /** How it ended; set when it was used. */
  outcome?: ConnectOutcomeStatus;
}

/** A link the page could not make: what the person was shown is worded from `code`. */
export interface ConnectLinkFailure {
  platform: Platform;
  /** The problem code (link_refused, platform_unavailable...). */
  code: string;
  /** The technical text (secrets redacted), for the admin API and the log; never the page. */
  detail: string;
  requestId: string;
  at: string;
}

function toFailures(text: string | null): ConnectLinkFailure[] {
  if (text === null) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as ConnectLinkFailure[]) : [];
}

function toOutcome(text: string | null): ConnectOutcomeStatus | undefined {
  return CONNECT_OUTCOME_STATUSES.find((status) => status === text);
}

function toSession(row: Selectable<ConnectSessionsTable>): ConnectSession {
  return {
    id: row.id,
    userId: row.user_id,
    tokenPrefix: row.token_prefix,
    platforms: row.platforms.split(' ').filter(isPlatform),
    ...(row.return_url !== null && { returnUrl: row.return_url }),
    csrfToken: row.csrf_token,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    ...(row.used_at !== null && { usedAt: row.used_at }),
    ...(row.app_name !== null && { appName: row.app_name }),
    ...(row.app_logo !== null && { appLogo: row.app_logo }),
    ...(row.products !== null && { products: row.products.split(' ').filter(isProduct) }),
    linkFailures: toFailures(row.link_failures),
    ...(toOutcome(row.outcome) !== undefined && { outcome: toOutcome(row.outcome) }),
  };
}

export async function insertConnectSession(
  db: Tx,
  s: {
    userId: number;
    tokenHash: string;
    tokenPrefix: string;
    platforms: readonly Platform[];
    returnUrl?: string;
    csrfToken: string;
    expiresAt: string;
    appName?: string;
    appLogo?: string;
    products?: readonly Product[];
  },
): Promise<ConnectSession> {
  const row = await db
    .insertInto('connect_sessions')
    .values({
      user_id: s.userId,
      token_hash: s.tokenHash,
      token_prefix: s.tokenPrefix,
      platforms: s.platforms.join(' '),
      return_url: s.returnUrl ?? null,
      csrf_token: s.csrfToken,
      created_at: nowIso(),
      expires_at: s.expiresAt,
      used_at: null,
      app_name: s.appName ?? null,
      app_logo: s.appLogo ?? null,
      products: s.products === undefined ? null : s.products.join(' '),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSession(row);
}

export async function findConnectSessionByHash(
  db: Tx,
  tokenHash: string,
): Promise<ConnectSession | undefined> {
  const row = await db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && toSession(row);
}

export async function findConnectSession(db: Tx, id: number): Promise<ConnectSession | undefined> {
  const row = await db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toSession(row);
}

export async function listConnectSessions(db: Tx, userId: number): Promise<ConnectSession[]> {
  const rows = await db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toSession);
}

/**
 * Marks the session used unless a link of its page is still in flight (and not past
 * `links_until`): 'finished', 'used' when it already was (two tabs finishing at once: one wins),
 * or 'linking'. The update is the check, so a link begun at the same moment cannot slip in.
 */
export async function finishConnectSession(
  db: Tx,
  id: number,
  at: string = nowIso(),
): Promise<'finished' | 'used' | 'linking'> {
  const result = await db
    .updateTable('connect_sessions')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('links_in_flight', '=', 0),
        eb('links_until', 'is', null),
        eb('links_until', '<=', at),
      ]),
    )
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return 'finished';
  const row = await db
    .selectFrom('connect_sessions')
    .select('used_at')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined || row.used_at !== null ? 'used' : 'linking';
}

/**
 * Counts a link of the session's page in flight until `until` (past it, the count is taken for
 * a dead process's and starts again); false when the session was used meanwhile, so no link
 * starts after the finish.
 */
export async function beginConnectLink(
  db: Tx,
  id: number,
  until: string,
  at: string = nowIso(),
): Promise<boolean> {
  const result = await db
    .updateTable('connect_sessions')
    .set((eb) => ({
      links_in_flight: eb
        .case()
        .when(eb.or([eb('links_until', 'is', null), eb('links_until', '<=', at)]))
        .then(1)
        .else(eb('links_in_flight', '+', 1))
        .end(),
      links_until: until,
    }))
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * How a finished session ended: written once it is used, when no link of it can start or still
 * be in flight, so the outcome counts every link.
 */
export async function setConnectOutcome(
  db: Tx,
  id: number,
  outcome: ConnectOutcomeStatus,
): Promise<void> {
  await db.updateTable('connect_sessions').set({ outcome }).where('id', '=', id).execute();
}

/**
 * Adds a link the page could not make to the session's list (kept to the newest 20: a person
 * retrying a typo should not grow a row without end).
 */
export async function recordConnectLinkFailure(
  db: Tx,
  id: number,
  failure: ConnectLinkFailure,
): Promise<void> {
  const row = await db
    .selectFrom('connect_sessions')
    .select('link_failures')
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return;
  const failures = [...toFailures(row.link_failures), failure].slice(-20);
  await db
    .updateTable('connect_sessions')
    .set({ link_failures: JSON.stringify(failures) })
    .where('id', '=', id)
    .execute();
}

/** The link begun by beginConnectLink is over (stored or failed). */
export async function endConnectLink(db: Tx, id: number): Promise<void> {
  await db
    .updateTable('connect_sessions')
    .set((eb) => ({
      links_in_flight: eb('links_in_flight', '-', 1),
      links_until: eb
        .case()
        .when('links_in_flight', '<=', 1)
        .then(null)
        .else(eb.ref('links_until'))
        .end(),
    }))
    .where('id', '=', id)
    .where('links_in_flight', '>', 0)
    .execute();
}
