// A league's life beside its rosters (issue 29) on the made-up ESPN
// (test/helpers/fake-espn-synthetic-activity.ts): team details, the schedule's statuses, a trade
// with both sides, a FAAB waiver claim, an auction draft; and what happens when the new parts
// are missing or broken (a missing feed is no transactions; a broken one fails the league).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueActivity } from '../../../src/domain/league-data.ts';
import { PlatformError } from '../../../src/platforms/connector.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { ACTIVITY_PAGE_SIZE } from '../../../src/platforms/espn/api.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { SYNTHETIC_ESPN_DATA } from '../../helpers/espn-data.ts';
import { SYNTHETIC_ESPN } from '../../helpers/fake-espn-synthetic.ts';
import { reply } from '../../helpers/fake-platform.ts';
import type { FakeEspn } from '../../helpers/fake-espn.ts';
import { espnRejection, espnWorld } from './world.ts';

const { id } = SYNTHETIC_ESPN.privateLeague;
const ref = { platformLeagueKey: id, season: 2020, sport: 'football' } as const;
const LEAGUE_PATH = `/apis/v3/games/ffl/seasons/2020/segments/0/leagues/${id}`;
const FEED_PATH = `${LEAGUE_PATH}/communication/`;

describe('ESPN league data (synthetic)', () => {
  let fake: FakeEspn;
  let espn: PlatformConnector;
  let account: PlatformAccount;

  before(async () => {
    ({ fake, espn, account } = await espnWorld(
      { maxAttempts: 2, timeoutMs: 2_000 },
      SYNTHETIC_ESPN_DATA,
    ));
  });
  after(() => fake.close());

  async function activity(): Promise<LeagueActivity> {
    const snapshot = await espn.fetchLeague(account, ref, storeHolding());
    assert.ok(snapshot.activity);
    return snapshot.activity;
  }

  test('teams: abbreviation, logo, managers with display names, record, points, standing, division', async () => {
    const snapshot = await espn.fetchLeague(account, ref, storeHolding());
    assert.deepEqual(snapshot.teams[0], {
      rosterId: '1',
      name: 'Example Gridders',
      ownerPlatformUserId: '{00000000-0000-4000-8000-000000000001}',
      abbreviation: 'T1',
      logoUrl: 'https://g.espncdn.com/lm-static/logo-packs/sample/team-1.svg',
      managers: [{ platformUserId: '{00000000-0000-4000-8000-000000000001}', displayName: 'fan1' }],
      record: { wins: 1, losses: 1, ties: 0 },
      pointsFor: 200.5,
      pointsAgainst: 193.75,
      // No final rank yet (rankCalculatedFinal 0): the current seed.
      standing: 3,
      divisionId: '0',
      divisionName: 'North',
    });
    assert.deepEqual(
      snapshot.teams.map((team) => [team.standing, team.divisionName]),
      [
        [3, 'North'],
        [4, 'North'],
        [1, 'South'],
        [2, 'South'],
      ],
    );
  });

  test('the schedule: final, tied, live, upcoming, a bye, playoff; a stranger team left out', async () => {
    const { currentPeriod, matchups } = await activity();
    assert.equal(currentPeriod, 3);
    assert.deepEqual(
      matchups.map((each) => [
        each.matchupId,
        each.period,
        each.status,
        each.kind,
        each.winnerRosterId,
        each.sides.map((side) => `${side.rosterId}:${side.score}`).join(' v '),
      ]),
      [
        ['1', 1, 'final', 'regular', '1', '1:110.5 v 2:98.25'],
        ['2', 1, 'final', 'regular', undefined, '3:87 v 4:87'],
        ['3', 2, 'final', 'regular', '3', '2:101 v 3:120'],
        ['4', 2, 'final', 'regular', '4', '4:95.5 v 1:90'],
        ['5', 3, 'in_progress', 'regular', undefined, '1:45.2 v 3:30.1'],
        ['6', 3, 'in_progress', 'regular', undefined, '2:0 v 4:0'],
        ['7', 4, 'upcoming', 'regular', undefined, '1:0'],
        ['8', 4, 'upcoming', 'playoff', undefined, '3:0 v 2:0'],
      ],
    );
  });

  test('transactions: a trade with both sides, a waiver claim with its bid, an add, a drop', async () => {
    const { transactions } = await activity();
    assert.deepEqual(
      transactions.map((each) => each.transactionId),
      ['tx-trade', 'tx-waiver', 'tx-add', 'tx-drop'],
      'newest first; the move to a team the league lacks is left out',
    );
    assert.deepEqual(transactions[0], {
      transactionId: 'tx-trade',
      type: 'trade',
      status: 'complete',
      occurredAt: '2020-10-14T12:00:00.000Z',
      rosterIds: ['1', '2'],
      playerMoves: [
        { playerId: '90004', fromRosterId: '1', toRosterId: '2' },
        { playerId: '90010', fromRosterId: '2', toRosterId: '1' },
      ],
    });
    assert.deepEqual(transactions[1], {
      transactionId: 'tx-waiver',
      type: 'waiver',
      status: 'complete',
      occurredAt: '2020-10-07T11:00:00.000Z',
      rosterIds: ['4'],
      playerMoves: [
        { playerId: '90011', toRosterId: '4' },
        { playerId: '90012', fromRosterId: '4' },
      ],
      faabBid: 17,
    });
    assert.deepEqual(
      transactions.slice(2).map((each) => [each.type, each.rosterIds, each.playerMoves]),
      [
        [
          'add',
          ['3'],
          [
            { playerId: '90009', toRosterId: '3' },
            { playerId: '90012', fromRosterId: '3' },
          ],
        ],
        ['drop', ['1'], [{ playerId: '90012', fromRosterId: '1' }]],
      ],
    );
  });

  test('the auction draft: prices, the keeper, start time; no future picks on ESPN', async () => {
    const { drafts, futurePicks } = await activity();
    assert.deepEqual(futurePicks, []);
    assert.equal(drafts.length, 1);
    const [draft] = drafts;
    assert.deepEqual(
      { ...draft, picks: undefined },
      {
        draftId: id,
        type: 'auction',
        status: 'complete',
        startedAt: '2020-09-05T18:00:00.000Z',
        rounds: 2,
        picks: undefined,
      },
    );
    assert.deepEqual(draft?.picks.slice(0, 2), [
      {
        overall: 1,
        round: 1,
        pickInRound: 1,
        rosterId: '1',
        playerId: '90003',
        keeper: false,
        price: 25,
      },
      {
        overall: 2,
        round: 1,
        pickInRound: 2,
        rosterId: '2',
        playerId: '90001',
        keeper: true,
        price: 40,
      },
    ]);
    assert.deepEqual(draft?.picks[5], {
      overall: 6,
      round: 2,
      pickInRound: 2,
      rosterId: '2',
      playerId: '-16012',
      keeper: false,
      price: 1,
    });
  });

  test('leagues without a feed, schedule or draft: empty parts, not failures', async () => {
    const snapshot = await espn.fetchLeague(
      account,
      { platformLeagueKey: SYNTHETIC_ESPN.basketballLeague.id, season: 2022, sport: 'basketball' },
      storeHolding(),
    );
    assert.equal(fake.requests.at(-1)?.path.endsWith('/communication/'), true);
    assert.deepEqual(snapshot.activity, {
      matchups: [],
      transactions: [],
      drafts: [],
      futurePicks: [],
    });
  });

  test('a feed ESPN keeps private (401) is no transactions; the rest of the league stays', async () => {
    fake.route(FEED_PATH, reply.json({ details: [{ type: 'AUTH_LEAGUE_NOT_VISIBLE' }] }, 401));
    try {
      const { transactions, matchups } = await activity();
      assert.deepEqual(transactions, []);
      assert.equal(matchups.length, 8);
    } finally {
      fake.route(FEED_PATH, fake.answer);
    }
  });

  test('seasons before 2019 have no feed: not asked for', async () => {
    const recorded = fake.league('ffl', 2020, id, ['mTeam', 'mRoster', 'mSettings']);
    assert.ok(recorded);
    fake.seasons.set(`ffl/2018/${id}`, { ...recorded, seasonId: 2018 });
    try {
      const before = fake.totalHits();
      const snapshot = await espn.fetchLeague(account, { ...ref, season: 2018 }, storeHolding());
      assert.equal(fake.totalHits(), before + 1);
      assert.deepEqual(snapshot.activity?.transactions, []);
    } finally {
      fake.seasons.delete(`ffl/2018/${id}`);
    }
  });

  test('a long feed is read page by page, until a short page', async () => {
    const topics = Array.from({ length: ACTIVITY_PAGE_SIZE + 2 }, (_, i) => ({
      id: `tx-${String(i).padStart(4, '0')}`,
      date: Date.UTC(2020, 9, 1) - i * 60_000,
      messages: [{ messageTypeId: 178, targetId: 90012, to: 1 }],
    }));
    const offsets: number[] = [];
    fake.route(FEED_PATH, (request) => {
      const filter = JSON.parse(String(request.headers['x-fantasy-filter'])) as {
        topics: { offset: number; limit: number };
      };
      offsets.push(filter.topics.offset);
      const { offset, limit } = filter.topics;
      return reply.json({ topics: topics.slice(offset, offset + limit) });
    });
    try {
      const { transactions } = await activity();
      assert.deepEqual(offsets, [0, ACTIVITY_PAGE_SIZE]);
      assert.equal(transactions.length, ACTIVITY_PAGE_SIZE + 2);
      assert.equal(transactions.at(-1)?.transactionId, `tx-${ACTIVITY_PAGE_SIZE + 1}`);
    } finally {
      fake.route(FEED_PATH, fake.answer);
    }
  });

  test('a broken feed or schedule fails the league: invalid_response, unavailable', async () => {
    const failure = async (): Promise<PlatformError> =>
      espnRejection(espn.fetchLeague(account, ref, storeHolding()), PlatformError);
    try {
      fake.route(FEED_PATH, reply.json({ topics: [{ id: 'x', date: 'yesterday', messages: [] }] }));
      const feed = await failure();
      assert.equal(feed.kind, 'invalid_response');
      assert.ok(
        feed.message.includes('/communication/ answered an unexpected shape at /topics'),
        feed.message,
      );
      fake.route(FEED_PATH, reply.malformed());
      assert.equal((await failure()).kind, 'invalid_response');
      fake.route(FEED_PATH, [reply.status(503), reply.status(503)]);
      assert.equal((await failure()).kind, 'unavailable');
      fake.route(FEED_PATH, fake.answer);
      fake.route(LEAGUE_PATH, (request) => {
        const answered = fake.answer(request);
        const text = 'body' in answered ? String(answered.body) : '{}';
        const league = JSON.parse(text) as Record<string, unknown>;
        return reply.json({ ...league, schedule: [{ id: 1, matchupPeriodId: 0 }] });
      });
      const schedule = await failure();
      assert.equal(schedule.kind, 'invalid_response');
      assert.match(schedule.message, /leagues\/90001 answered an unexpected shape at \/schedule:/);
    } finally {
      fake.route(FEED_PATH, fake.answer);
      fake.route(LEAGUE_PATH, fake.answer);
    }
  });
});
