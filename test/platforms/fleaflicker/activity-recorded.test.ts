// A league's activity beside its rosters, from recorded Fleaflicker responses
// (../shared/fixtures/fleaflicker, read at test time, never copied): team details, matchups,
// transactions and trades, the draft and the picks teams hold. Served by a real local HTTP server.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import type { PlatformAccount } from '../../../src/platforms/connector.ts';
import { createFleaflickerConnector } from '../../../src/platforms/fleaflicker/index.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import {
  FLEAFLICKER_FIXTURES_SKIP,
  RECORDED_FLEAFLICKER_EMAIL,
  startFakeFleaflicker,
} from '../../helpers/fake-fleaflicker.ts';
import type { FakeFleaflicker } from '../../helpers/fake-fleaflicker.ts';
import { reply } from '../../helpers/fake-platform.ts';

const AAA = '312861'; // rosters, one team's transaction feed and its trades recorded
const JACKPOT = '206154'; // scoreboards of weeks 4-5, one team's feed, trades, draft, team picks

const account: PlatformAccount = {
  platform: 'fleaflicker',
  externalUserId: RECORDED_FLEAFLICKER_EMAIL,
};
const ref = (key: string) => ({ platformLeagueKey: key, season: 2020, sport: 'football' as const });

describe(
  'Fleaflicker league activity on recorded responses',
  { skip: FLEAFLICKER_FIXTURES_SKIP },
  () => {
    let fake: FakeFleaflicker;
    let aaa: LeagueSnapshot;
    let jackpot: LeagueSnapshot;
    let aaaCalls: Array<[string, string]>;
    let jackpotCalls: Array<[string, string]>;

    before(async () => {
      // Jackpot's rosters are not recorded: an empty roster list stands in for them.
      fake = await startFakeFleaflicker({
        overrides: {
          '/FetchLeagueRosters': (r) =>
            r.query.get('league_id') === JACKPOT
              ? reply.json({})
              : reply.raw(JSON.stringify(fake.recorded(`FetchLeagueRosters-${AAA}.json`))),
        },
      });
      // Past Fleaflicker's 60 calls a minute: the recorded league's box scores alone are 16.
      const options = {
        baseUrl: fake.baseUrl,
        backoffBaseMs: 1,
        timeoutMs: 5_000,
        requestsPerMinute: 10_000,
      };
      const calls = (from: number): Array<[string, string]> =>
        fake.requests
          .slice(from)
          .map((r) => [
            r.path,
            r.query.get('result_offset') ??
              r.query.get('scoring_period') ??
              r.query.get('team_id') ??
              '',
          ]);
      let from = fake.totalHits();
      // 2020 is over by now: the whole schedule, no team picks.
      aaa = await createFleaflickerConnector(options).fetchLeague(
        account,
        ref(AAA),
        storeHolding(),
      );
      aaaCalls = calls(from);
      from = fake.totalHits();
      // In June 2021 the 2020 season is not yet over by the engine's rule: team picks are read.
      const june2021 = () => new Date('2021-06-12T00:00:00Z');
      jackpot = await createFleaflickerConnector({ ...options, today: june2021 }).fetchLeague(
        account,
        ref(JACKPOT),
        storeHolding(),
      );
      jackpotCalls = calls(from);
    });
    after(() => fake.close());

    test('reads every page of the season and no more, and team picks only while it lasts', () => {
      const paths = (calls: Array<[string, string]>, path: string) =>
        calls.filter(([p]) => p === path).map(([, q]) => q);
      assert.deepEqual(paths(aaaCalls, '/FetchLeagueTransactions'), ['0', '30', '60']);
      assert.deepEqual(paths(aaaCalls, '/FetchTrades'), ['0']);
      assert.deepEqual(paths(aaaCalls, '/FetchLeagueScoreboard'), ['']);
      assert.deepEqual(paths(aaaCalls, '/FetchTeamPicks'), []);
      // Standings, rosters and rules; the feed's 3 pages, trades, scoreboard and draft board. No
      // scoreboard game is recorded for this league, so no box score is asked for.
      assert.equal(aaaCalls.length, 3 + 3 + 1 + 1 + 1);
      // Jackpot's trades: the page of 2018 trades is older than the season, so paging stops there.
      assert.deepEqual(paths(jackpotCalls, '/FetchTrades'), ['0', '80']);
      assert.deepEqual(paths(jackpotCalls, '/FetchLeagueScoreboard').sort(), ['', '4']);
      assert.equal(paths(jackpotCalls, '/FetchTeamPicks').length, 16);
    });

    test("maps each team's managers, initials, record, points and standing", () => {
      const ray = aaa.teams.find((t) => t.rosterId === '1582416');
      assert.deepEqual(ray, {
        rosterId: '1582416',
        name: 'Ray Jay Team',
        ownerPlatformUserId: '716040',
        abbreviation: 'RJ',
        managers: [{ platformUserId: '716040', displayName: 'Redhogs' }],
        record: { wins: 25, losses: 1, ties: 0 },
        pointsFor: 2121.53,
        pointsAgainst: 1782.39,
        standing: 3,
      });
      const verb = aaa.teams.find((t) => t.rosterId === '1582423');
      assert.equal(verb?.logoUrl, 'https://s3.amazonaws.com/fleaflicker/t1582423_0_150x150.jpg');
      // Jackpot plays in four named divisions.
      const wolves = jackpot.teams.find((t) => t.rosterId === '1373475');
      assert.deepEqual(
        [
          wolves?.divisionId,
          wolves?.divisionName,
          wolves?.record,
          wolves?.standing,
          wolves?.pointsFor,
        ],
        ['606682', 'JDL East', { wins: 8, losses: 5, ties: 0 }, 2, 2865.93],
      );
    });

    test('maps the weeks up to the current one, with scores, status and winner', () => {
      const activity = jackpot.activity;
      assert.equal(activity?.currentPeriod, 5);
      assert.deepEqual(
        activity?.matchups.map((m) => m.period),
        [...Array(8).fill(4), ...Array(8).fill(5)],
      );
      assert.deepEqual(
        activity?.matchups.find((m) => m.matchupId === '44686840'),
        {
          period: 4,
          matchupId: '44686840',
          sides: [
            { rosterId: '1373535', score: 174.31 },
            { rosterId: '1373970', score: 168.51 },
          ],
          status: 'final',
          kind: 'regular',
          winnerRosterId: '1373535',
        },
      );
      const away = activity?.matchups.find((m) => m.matchupId === '46301923');
      assert.deepEqual(away?.sides, [
        { rosterId: '1373991', score: 161.65 },
        { rosterId: '1373475', score: 206.65 },
      ]);
      assert.equal(away?.winnerRosterId, '1373475');
      // No scoreboard recorded for the other league: no matchups, no current week.
      assert.deepEqual(aaa.activity?.matchups, []);
      assert.equal(aaa.activity?.currentPeriod, undefined);
    });

    test('a waiver claim with its bid and drop, and the bids that lost', () => {
      const ofAhmed = aaa.activity?.transactions.filter((t) =>
        t.playerMoves.some((m) => m.playerId === '15937' && m.toRosterId),
      );
      assert.deepEqual(ofAhmed, [
        {
          transactionId: '1605697200000-1581722-15937',
          type: 'waiver',
          status: 'complete',
          occurredAt: '2020-11-18T11:00:00.000Z',
          rosterIds: ['1581722'],
          playerMoves: [
            { playerId: '15937', toRosterId: '1581722' },
            { playerId: '14009', fromRosterId: '1581722' },
          ],
          faabBid: 15,
        },
        {
          transactionId: '1605697200000-1581721-15937',
          type: 'waiver',
          status: 'failed',
          occurredAt: '2020-11-18T11:00:00.000Z',
          rosterIds: ['1581721'],
          playerMoves: [{ playerId: '15937', toRosterId: '1581721' }],
          faabBid: 12,
        },
        {
          transactionId: '1605697200000-1582416-15937',
          type: 'waiver',
          status: 'failed',
          occurredAt: '2020-11-18T11:00:00.000Z',
          rosterIds: ['1582416'],
          playerMoves: [{ playerId: '15937', toRosterId: '1582416' }],
          faabBid: 10,
        },
      ]);
      // A player the league's rosters lack comes with the league, described by the feed.
      assert.equal(aaa.players.find((p) => p.playerId === '15937')?.fullName, 'Salvon Ahmed');
    });

    test('keeps the season: no 2021 moves, no imports, trades whole from FetchTrades', () => {
      const transactions = aaa.activity?.transactions ?? [];
      assert.ok(
        transactions.every((t) => t.occurredAt >= '2020-03-01' && t.occurredAt < '2021-03-01'),
      );
      assert.ok(!transactions.some((t) => t.playerMoves.some((m) => m.playerId === '16350')));
      assert.deepEqual(
        transactions.filter((t) => t.type === 'trade').map((t) => t.transactionId),
        ['6020566', '5976917'],
      );
      // A free-agent add (Fleaflicker leaves its type out) with the drop made with it.
      const terrell = jackpot.activity?.transactions.find(
        (t) => t.transactionId === '1608245753000-1373475-15529',
      );
      assert.deepEqual(terrell?.type, 'add');
      assert.deepEqual(terrell?.playerMoves, [
        { playerId: '15529', toRosterId: '1373475' },
        { playerId: '11234', fromRosterId: '1373475' },
      ]);
      // A claim in a league without bids: no bid.
      const tyron = jackpot.activity?.transactions.find(
        (t) => t.transactionId === '1608116400000-1373475-15053',
      );
      assert.equal(tyron?.type, 'waiver');
      assert.equal(tyron?.faabBid, undefined);
    });

    test('a trade with both sides and the pick that changed hands', () => {
      const trades = jackpot.activity?.transactions.filter((t) => t.type === 'trade') ?? [];
      assert.equal(trades.length, 10);
      assert.deepEqual(
        trades.find((t) => t.transactionId === '6182361'),
        {
          transactionId: '6182361',
          type: 'trade',
          status: 'complete',
          occurredAt: new Date(1605237938000).toISOString(),
          rosterIds: ['1373970', '1374315'],
          playerMoves: [
            { playerId: '12890', toRosterId: '1373970', fromRosterId: '1374315' },
            { playerId: '15603', toRosterId: '1374315', fromRosterId: '1373970' },
          ],
          pickMoves: [
            {
              season: 2021,
              round: 4,
              originalRosterId: '1373970',
              fromRosterId: '1373970',
              toRosterId: '1374315',
            },
          ],
        },
      );
      // Players released to make room leave the team that obtained the others.
      const released = trades.find((t) => t.transactionId === '5823919')?.playerMoves ?? [];
      assert.deepEqual(
        released.filter((m) => m.toRosterId === undefined),
        [
          { playerId: '14848', fromRosterId: '1373475' },
          { playerId: '15936', fromRosterId: '1373475' },
        ],
      );
    });

    test('the draft in pick order, and the picks each team holds', () => {
      const [draft, ...more] = jackpot.activity?.drafts ?? [];
      assert.equal(more.length, 0);
      assert.deepEqual(
        [draft?.draftId, draft?.status, draft?.rounds, draft?.picks.length],
        [JACKPOT, 'complete', 5, 80],
      );
      assert.deepEqual(draft?.picks[0], {
        overall: 1,
        round: 1,
        pickInRound: 1,
        rosterId: '1373970',
        playerId: '15539',
      });
      assert.deepEqual(draft?.picks[17], {
        overall: 18,
        round: 2,
        pickInRound: 2,
        rosterId: '1374252',
        playerId: '15531',
      });
      const picks = jackpot.activity?.futurePicks ?? [];
      assert.equal(picks.length, 18);
      assert.ok(picks.every((p) => p.season > 2020));
      assert.deepEqual(
        picks.filter((p) => p.season === 2021 && p.round === 1),
        [{ season: 2021, round: 1, originalRosterId: '1373475', ownerRosterId: '1373988' }],
      );
      assert.deepEqual(
        picks.filter((p) => p.season === 2021 && p.round === 5),
        [
          { season: 2021, round: 5, originalRosterId: '1373475', ownerRosterId: '1373475' },
          { season: 2021, round: 5, originalRosterId: '1373993', ownerRosterId: '1373475' },
          { season: 2021, round: 5, originalRosterId: '1374271', ownerRosterId: '1373475' },
        ],
      );
      assert.deepEqual(aaa.activity?.drafts, []);
      assert.deepEqual(aaa.activity?.futurePicks, []);
    });
  },
);
