// How the results of a sync add up: an account's outcome and the summary over accounts.
import type {
  AccountSyncSummary,
  LeagueSyncResult,
  PoolRefreshResult,
  SyncOutcome,
  SyncSummary,
} from './types.ts';

export function accountOutcome(
  leagues: readonly LeagueSyncResult[],
  pools: readonly PoolRefreshResult[],
  detached: number,
): SyncOutcome {
  const failed = leagues.filter((l) => l.outcome === 'failed').length;
  if (failed > 0 && failed === leagues.length) return 'failed';
  if (failed > 0 || pools.some((p) => p.outcome === 'failed')) return 'partial';
  const changed =
    detached > 0 ||
    leagues.some((l) => l.outcome === 'written') ||
    pools.some((p) => p.outcome === 'written');
  return changed ? 'ok' : 'unchanged';
}

export function summarize(accounts: AccountSyncSummary[]): SyncSummary {
  const leagues = accounts.flatMap((a) => a.leagues);
  const count = (outcome: LeagueSyncResult['outcome']): number =>
    leagues.filter((l) => l.outcome === outcome).length;
  let outcome: SyncOutcome = 'unchanged';
  if (accounts.length > 0 && accounts.every((a) => a.outcome === 'failed')) outcome = 'failed';
  else if (accounts.some((a) => a.outcome === 'failed' || a.outcome === 'partial')) {
    outcome = 'partial';
  } else if (accounts.some((a) => a.outcome === 'ok')) outcome = 'ok';
  return {
    outcome,
    accounts,
    leaguesFound: accounts.reduce((n, a) => n + a.leaguesFound, 0),
    leaguesWritten: count('written'),
    leaguesUnchanged: count('unchanged'),
    leaguesFailed: count('failed'),
    leaguesDetached: accounts.reduce((n, a) => n + a.leaguesDetached, 0),
    poolsRefreshed: accounts.reduce(
      (n, a) =>
        n + a.pools.filter((p) => p.outcome === 'written' || p.outcome === 'unchanged').length,
      0,
    ),
  };
}
