// The demo's data for the league-data suites, generated once, and what they share.
import assert from 'node:assert/strict';
import type {
  LeagueActivity,
  MatchupRecord,
  TransactionRecord,
} from '../../../src/domain/league-data.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { DEFAULT_DEMO_SEED, generateDemoData } from '../../../src/platforms/demo/index.ts';

export const data = generateDemoData(DEFAULT_DEMO_SEED);
/** The leagues whose season is under way on the demo's date (30 November 2021). */
export const UNDER_WAY = new Set(['fb-2021-1', 'fb-2021-2', 'nba-2021-1']);
export const LAST_PERIOD: Record<string, number> = { football: 17, baseball: 20, basketball: 19 };

export function activityOf(league: LeagueSnapshot): LeagueActivity {
  assert.ok(league.activity, league.platformLeagueKey);
  return league.activity;
}

export function poolIds(league: LeagueSnapshot): Set<string> {
  const pool = data.pools.find((p) => p.sport === league.sport);
  assert.ok(pool);
  return new Set(pool.players.map((p) => p.playerId));
}

export function finalRegular(league: LeagueSnapshot): MatchupRecord[] {
  return activityOf(league).matchups.filter((m) => m.kind === 'regular' && m.status === 'final');
}

/** Oldest first, as they happened. */
export function chronological(transactions: readonly TransactionRecord[]): TransactionRecord[] {
  return [...transactions].sort(
    (a, b) =>
      a.occurredAt.localeCompare(b.occurredAt) || Number(a.transactionId) - Number(b.transactionId),
  );
}
