// A league's life beside its rosters (issue 29) from recorded ESPN responses
// (../shared/fixtures/espn, read at test time): standings on mTeam, the schedule
// (mMatchupScore), the draft (mDraftDetail) and the activity feed (kona_league_communication),
// served by the fake ESPN, plus the basketball box scores mapped directly (category and points
// leagues, which the fake's basketball league is not).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LeagueActivity, MatchupRecord } from '../../../src/domain/league-data.ts';
import type { PlatformAccount, PlatformConnector } from '../../../src/platforms/connector.ts';
import { mapMatchups } from '../../../src/platforms/espn/league-activity.ts';
import { responses, validate } from '../../../src/platforms/espn/schemas.ts';
import type { EspnLeague } from '../../../src/platforms/espn/schemas.ts';
import { storeHolding } from '../../helpers/connectors.ts';
import { ESPN_FIXTURES_DIR, ESPN_FIXTURES_SKIP } from '../../helpers/fake-espn.ts';
import type { FakeEspn } from '../../helpers/fake-espn.ts';
import { espnWorld } from './world.ts';

function activityOf(snapshot: { activity?: LeagueActivity }): LeagueActivity {
  assert.ok(snapshot.activity, 'the snapshot carries its activity');
  return snapshot.activity;
}

function matchup(activity: LeagueActivity, id: string): MatchupRecord | undefined {
  return activity.matchups.find((each) => each.matchupId === id);
}

describe('ESPN league data on recorded responses', { skip: ESPN_FIXTURES_SKIP }, () => {
  let fake: FakeEspn;
  let espn: PlatformConnector;
  let account: PlatformAccount;

  before(async () => {
    ({ fake, espn, account } = await espnWorld({ timeoutMs: 5_000 }));
  });
  after(() => fake.close());

  test('football 899513: the whole 2020 schedule with scores, winners, kinds; its keeper draft', async () => {
    const snapshot = await espn.fetchLeague(
      account,
      { platformLeagueKey: '899513', season: 2020, sport: 'football' },
      storeHolding(),
    );
    const activity = activityOf(snapshot);
    assert.equal(activity.currentPeriod, 14);
    assert.equal(activity.matchups.length, 70);
    assert.deepEqual(matchup(activity, '1'), {
      period: 1,
      matchupId: '1',
      sides: [
        { rosterId: '4', score: 130.5 },
        { rosterId: '1', score: 101.82 },
      ],
      status: 'final',
      kind: 'regular',
      winnerRosterId: '4',
    });
    assert.equal(matchup(activity, '3')?.winnerRosterId, '5', 'AWAY won: the away team');
    assert.deepEqual(matchup(activity, '66'), {
      period: 14,
      matchupId: '66',
      sides: [
        { rosterId: '5', score: 285.02 },
        { rosterId: '9', score: 244.62 },
      ],
      status: 'final',
      kind: 'playoff',
      winnerRosterId: '5',
    });
    assert.equal(matchup(activity, '70')?.kind, 'consolation');
    assert.equal(matchup(activity, '67')?.kind, 'consolation', 'the winners consolation ladder');
    assert.deepEqual(
      activity.matchups.slice(0, 6).map((each) => [each.period, each.matchupId]),
      [
        [1, '1'],
        [1, '2'],
        [1, '3'],
        [1, '4'],
        [1, '5'],
        [2, '6'],
      ],
    );

    assert.equal(activity.drafts.length, 1);
    const [draft] = activity.drafts;
    assert.deepEqual(
      { ...draft, picks: draft?.picks.length },
      {
        draftId: '899513',
        type: 'offline',
        status: 'complete',
        startedAt: '2020-09-06T16:00:00.000Z',
        rounds: 22,
        picks: 220,
      },
    );
    // Team 2's first keeper; an offline draft with no bids has no prices.
    assert.deepEqual(draft?.picks[6], {
      overall: 7,
      round: 1,
      pickInRound: 7,
      rosterId: '2',
      playerId: '16800',
      keeper: true,
    });
    assert.deepEqual(draft?.picks.at(-1), {
      overall: 220,
      round: 22,
      pickInRound: 10,
      rosterId: '7',
      playerId: '3135321',
      keeper: false,
    });
    // No feed was recorded for this league: ESPN's 404 there is no transactions, not a failure.
    assert.deepEqual(activity.transactions, []);
    assert.deepEqual(activity.futurePicks, []);
  });

  test('football 1178049: the activity feed as transactions, newest first', async () => {
    const snapshot = await espn.fetchLeague(
      { platform: 'espn', externalUserId: 'leagues:1178049' },
      { platformLeagueKey: '1178049', season: 2020, sport: 'football' },
      storeHolding(),
    );
    const feed = fake.requests.at(-1);
    assert.equal(feed?.query.get('view'), 'kona_league_communication');
    const filter = JSON.parse(String(feed?.headers['x-fantasy-filter'])) as {
      topics: { filterType: unknown; offset: number; filterIncludeMessageTypeIds: unknown };
    };
    assert.deepEqual(filter.topics.filterType, { value: ['ACTIVITY_TRANSACTIONS'] });
    assert.equal(filter.topics.offset, 0);
    assert.deepEqual(filter.topics.filterIncludeMessageTypeIds, {
      value: [178, 180, 179, 239, 181, 244],
    });
    const activity = activityOf(snapshot);
    assert.equal(activity.currentPeriod, 15);
    assert.deepEqual(activity.matchups, [], 'recorded without mMatchupScore');
    assert.deepEqual(activity.drafts, [], 'recorded without mDraftDetail');
    const { transactions } = activity;
    assert.equal(transactions.length, 10);
    assert.deepEqual(transactions[0], {
      transactionId: '618b1aeb-86f8-4e5c-9c58-c7025177a34d',
      type: 'add',
      status: 'complete',
      occurredAt: '2021-01-03T17:48:22.930Z',
      rosterIds: ['13'],
      playerMoves: [
        { playerId: '3042910', toRosterId: '13' },
        { playerId: '3128390', fromRosterId: '13' },
      ],
    });
    // 239: a drop, its team in `for` (to and from are -1).
    assert.deepEqual(
      transactions.find((each) => each.transactionId.startsWith('b67d698a')),
      {
        transactionId: 'b67d698a-46a5-4824-a095-3c8dd3672df8',
        type: 'drop',
        status: 'complete',
        occurredAt: '2021-01-03T13:05:10.519Z',
        rosterIds: ['3'],
        playerMoves: [{ playerId: '16732', fromRosterId: '3' }],
      },
    );
    // A team defence added for a drop.
    assert.deepEqual(
      transactions.find((each) => each.transactionId.startsWith('252829ff'))?.playerMoves,
      [
        { playerId: '-16026', fromRosterId: '11' },
        { playerId: '-16017', toRosterId: '11' },
      ],
    );
    assert.deepEqual(
      transactions.map((each) => each.occurredAt),
      [...transactions.map((each) => each.occurredAt)].sort().reverse(),
    );
  });

  test('basketball 1234: the snake draft, picks of teams the league body lacks left out', async () => {
    const snapshot = await espn.fetchLeague(
      account,
      { platformLeagueKey: '1234', season: 2022, sport: 'basketball' },
      storeHolding(),
    );
    const [draft, ...more] = activityOf(snapshot).drafts;
    assert.equal(more.length, 0);
    assert.equal(draft?.type, 'snake');
    assert.equal(draft?.startedAt, '2022-10-03T15:38:00.000Z');
    assert.equal(draft?.rounds, 13);
    // 52 of 130 picks: the fake's league holds teams 1, 6, 7, 9, 11 and 12 only.
    assert.equal(draft?.picks.length, 52);
    assert.deepEqual(draft?.picks[1], {
      overall: 7,
      round: 1,
      pickInRound: 7,
      rosterId: '9',
      playerId: '3059318', // Joel Embiid
      keeper: false,
    });
    assert.ok(draft?.picks.every((pick) => ['1', '6', '7', '9'].includes(pick.rosterId)));
  });
});

