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
  // Joined on the league's key, which league_syncs is indexed by (its league_id is not).
  const rows = await db
    .selectFrom('league_members')
    .innerJoin('leagues', 'leagues.id', 'league_members.league_id')
    .innerJoin('league_syncs', (join) =>
      join
        .onRef('league_syncs.platform', '=', 'leagues.platform')
        .onRef('league_syncs.platform_league_key', '=', 'leagues.platform_league_key')
        .onRef('league_syncs.season', '=', 'leagues.season'),
    )
    .select((eb) => ['leagues.id as league_id', eb.fn.max('league_syncs.finished_at').as('at')])
    .where('league_members.user_id', '=', userId)
    .where('league_syncs.outcome', 'in', ['written', 'unchanged'])
    .groupBy('leagues.id')
    .execute();
  const times = new Map<number, string>();
  for (const row of rows) {
    if (row.at !== null) times.set(Number(row.league_id), String(row.at));
  }
  return times;
}
