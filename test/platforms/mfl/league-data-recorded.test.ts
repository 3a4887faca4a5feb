// The MFL connector's league data on the recordings of league 54040: the 2020 schedule, draft and
// future picks (standings and transactions of 2020 are not recorded), and the 2019 transactions.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { LeagueFetchContext, PlatformAccount } from '../../../src/platforms/connector.ts';
import { createMflConnector } from '../../../src/platforms/mfl/index.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeMfl } from '../../helpers/fake-mfl.ts';
import { RECORDED_MFL } from '../../helpers/mfl-data.ts';

const PUBLIC: PlatformAccount = { platform: 'mfl', externalUserId: 'public-leagues' };
const ref = (key: string, season = 2020) => ({
  platformLeagueKey: key,
  season,
  sport: 'football' as const,
});
/** A store whose pool holds every player asked about: no player lookups. */
const EVERY_PLAYER: LeagueFetchContext = { storedPlayerIds: async (asked) => new Set(asked) };

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

  test("2020: seven calls, the game's three and a week's results each; the schedule, the draft and the future picks", async () => {
    const asked = fake.requests.length;
    const league = await connect().fetchLeague(PUBLIC, ref('54040'), EVERY_PLAYER);
    const types = fake.requests.slice(asked).map((r) => r.query.get('TYPE'));
    assert.deepEqual(
      types.filter((type) => type !== 'weeklyResults').sort(),
      [
        'allRules',
        'draftResults',
        'futureDraftPicks',
        'injuries',
        'league',
        'leagueStandings',
        'rosters',
        'rules',
        'schedule',
        'transactions',
      ],
      'no auctionResults: the draft has picks made',
    );
    // Weeks 1 to 16, the current one: none is held as final by this store.
    assert.equal(types.filter((type) => type === 'weeklyResults').length, 16);
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
