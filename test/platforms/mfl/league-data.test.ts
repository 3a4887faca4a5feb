// The MFL connector's league data beside the rosters (issue 29): teams' managers, records and
// standings, matchups, transactions, drafts and future picks, read in the same fetchLeague. On the
// made-up league 90004 (every export, a franchise the league does not list in each); the
// recordings: league-data-recorded.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueFetchContext, PlatformAccount } from '../../../src/platforms/connector.ts';
import { createMflConnector } from '../../../src/platforms/mfl/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import type { FakeMfl } from '../../helpers/fake-mfl.ts';
import { SYNTHETIC_MFL } from '../../helpers/mfl-data.ts';

const PUBLIC: PlatformAccount = { platform: 'mfl', externalUserId: 'public-leagues' };
const ref = (key: string, season = 2020) => ({
  platformLeagueKey: key,
  season,
  sport: 'football' as const,
});
/** A store whose pool holds every player asked about: no player lookups. */
const EVERY_PLAYER: LeagueFetchContext = { storedPlayerIds: async (asked) => new Set(asked) };

describe('MFL league data (synthetic league 90004)', () => {
  let fake: FakeMfl;
  before(async () => {
    fake = await SYNTHETIC_MFL.start();
  });
  after(() => fake.close());
  const connect = () => createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });

  test('teams: manager (never the e-mail), abbreviation, logo, division, record, standing', async () => {
    const league = await connect().fetchLeague(PUBLIC, ref('90004'), storeHolding());
    assert.deepEqual(league.teams, [
      {
        rosterId: '0001',
        name: 'Sample Sluggers',
        ownerPlatformUserId: 'madeup_owner1',
        abbreviation: 'SLUG',
        logoUrl: 'https://img.example.invalid/slug.png',
        managers: [{ platformUserId: 'madeup_owner1', displayName: 'Madeup Owner One' }],
        divisionId: '00',
        divisionName: 'North Pretend',
        record: { wins: 1, losses: 0, ties: 1 },
        pointsFor: 1210.5,
        pointsAgainst: 190,
        standing: 2,
      },
      {
        rosterId: '0002',
        name: 'Example Eagles',
        ownerPlatformUserId: 'madeup_owner2',
        logoUrl: 'https://img.example.invalid/eagle-icon.png',
        managers: [{ platformUserId: 'madeup_owner2', displayName: 'Madeup Owner Two' }],
        divisionId: '01',
        divisionName: 'South Pretend',
        record: { wins: 2, losses: 0, ties: 0 },
        pointsFor: 251.4,
        pointsAgainst: 200.1,
        standing: 1,
      },
      {
        rosterId: '0003',
        name: 'Invented Owls',
        divisionId: '00',
        divisionName: 'North Pretend',
        record: { wins: 0, losses: 2, ties: 1 },
        pointsFor: 150.25,
        pointsAgainst: 260,
        standing: 3,
      },
    ]);
    assert.doesNotMatch(JSON.stringify(league), /@example\.invalid/, 'no e-mail address');
  });

  test('matchups: home first, final/under way/upcoming, winner, regular weeks', async () => {
    const { activity } = await connect().fetchLeague(PUBLIC, ref('90004'), EVERY_PLAYER);
    assert.equal(activity?.currentPeriod, 2);
    assert.deepEqual(activity?.matchups, [
      {
        period: 1,
        matchupId: '1',
        sides: [
          { rosterId: '0003', score: 100.5 },
          { rosterId: '0001', score: 100.5 },
        ],
        status: 'final',
        kind: 'regular',
      },
      {
        period: 2,
        matchupId: '1',
        sides: [
          { rosterId: '0001', score: 61 },
          { rosterId: '0002', score: 88.5 },
        ],
        status: 'in_progress',
        kind: 'regular',
      },
      {
        period: 3,
        matchupId: '1',
        sides: [{ rosterId: '0003' }, { rosterId: '0002' }],
        status: 'upcoming',
      },
    ]);
  });

  test('transactions: a trade with players, a future pick and FAAB; waivers with bids', async () => {
    const { activity } = await connect().fetchLeague(PUBLIC, ref('90004'), EVERY_PLAYER);
    const transactions = activity?.transactions ?? [];
    assert.deepEqual(
      transactions.map((t) => [t.type, t.rosterIds.join('+'), t.faabBid]),
      [
        ['trade', '0001+0002', undefined],
        ['waiver', '0003', 12.5],
        ['waiver', '0003', 3],
        ['waiver', '0002', undefined],
        ['add', '0001', undefined],
        ['drop', '0001', undefined],
        ['commissioner', '0003', undefined],
      ],
      'IR moves, waiver runs and a franchise the league does not list are left out',
    );
    assert.deepEqual(transactions[0], {
      transactionId: 'TRADE:1600300000:0001:0002:90005',
      type: 'trade',
      status: 'complete',
      occurredAt: '2020-09-16T23:46:40.000Z',
      rosterIds: ['0001', '0002'],
      playerMoves: [
        { playerId: '90005', fromRosterId: '0001', toRosterId: '0002' },
        { playerId: '90007', fromRosterId: '0002', toRosterId: '0001' },
      ],
      pickMoves: [
        {
          season: 2021,
          round: 1,
          originalRosterId: '0001',
          fromRosterId: '0001',
          toRosterId: '0002',
        },
      ],
      budgetMoves: [{ amount: 15, fromRosterId: '0001', toRosterId: '0002' }],
    });
    assert.deepEqual(transactions[1]?.playerMoves, [
      { playerId: '90006', toRosterId: '0003' },
      { playerId: '90008', fromRosterId: '0003' },
    ]);
    assert.equal(new Set(transactions.map((t) => t.transactionId)).size, transactions.length);
  });

  test('drafts: the unmade draft, then the auction with its prices; future picks', async () => {
    const { activity } = await connect().fetchLeague(PUBLIC, ref('90004'), EVERY_PLAYER);
    assert.deepEqual(activity?.drafts, [
      {
        draftId: 'LEAGUE',
        type: 'snake',
        status: 'scheduled',
        rounds: 1,
        picks: [
          { overall: 1, round: 1, pickInRound: 1, rosterId: '0001' },
          { overall: 2, round: 1, pickInRound: 2, rosterId: '0002' },
        ],
      },
      {
        draftId: 'auction:LEAGUE',
        type: 'auction',
        rounds: 1,
        picks: [
          { overall: 1, round: 1, pickInRound: 1, rosterId: '0001', playerId: '90001', price: 57 },
          { overall: 2, round: 1, pickInRound: 2, rosterId: '0002', playerId: '90002', price: 41 },
        ],
      },
    ]);
    assert.deepEqual(activity?.futurePicks, [
      { season: 2021, round: 2, originalRosterId: '0001', ownerRosterId: '0001' },
      { season: 2021, round: 1, originalRosterId: '0001', ownerRosterId: '0002' },
      { season: 2021, round: 1, originalRosterId: '0002', ownerRosterId: '0002' },
      { season: 2022, round: 1, originalRosterId: '0003', ownerRosterId: '0003' },
    ]);
  });

  test('players named only in the activity are described when MFL knows them', async () => {
    const league = await connect().fetchLeague(PUBLIC, ref('90004'), storeHolding(['90001']));
    // 90002-90006 are rostered; 90007, 90008, 90010 and 90011 only traded, claimed or dropped.
    assert.deepEqual(
      league.players.map((p) => [p.playerId, p.fullName]),
      [
        ['90002', 'Example Runner'],
        ['90003', 'Invented Wideout'],
        ['90004', 'Pretend Tightend'],
        ['90005', 'Madeup Kicker'],
        ['90006', 'Fictional Back'],
        ['90007', 'Placeholder Receiver'],
        ['90008', 'Dummy Passer'],
        ['90010', 'Buffalo Bills'],
        ['90011', 'Free Agent'],
      ],
    );
  });
});
