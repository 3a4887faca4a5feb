// What the `user` and `meta` products show a token's user of themselves: their linked accounts
// (never a credential, never the refusal's platform wording: that is the admin API's) and when
// each of their leagues was last synced.
import type { Platform } from '../../domain/catalog.ts';
import type { Tx } from '../db.ts';
import { listAccounts } from './accounts.ts';
import { linkSyncStates } from './link-status.ts';

export interface AccountOverview {
  platform: Platform;
  externalUserId: string;
  username?: string;
  linkedAt: string;
  needsLinkingAgain: boolean;
  leagues: number;
  /** When the account's last sync run that reached the platform ended (ok or partial). */
  lastSync?: { startedAt: string; finishedAt?: string; outcome: string };
}

export interface UserOverview {
  userId: number;
  name: string;
  accounts: AccountOverview[];
}

export async function findUserOverview(db: Tx, userId: number): Promise<UserOverview | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user === undefined) return undefined;
  const [accounts, states] = await Promise.all([
    listAccounts(db, { userId }),
    linkSyncStates(db, userId),
  ]);
  return {
    userId: user.id,
    name: user.name,
    accounts: accounts.map((account) => {
      const state = states.get(account.platform);
      const run = state?.lastRun;
      return {
        platform: account.platform,
        externalUserId: account.externalUserId,
        ...(account.username !== undefined && { username: account.username }),
        linkedAt: account.createdAt,
        needsLinkingAgain: account.linkProblem !== undefined,
        leagues: state?.leagues ?? 0,
        ...(run !== undefined && {
          lastSync: {
            startedAt: run.startedAt,
            ...(run.finishedAt !== undefined && { finishedAt: run.finishedAt }),
            outcome: run.outcome,
          },
        }),
      };
    }),
  };
}

/**
 * league id -> when a sync last read it from its platform (written or unchanged), for the user's
 * leagues; a league the store got only from another account's sync has none of this user's.
 */
export async function findLeagueSyncTimes(db: Tx, userId: number): Promise<Map<number, string>> {
  // Per league, its newest good attempt: a walk back along league_syncs_league (league_id,
  // finished_at) that stops at the first, so the cost does not grow with the league's history
  // of syncs. Every written or unchanged attempt carries the league's id.
  const rows = await db
    .selectFrom('league_members')
    .select((eb) => [
      'league_members.league_id',
      eb
        .selectFrom('league_syncs')
        .select('league_syncs.finished_at')
        .whereRef('league_syncs.league_id', '=', 'league_members.league_id')
        .where('league_syncs.outcome', 'in', ['written', 'unchanged'])
        .orderBy('league_syncs.finished_at', 'desc')
        .limit(1)
        .as('at'),
    ])
    .where('league_members.user_id', '=', userId)
    .execute();
  const times = new Map<number, string>();
  for (const row of rows) {
    if (row.at !== null && row.at !== undefined) times.set(Number(row.league_id), String(row.at));
  }
  return times;
}
