// Transactions, drafts and future picks for the default test league (helpers/records.ts: teams
// "1" and "2"; players 4046, 4984 and DET rostered, 1234 in the pool only), as a connector would
// yield them in LeagueSnapshot.activity.
import type { LeagueActivity, TransactionRecord } from '../../src/domain/league-data.ts';
import type { LeagueSnapshot } from '../../src/domain/records.ts';
import { buildLeagueSnapshot } from './records.ts';

/** A player id the pool does not hold: its moves and picks carry no full_name. */
export const UNKNOWN_PLAYER = '99999';

/** Four transactions, newest last here (the API lists them newest first). */
export function sampleTransactions(): TransactionRecord[] {
  return [
    {
      transactionId: '100',
      type: 'add',
      status: 'complete',
      occurredAt: '2021-09-01T12:00:00Z',
      period: 1,
      rosterIds: ['1'],
      playerMoves: [
        { playerId: '4046', toRosterId: '1' },
        { playerId: '1234', fromRosterId: '1' },
      ],
    },
    {
      transactionId: '101',
      type: 'waiver',
      status: 'complete',
      // Another zone and no milliseconds: stored and served as 2021-09-08T10:00:00.000Z.
      occurredAt: '2021-09-08T12:00:00+02:00',
      period: 2,
      rosterIds: ['2'],
      playerMoves: [{ playerId: UNKNOWN_PLAYER, toRosterId: '2' }],
      faabBid: 17,
    },
    {
      transactionId: '102',
      type: 'trade',
      status: 'complete',
      occurredAt: '2021-09-15T09:30:00.000Z',
      period: 3,
      // Only the proposer listed: the filter still finds the trade by team 2 (its moves).
      rosterIds: ['1'],
      playerMoves: [
        { playerId: '4984', fromRosterId: '2', toRosterId: '1' },
        { playerId: 'DET', fromRosterId: '1', toRosterId: '2' },
      ],
      pickMoves: [
        { season: 2022, round: 1, originalRosterId: '1', fromRosterId: '1', toRosterId: '2' },
      ],
      budgetMoves: [{ amount: 5, fromRosterId: '2', toRosterId: '1' }],
    },
    {
      transactionId: '103',
      type: 'drop',
      status: 'pending',
      occurredAt: '2021-09-15T09:30:00.000Z',
      rosterIds: ['2'],
      playerMoves: [{ playerId: '4984', fromRosterId: '2' }],
    },
  ];
}

export function sampleActivity(overrides: Partial<LeagueActivity> = {}): LeagueActivity {
  return {
    matchups: [],
    transactions: sampleTransactions(),
    drafts: [
      {
        draftId: 'd-2021',
        type: 'snake',
        status: 'complete',
        startedAt: '2021-08-28T18:00:00Z',
        rounds: 2,
        picks: [
          { overall: 1, round: 1, pickInRound: 1, rosterId: '1', playerId: '4046', keeper: true },
          { overall: 2, round: 1, pickInRound: 2, rosterId: '2', playerId: '4984' },
          { overall: 3, round: 2, pickInRound: 1, rosterId: '2', playerId: UNKNOWN_PLAYER },
          { overall: 4, round: 2, pickInRound: 2, rosterId: '1' },
        ],
      },
    ],
    futurePicks: [
      { season: 2022, round: 2, originalRosterId: '2', ownerRosterId: '2' },
      { season: 2022, round: 1, originalRosterId: '1', ownerRosterId: '2' },
      { season: 2022, round: 1, originalRosterId: '2', ownerRosterId: '2' },
    ],
    ...overrides,
  };
}

/** The default league with the sample activity (or the one given). */
export function leagueWithActivity(
  activity: LeagueActivity = sampleActivity(),
  overrides: Partial<LeagueSnapshot> = {},
): LeagueSnapshot {
  return { ...buildLeagueSnapshot(overrides), activity };
}

/** `count` adds alternating between the two teams, two at each instant (ties on occurred_at). */
export function manyTransactions(count: number): TransactionRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    transactionId: `t${String(i).padStart(5, '0')}`,
    type: i % 3 === 0 ? ('waiver' as const) : ('add' as const),
    status: 'complete' as const,
    occurredAt: new Date(Date.UTC(2021, 8, 1) + Math.floor(i / 2) * 60_000).toISOString(),
    rosterIds: [i % 2 === 0 ? '1' : '2'],
    playerMoves: [{ playerId: '1234', toRosterId: i % 2 === 0 ? '1' : '2' }],
  }));
}
