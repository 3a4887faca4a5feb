// A league with the `team` product's data (issue 29): the default test league's two teams plus
// a third, with details, and a three-week schedule. Written through the real write path by the
// storage and HTTP suites; overridable field by field like buildLeagueSnapshot.
import type { LeagueActivity, MatchupRecord } from '../../src/domain/league-data.ts';
import type { FantasyTeamRecord, LeagueSnapshot } from '../../src/domain/records.ts';
import { buildLeagueSnapshot } from './records.ts';

/** Roster ids "1", "2" and "10": "10" orders after "2" (by value), unlike plain text order. */
export function buildDetailedTeams(): FantasyTeamRecord[] {
  return [
    {
      rosterId: '10',
      name: 'Ten & <Co>',
      ownerPlatformUserId: '333',
      // No details at all: what a platform giving none leaves.
    },
    {
      rosterId: '2',
      name: 'Team Two',
      ownerPlatformUserId: '222',
      abbreviation: 'TWO',
      logoUrl: 'https://example.test/logos/2.png',
      managers: [{ platformUserId: '222', displayName: 'bee' }, { platformUserId: '444' }],
      record: { wins: 1, losses: 1, ties: 0 },
      pointsFor: 210.5,
      pointsAgainst: 199.25,
      standing: 2,
      divisionId: '1',
      divisionName: 'East',
    },
    {
      rosterId: '1',
      name: 'Team One',
      ownerPlatformUserId: '111',
      abbreviation: 'ONE',
      managers: [{ platformUserId: '111', displayName: 'ay' }],
      record: { wins: 2, losses: 0, ties: 1 },
      pointsFor: 301.12,
      pointsAgainst: 250,
      standing: 1,
      divisionId: '1',
      divisionName: 'East',
    },
  ];
}

export function buildMatchups(): MatchupRecord[] {
  return [
    {
      period: 2,
      matchupId: '10',
      sides: [{ rosterId: '10' }],
      status: 'final',
      kind: 'regular',
    },
    {
      period: 2,
      matchupId: '2',
      sides: [
        { rosterId: '2', score: 99.5 },
        { rosterId: '1', score: 101 },
      ],
      status: 'final',
      kind: 'regular',
      winnerRosterId: '1',
    },
    {
      period: 1,
      matchupId: '1',
      sides: [
        { rosterId: '1', score: 88 },
        { rosterId: '2', score: 111 },
      ],
      status: 'final',
      kind: 'regular',
      winnerRosterId: '2',
    },
    { period: 3, matchupId: '1', sides: [{ rosterId: '1' }, { rosterId: '10' }] },
  ];
}

export function buildActivity(overrides: Partial<LeagueActivity> = {}): LeagueActivity {
  return {
    currentPeriod: 3,
    matchups: buildMatchups(),
    transactions: [],
    drafts: [],
    futurePicks: [],
    ...overrides,
  };
}

/** The default test league (its players and rosters) with three detailed teams and a schedule. */
export function buildTeamLeagueSnapshot(overrides: Partial<LeagueSnapshot> = {}): LeagueSnapshot {
  return buildLeagueSnapshot({
    numTeams: 3,
    teams: buildDetailedTeams(),
    activity: buildActivity(),
    ...overrides,
  });
}
