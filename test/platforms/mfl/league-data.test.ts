// The MFL connector's league data beside the rosters (issue 29): teams' managers, records and
// standings, matchups, transactions, drafts and future picks, read in the same fetchLeague. On the
// made-up league 90004 (every export, a franchise the league does not list in each), and on the
// recordings of league 54040 (2020 schedule, draft and future picks; 2019 transactions).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { LeagueFetchContext, PlatformAccount } from '../../../src/platforms/connector.ts';
import { createMflConnector } from '../../../src/platforms/mfl/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeMfl } from '../../helpers/fake-mfl.ts';
import { RECORDED_MFL, SYNTHETIC_MFL } from '../../helpers/mfl-data.ts';

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

describe('MFL league data (recorded league 54040)', { skip: RECORDED_MFL.skip }, () => {
  let fake: FakeMfl;
  before(async () => {
    fake = await RECORDED_MFL.start();
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.intercept = undefined;
  });
  const connect = () => createMflConnector({ baseUrl: fake.baseUrl, backoffBaseMs: 1 });

  test('2020: seven calls, the schedule, the draft and the future picks', async () => {
    const asked = fake.requests.length;
    const league = await connect().fetchLeague(PUBLIC, ref('54040'), EVERY_PLAYER);
    assert.deepEqual(
      fake.requests
        .slice(asked)
        .map((r) => r.query.get('TYPE'))
        .sort(),
      [
        'draftResults',
        'futureDraftPicks',
        'league',
        'leagueStandings',
        'rosters',
        'schedule',
        'transactions',
      ],
      'no auctionResults: the draft has picks made',
    );
    const team = league.teams.find((t) => t.rosterId === '0008');
    assert.deepEqual(team, {
      rosterId: '0008',
      name: 'Team Bowser',
      abbreviation: 'BWSR',
      logoUrl: 'https://i.imgur.com/KNpB3QW.png',
    });
    const activity = league.activity;
    assert.ok(activity);
    assert.equal(activity.currentPeriod, 16);
    // 13 weeks of 7 games, 14 and 9 franchises alone in weeks 14 and 15, 3 games in week 16.
    assert.equal(activity.matchups.length, 13 * 7 + 14 + 9 + 3);
    assert.deepEqual(activity.matchups[0], {
      period: 1,
      matchupId: '1',
      sides: [
        { rosterId: '0010', score: 127.21 },
        { rosterId: '0007', score: 144.55 },
      ],
      status: 'final',
      kind: 'regular',
      winnerRosterId: '0007',
    });
    const week14 = activity.matchups.filter((m) => m.period === 14);
    assert.deepEqual(week14[0], {
      period: 14,
      matchupId: '1',
      sides: [{ rosterId: '0014', score: 139.2 }],
      status: 'final',
      kind: 'regular',
    });
    assert.deepEqual(activity.transactions, [], '2020 transactions are not recorded');

    assert.equal(activity.drafts.length, 1);
    const [draft] = activity.drafts;
    assert.ok(draft);
    assert.deepEqual(
      { ...draft, picks: draft.picks.length },
      { draftId: 'LEAGUE', type: 'linear', status: 'complete', rounds: 30, picks: 90 },
    );
    assert.deepEqual(draft.picks[0], {
      overall: 1,
      round: 1,
      pickInRound: 1,
      rosterId: '0014',
      playerId: '11244',
    });
    assert.deepEqual(draft.picks[14], {
      overall: 15,
      round: 5,
      pickInRound: 3,
      rosterId: '0008',
      playerId: '0839',
    });
    // "[Pick skipped By Commissioner]": the slot stays, with no player.
    assert.deepEqual(draft.picks[88], { overall: 89, round: 30, pickInRound: 2, rosterId: '0003' });

    assert.equal(activity.futurePicks.length, 56);
    // Team Bowser traded its own 2021 first away and holds Team Luigi's and Team Donkey Kong's.
    assert.deepEqual(
      activity.futurePicks.filter((p) => p.ownerRosterId === '0008' && p.round === 1),
      [
        { season: 2021, round: 1, originalRosterId: '0014', ownerRosterId: '0008' },
        { season: 2021, round: 1, originalRosterId: '0003', ownerRosterId: '0008' },
      ],
    );
  });

  test('2019: the recorded transactions, a trade with both sides and its picks', async () => {
    // No 2019 rosters are recorded: answered empty, the league's 14 franchises are its teams.
    fake.intercept = (request) =>
      request.query.get('TYPE') === 'rosters' ? reply.json({ rosters: {} }) : undefined;
    const league = await connect().fetchLeague(PUBLIC, ref('54040', 2019), EVERY_PLAYER);
    assert.equal(league.teams.length, 14);
    const transactions = league.activity?.transactions ?? [];
    // 218 pickups, 198 blind-bid claims and 52 trades; IR, TAXI and the rest left out.
    assert.equal(transactions.length, 468);
    const count = (type: string) => transactions.filter((t) => t.type === type).length;
    assert.deepEqual(['add', 'drop', 'waiver', 'trade', 'commissioner'].map(count), [
      count('add'),
      count('drop'),
      198,
      52,
      1,
    ]);
    assert.equal(count('add') + count('drop'), 217);
    assert.equal(new Set(transactions.map((t) => t.transactionId)).size, 468);

    const trade = transactions.find((t) => t.occurredAt === new Date(1571996162_000).toISOString());
    assert.deepEqual(trade, {
      transactionId: 'TRADE:1571996162:0009:0001:14086',
      type: 'trade',
      status: 'complete',
      occurredAt: '2019-10-25T09:36:02.000Z',
      rosterIds: ['0009', '0001'],
      playerMoves: [
        { playerId: '14086', fromRosterId: '0009', toRosterId: '0001' },
        { playerId: '14113', fromRosterId: '0009', toRosterId: '0001' },
        { playerId: '12680', fromRosterId: '0009', toRosterId: '0001' },
        { playerId: '13607', fromRosterId: '0001', toRosterId: '0009' },
        { playerId: '11456', fromRosterId: '0001', toRosterId: '0009' },
        { playerId: '12263', fromRosterId: '0001', toRosterId: '0009' },
      ],
      pickMoves: [
        {
          season: 2020,
          round: 1,
          originalRosterId: '0008',
          fromRosterId: '0009',
          toRosterId: '0001',
        },
        {
          season: 2020,
          round: 2,
          originalRosterId: '0009',
          fromRosterId: '0009',
          toRosterId: '0001',
        },
      ],
    });
    const claim = transactions.find((t) => t.transactionId === 'BBID_WAIVER:1576051200:0002:13162');
    assert.deepEqual(claim, {
      transactionId: 'BBID_WAIVER:1576051200:0002:13162',
      type: 'waiver',
      status: 'complete',
      occurredAt: '2019-12-11T08:00:00.000Z',
      rosterIds: ['0002'],
      playerMoves: [
        { playerId: '13162', toRosterId: '0002' },
        { playerId: '13638', fromRosterId: '0002' },
      ],
      faabBid: 34,
    });
    // BB_30: blind-bid dollars traded for two players.
    const budget = transactions.find((t) => t.transactionId.startsWith('TRADE:1567302069:'));
    assert.deepEqual(budget?.budgetMoves, [
      { amount: 30, fromRosterId: '0007', toRosterId: '0014' },
    ]);
    // DP_3_13 and DP_3_5 name this draft's slots, not their first owners: only FP_ is kept.
    const slots = transactions.find((t) => t.transactionId.startsWith('TRADE:1566075789:'));
    assert.deepEqual(slots?.playerMoves, []);
    assert.deepEqual(slots?.pickMoves, [
      {
        season: 2020,
        round: 4,
        originalRosterId: '0004',
        fromRosterId: '0004',
        toRosterId: '0001',
      },
    ]);
  });
});
