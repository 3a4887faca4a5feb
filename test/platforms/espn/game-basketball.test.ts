// Basketball box scores from the recordings (../shared/fixtures/espn, read at test time, never
// copied), mapped directly: head-to-head points and categories leagues, whose matchup period
// spans several scoring days. The lineup's period is the matchup period, as for matchups.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { boxScoreResponse } from '../../../src/platforms/espn/game-schemas.ts';
import { mapMatchups } from '../../../src/platforms/espn/league-activity.ts';
import { lineupPeriods, mapLineups } from '../../../src/platforms/espn/lineups.ts';
import { responses, validate } from '../../../src/platforms/espn/schemas.ts';
import { ESPN_FIXTURES_DIR, ESPN_FIXTURES_SKIP } from '../../helpers/fake-espn.ts';

function recorded(name: string): unknown {
  return JSON.parse(readFileSync(join(ESPN_FIXTURES_DIR, name), 'utf8'));
}

describe('ESPN basketball box scores (recorded)', { skip: ESPN_FIXTURES_SKIP }, () => {
  for (const [kind, file, scoringType] of [
    ['points', 'fba-2023-league-boxscore-h2hpoints-mMatchupScore-mScoreboard.json', 'H2H_POINTS'],
    [
      'categories',
      'fba-2023-league-boxscore-h2hcat-mMatchupScore-mScoreboard.json',
      'H2H_CATEGORY',
    ],
  ] as const) {
    test(`head-to-head ${kind}: a matchup period of several days, totals equal matchup scores`, () => {
      const body = recorded(file) as Record<string, unknown>;
      const league = validate(responses.league, body, 'test');
      league.settings = { scoringSettings: { scoringType } };
      league.status = { currentMatchupPeriod: 16 };
      const teams = new Set(Array.from({ length: 10 }, (_, index) => index + 1));
      const matchups = mapMatchups(league, teams);
      const [asked] = lineupPeriods(league, 'basketball', new Set());
      const box = validate(boxScoreResponse, body, 'test');
      const lineups = mapLineups(
        box,
        'basketball',
        asked ?? { period: 16, scoringPeriod: 109, span: 5 },
        matchups,
      );
      assert.equal(lineups.length, 10);
      for (const lineup of lineups) {
        const side = matchups.flatMap((m) => m.sides).find((s) => s.rosterId === lineup.rosterId);
        assert.equal(lineup.points, side?.score);
      }
      if (kind === 'points') {
        assert.deepEqual(asked, { period: 16, scoringPeriod: 109, span: 4 });
        const team4 = lineups.find((lineup) => lineup.rosterId === '4');
        assert.equal(team4?.points, 896);
        // Points over the matchup period as they counted for the team; the slot on its last day.
        assert.deepEqual(
          team4?.entries.find((e) => e.playerId === '3593'),
          {
            playerId: '3593',
            slot: 'PF',
            platformSlot: 'PF',
            points: 39,
          },
        );
        const reserve = team4?.entries.find((e) => e.playerId === '4395628');
        assert.deepEqual(reserve, { playerId: '4395628', slot: 'IR', platformSlot: 'IR' });
      } else {
        assert.ok(lineups.every((l) => l.entries.every((e) => e.points === undefined)));
      }
    });
  }
});
