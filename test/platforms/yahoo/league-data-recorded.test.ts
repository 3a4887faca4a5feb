// A Yahoo league's data beside its rosters on the recordings in ../shared/fixtures/yahoo (served
// by the fake): a team's standing, every week's matchups so far, the draft, an add/drop and trades.
// What no recording holds is in league-data-synthetic.test.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { YAHOO_FIXTURES_SKIP } from '../../helpers/fake-yahoo.ts';
import { yahooWorld } from './world.ts';
import type { YahooWorld } from './world.ts';

const FOOTBALL_2021 = {
  platformLeagueKey: '406.l.117376',
  sport: 'football',
  season: 2021,
} as const;
const TRADES_2020 = { platformLeagueKey: '399.l.710921', sport: 'football', season: 2020 } as const;

describe('Yahoo league data on the recordings', { skip: YAHOO_FIXTURES_SKIP }, () => {
  let world: YahooWorld;
  let connector: PlatformConnector;
  let account: PlatformAccount;
  let league: LeagueSnapshot;
  let paths: string[];
  before(async () => {
    world = await yahooWorld();
    connector = world.connector();
    account = await world.linked(connector);
    const sent = world.fake.requests.length;
    league = await connector.fetchLeague(account, FOOTBALL_2021, storeHolding());
    paths = world.fake.requests.slice(sent).map((r) => r.path.slice('/fantasy/v2'.length));
  });
  after(() => world.close());

  it('asks rosters, settings/standings/draft/transactions, weeks 1-13 at once, then a call per week of lineups', () => {
    const weeks = Array.from({ length: 13 }, (_, i) => i + 1);
    assert.deepEqual(paths, [
      '/league/406.l.117376/teams/roster',
      '/league/406.l.117376;out=settings,standings,draftresults,transactions',
      '/league/406.l.117376/scoreboard;week=1,2,3,4,5,6,7,8,9,10,11,12,13',
      ...weeks.map(
        (week) =>
          `/league/406.l.117376/teams/roster;week=${week}/players/stats;type=week;week=${week}`,
      ),
    ]);
    assert.equal(league.activity?.currentPeriod, 13);
  });

  it("a team's record, points, standing, logo and manager from the standings", () => {
    assert.deepEqual(
      league.teams.find((t) => t.rosterId === '4'),
      {
        rosterId: '4',
        name: 'Chalupa Batman',
        ownerPlatformUserId: 'HJXEGSOPDMQLLZFJIQ2BCZA3Z4',
        logoUrl:
          'https://yahoofantasysports-res.cloudinary.com/image/upload/t_s192sq/fantasy-logos/25228801831_861d183f44.jpg',
        managers: [{ platformUserId: 'HJXEGSOPDMQLLZFJIQ2BCZA3Z4', displayName: 'Kenneth' }],
        record: { wins: 9, losses: 3, ties: 0 },
        pointsFor: 1579.2,
        pointsAgainst: 1481.18,
        standing: 3,
      },
    );
    const leader = league.teams.find((t) => t.standing === 1);
    assert.deepEqual([leader?.rosterId, leader?.record], ['2', { wins: 9, losses: 3, ties: 0 }]);
    assert.equal(league.teams.filter((t) => t.record !== undefined).length, 16);
  });

  it("matchups: each week's scores, status and winner (week 13 under way)", () => {
    const matchups = league.activity?.matchups ?? [];
    assert.deepEqual(
      matchups.map((m) => m.period),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
    );
    assert.deepEqual(matchups[0], {
      period: 1,
      matchupId: '1',
      sides: [
        { rosterId: '4', score: 141.72 },
        { rosterId: '14', score: 107.5 },
      ],
      status: 'final',
      kind: 'regular',
      winnerRosterId: '4',
    });
    assert.equal(matchups[1]?.winnerRosterId, '15', 'week 2: 109.28 to 166.76, a loss');
    assert.deepEqual(matchups[12], {
      period: 13,
      matchupId: '1',
      sides: [
        { rosterId: '4', score: 0 },
        { rosterId: '11', score: 0 },
      ],
      status: 'in_progress',
      kind: 'regular',
    });
  });

  it('the draft: 256 picks in order with round, place in round, team and player', () => {
    const [draft, ...others] = league.activity?.drafts ?? [];
    assert.equal(others.length, 0);
    assert.ok(draft);
    assert.deepEqual(
      { ...draft, picks: draft.picks.length },
      {
        draftId: '406.l.117376',
        status: 'complete',
        startedAt: '2021-08-30T01:00:00.000Z',
        rounds: 16,
        picks: 256,
      },
    );
    assert.deepEqual(draft.picks[0], {
      overall: 1,
      round: 1,
      pickInRound: 1,
      rosterId: '12',
      playerId: '32736',
    });
    assert.deepEqual(draft.picks[2], {
      overall: 3,
      round: 1,
      pickInRound: 3,
      rosterId: '4',
      playerId: '31883',
    });
    assert.deepEqual(
      draft.picks.slice(4, 6).map((p) => p.rosterId),
      ['9', '9'],
      'team 9 held two first-round picks',
    );
    assert.deepEqual(draft.picks[16], {
      overall: 17,
      round: 2,
      pickInRound: 1,
      rosterId: '12',
      playerId: '33392',
    });
    assert.deepEqual(draft.picks[255], {
      overall: 256,
      round: 16,
      pickInRound: 16,
      rosterId: '11',
      playerId: '31833',
    });
  });

  it('an add/drop: the team, both players and when; their records fill the pool gaps', () => {
    assert.deepEqual(league.activity?.transactions, [
      {
        transactionId: '584',
        type: 'add',
        status: 'complete',
        occurredAt: '2021-11-29T22:23:25.000Z',
        rosterIds: ['4'],
        playerMoves: [
          { playerId: '32814', toRosterId: '4' },
          { playerId: '32608', fromRosterId: '4' },
        ],
      },
    ]);
    // The dropped player is on no roster: his record comes from the transaction.
    assert.deepEqual(
      league.players.find((p) => p.playerId === '32608'),
      {
        playerId: '32608',
        fullName: "D'Ernest Johnson",
        firstName: "D'Ernest",
        lastName: 'Johnson',
        position: 'RB',
        irlTeam: 'CLE',
        active: true,
      },
    );
    // The added one is on team 4's roster now: the roster's fuller record wins.
    assert.equal(league.players.find((p) => p.playerId === '32814')?.uniformNumber, '31');
  });

  it('trades: both sides of each, newest first', async () => {
    const trades = await connector.fetchLeague(account, TRADES_2020, storeHolding(['29236']));
    const transactions = trades.activity?.transactions ?? [];
    assert.deepEqual(
      transactions.map((t) => [t.transactionId, t.type, t.status, t.rosterIds]),
      [
        ['319', 'trade', 'complete', ['9', '3']],
        ['295', 'trade', 'complete', ['2', '5']],
        ['133', 'trade', 'complete', ['9', '4']],
      ],
    );
    assert.deepEqual(transactions[0], {
      transactionId: '319',
      type: 'trade',
      status: 'complete',
      occurredAt: '2020-11-12T08:15:06.000Z',
      rosterIds: ['9', '3'],
      playerMoves: [
        { playerId: '26804', fromRosterId: '9', toRosterId: '3' },
        { playerId: '29236', fromRosterId: '3', toRosterId: '9' },
      ],
    });
    const ids = trades.players.map((p) => p.playerId).sort();
    assert.deepEqual(ids, ['26660', '26804', '29235', '31019', '31934'], 'Wentz is stored already');
    assert.equal(trades.players.find((p) => p.playerId === '26804')?.fullName, 'Latavius Murray');
  });
});
