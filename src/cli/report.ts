// How syncs read on a terminal: one progress line per event (stderr) and a summary table (stdout).
import { describeSeasons } from '../domain/seasons.ts';
import type { SyncProgressEvent, SyncSummary } from '../sync/types.ts';
import { formatTable } from './io.ts';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function describeProgress(event: SyncProgressEvent): string {
  switch (event.type) {
    case 'account-started':
      return `${event.platform}: syncing${event.username === undefined ? '' : ` ${event.username}`}`;
    case 'account-failed':
      return `${event.platform}: failed: ${event.error}${event.needsRelink ? RELINK_HINT(event.platform) : ''}`;
    case 'seasons-skipped':
      return `${event.platform}: ${plural(event.seasons.length, 'season')} ${describeSeasons(event.seasons)} finished and synced in full already, not asked again (sync --season YEAR does)`;
    case 'leagues-found':
      return `${event.platform}: ${plural(event.count, 'league')} found`;
    case 'pool-refreshed':
      return `${event.platform}: ${poolLabel(event)} player pool refreshed (${plural(event.players, 'player')}${event.changed ? '' : ', unchanged'})`;
    case 'pool-failed':
      return `${event.platform}: ${poolLabel(event)} player pool failed: ${event.error}`;
    case 'league-written':
    case 'league-unchanged':
      return `${event.platform}: ${event.type === 'league-written' ? 'written  ' : 'unchanged'} ${leagueLabel(event)}: ${plural(event.teams, 'team')}, ${event.rosterEntries} roster entries`;
    case 'league-failed':
      return `${event.platform}: failed    ${leagueLabel(event)}: ${event.error}`;
    case 'leagues-detached':
      return `${event.platform}: ${plural(event.count, 'league')} no longer listed, detached`;
    case 'leagues-unsupported':
      return `${event.platform}: ${plural(event.count, 'league')} of sports this service does not cover, skipped`;
  }
}

/** What a user runs when a platform refused the stored credentials. */
export const RELINK_HINT = (platform: string, user = 'NAME'): string =>
  ` (link it again: fantasy-data link ${platform} --user ${user} ...; see fantasy-data link --help)`;

function poolLabel(pool: { sport: string; season: number }): string {
  return pool.season === 0 ? pool.sport : `${pool.sport} ${pool.season}`;
}

function leagueLabel(l: {
  name?: string;
  platformLeagueKey: string;
  sport: string;
  season: number;
}): string {
  return `${l.name ?? l.platformLeagueKey} (${l.sport} ${l.season})`;
}

export function formatSummary(summary: SyncSummary): string {
  const rows: string[][] = [];
  for (const account of summary.accounts) {
    if (account.error !== undefined) {
      const error = account.error + (account.needsRelink ? RELINK_HINT(account.platform) : '');
      rows.push([account.platform, '-', '-', '-', '-', 'failed', '-', '-', error]);
    }
    for (const pool of account.pools.filter((p) => p.outcome === 'failed')) {
      rows.push([
        account.platform,
        `(${poolLabel(pool)} player pool)`,
        '-',
        pool.season === 0 ? '-' : String(pool.season),
        pool.sport,
        'failed',
        '-',
        '-',
        pool.error ?? '',
      ]);
    }
    for (const l of account.leagues) {
      rows.push([
        l.platform,
        l.name ?? l.platformLeagueKey,
        l.leagueId === null ? '-' : String(l.leagueId),
        String(l.season),
        l.sport,
        l.outcome,
        l.outcome === 'failed' ? '-' : String(l.teams),
        l.outcome === 'failed' ? '-' : String(l.rosterEntries),
        l.error ?? '',
      ]);
    }
  }
  const table = formatTable(
    ['PLATFORM', 'LEAGUE', 'ID', 'SEASON', 'SPORT', 'OUTCOME', 'TEAMS', 'ROSTERED', 'ERROR'],
    rows,
  );
  const totals =
    `${summary.outcome}: ${plural(summary.leaguesFound, 'league')} found, ` +
    `${summary.leaguesWritten} written, ${summary.leaguesUnchanged} unchanged, ` +
    `${summary.leaguesFailed} failed, ${summary.leaguesDetached} detached; ` +
    `${plural(summary.poolsRefreshed, 'player pool')} refreshed`;
  const unsupported = summary.accounts.reduce((n, a) => n + (a.leaguesUnsupported ?? 0), 0);
  const skipped =
    unsupported === 0
      ? ''
      : `; ${plural(unsupported, 'league')} of sports this service does not cover skipped`;
  return `${table}\n${totals}${skipped}`;
}

/** Whether a sync summary should end the command with exit code 1. */
export function syncFailed(summary: SyncSummary): boolean {
  return summary.outcome === 'failed' || summary.outcome === 'partial';
}
