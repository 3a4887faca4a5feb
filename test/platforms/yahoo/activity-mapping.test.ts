// The mapping of Yahoo's league data alone: which weeks a sync asks for, the recorded scoreboard
// and standings of week 10 of 406.l.117376 (XML, rendered as Yahoo renders JSON), and what is
// left out rather than guessed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  mapMatchups,
  mapTeamDetails,
  weeksToFetch,
} from '../../../src/platforms/yahoo/activity-mapping.ts';
import { mapTransactions } from '../../../src/platforms/yahoo/transactions-mapping.ts';
import { activityResponses } from '../../../src/platforms/yahoo/activity-schemas.ts';
import type { YahooTransaction } from '../../../src/platforms/yahoo/activity-schemas.ts';
import { validate } from '../../../src/platforms/yahoo/schemas.ts';
import { YAHOO_FIXTURES_SKIP } from '../../helpers/fake-yahoo.ts';
import { xmlElement } from '../../helpers/fake-yahoo-recordings.ts';
import { yahooJsonOf } from '../../helpers/yahoo-xml.ts';

const meta = { league_key: '1.l.2', name: 'L', game_code: 'nfl', season: '2021' };

describe('Yahoo league data mapping', () => {
  it('asks the weeks from the first to the current one, never past the last', () => {
    assert.deepEqual(
      weeksToFetch({ ...meta, start_week: '1', current_week: 3, end_week: '17' }),
      [1, 2, 3],
    );
    assert.deepEqual(
      weeksToFetch({ ...meta, start_week: '2', current_week: '19', end_week: '4' }),
      [2, 3, 4],
    );
    assert.deepEqual(weeksToFetch({ ...meta, current_week: '' }), [], 'no current week: no call');
    const roto = { ...meta, scoring_type: 'roto', current_week: 5 };
    assert.deepEqual(weeksToFetch(roto), [], 'a rotisserie league has no matchups');
  });

  it('leaves out a transaction of an unknown status or type, or with no time', () => {
    const base = { transaction_key: '1.l.2.tr.1', transaction_id: '1', timestamp: '1600000000' };
    const transactions: YahooTransaction[] = [
      { ...base, type: 'trade', status: 'mystery' },
      { ...base, type: 'keeper', status: 'successful' },
      { ...base, type: 'commish', status: 'successful', timestamp: '' },
      { ...base, type: 'drop', status: 'successful' },
    ];
    assert.deepEqual(mapTransactions(transactions, 2021, new Set(['1'])), [
      {
        transactionId: '1',
        type: 'drop',
        status: 'complete',
        occurredAt: '2020-09-13T12:26:40.000Z',
        rosterIds: [],
        playerMoves: [],
      },
    ]);
  });

  describe('on the recorded week 10 of 406.l.117376', { skip: YAHOO_FIXTURES_SKIP }, () => {
    const file = 'nfl-2021-league-406.l.117376-settings-standings-scoreboard.xml';
    const body = () => ({
      fantasy_content: { league: yahooJsonOf(xmlElement(file, 'league')) },
    });

    it('8 matchups under way, with the scores Yahoo had (0.00 at kick-off) and no winner', () => {
      const league = validate(activityResponses.leagueScoreboard, body(), 'recorded')
        .fantasy_content.league;
      const teams = new Set(Array.from({ length: 16 }, (_, i) => String(i + 1)));
      const matchups = mapMatchups(league.scoreboard.matchups ?? [], teams);
      assert.equal(matchups.length, 8);
      assert.ok(
        matchups.every(
          (m) => m.period === 10 && m.status === 'in_progress' && m.kind === 'regular',
        ),
      );
      assert.ok(matchups.every((m) => m.winnerRosterId === undefined));
      assert.deepEqual(matchups[0]?.sides, [
        { rosterId: '1', score: 0 },
        { rosterId: '11', score: 0 },
      ]);
      assert.deepEqual(
        matchups.map((m) => m.matchupId),
        ['1', '2', '3', '4', '5', '6', '7', '8'],
      );
      const without11 = mapMatchups(
        league.scoreboard.matchups ?? [],
        new Set([...teams].filter((t) => t !== '11')),
      );
      assert.equal(without11.length, 7, 'a matchup naming a team the league lacks is left out');
    });

    it("the leader's standing that week", () => {
      const league = validate(activityResponses.leagueActivity, body(), 'recorded').fantasy_content
        .league;
      const leader = league.standings.teams?.find((t) => String(t.team_id) === '10');
      assert.ok(leader);
      assert.deepEqual(mapTeamDetails(leader, new Map()), {
        logoUrl: 'https://s.yimg.com/cv/apiv2/default/nfl/nfl_5.png',
        managers: [{ platformUserId: 'PAJS3OC5M7E2FPMEXCQFVO6T7Q', displayName: 'mike' }],
        record: { wins: 8, losses: 1, ties: 0 },
        pointsFor: 1225.34,
        pointsAgainst: 947.32,
        standing: 1,
      });
    });
  });
});