/** A recorded box score as a league body, with the teams it names and the facts it lacks. */
function boxScoreLeague(file: string, scoringType: string): EspnLeague {
  const body = JSON.parse(readFileSync(join(ESPN_FIXTURES_DIR, file), 'utf8')) as EspnLeague;
  // The roto recording's league id was anonymized to the text "LEAGUE_ID"; ESPN sends a number.
  const league = validate(responses.league, { ...body, id: 1234 }, file);
  return {
    ...league,
    settings: { scoringSettings: { scoringType } },
    status: { currentMatchupPeriod: 16 },
  };
}

describe(
  'ESPN basketball box scores (recorded, mapped directly)',
  { skip: ESPN_FIXTURES_SKIP },
  () => {
    const teams = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    test('head-to-head categories: a side scores the categories it wins', () => {
      const league = boxScoreLeague(
        'fba-2023-league-boxscore-h2hcat-mMatchupScore-mScoreboard.json',
        'H2H_CATEGORY',
      );
      const matchups = mapMatchups(league, teams);
      assert.equal(matchups.length, 5);
      assert.deepEqual(matchups[0], {
        period: 16,
        matchupId: '76',
        sides: [
          { rosterId: '2', score: 6 },
          { rosterId: '3', score: 2 },
        ],
        status: 'in_progress',
        kind: 'regular',
      });
    });

    test('head-to-head points: totalPoints; a team the league lacks leaves its matchup out', () => {
      const league = boxScoreLeague(
        'fba-2023-league-boxscore-h2hpoints-mMatchupScore-mScoreboard.json',
        'H2H_POINTS',
      );
      assert.deepEqual(mapMatchups(league, teams)[0]?.sides, [
        { rosterId: '4', score: 896 },
        { rosterId: '3', score: 901 },
      ]);
      const withoutTeam3 = new Set([...teams].filter((id) => id !== 3));
      assert.deepEqual(
        mapMatchups(league, withoutTeam3).map((each) => each.matchupId),
        ['77', '78', '79', '80'],
      );
    });

    test('rotisserie: no head-to-head matchups', () => {
      const league = boxScoreLeague(
        'fba-2023-league-boxscore-roto-mMatchupScore-mScoreboard.json',
        'ROTO',
      );
      assert.equal(league.schedule?.length, 1);
      assert.deepEqual(mapMatchups(league, new Set([1, 6, 7, 9, 11, 12])), []);
    });
  },
);
