// Sleeper's draft and playoff mapping rules, on recorded picks read straight from
// ../shared/fixtures/sleeper and on small made-up inputs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { mapDraft, mapFuturePicks } from '../../../src/platforms/sleeper/drafts.ts';
import { playoffRound } from '../../../src/platforms/sleeper/playoffs.ts';
import { responses } from '../../../src/platforms/sleeper/schemas.ts';
import { SLEEPER_FIXTURES_DIR, SLEEPER_FIXTURES_SKIP } from '../../helpers/fake-platform.ts';

const recorded = (name: string): unknown =>
  JSON.parse(readFileSync(join(SLEEPER_FIXTURES_DIR, name), 'utf8')) as unknown;

describe('Sleeper drafts on recorded picks', { skip: SLEEPER_FIXTURES_SKIP }, () => {
  test('an auction: every pick with its price, in nomination order', () => {
    const drafts = recorded('league-695482984576385024-drafts.json');
    const picks = recorded('draft-695482990314221568-picks.json');
    assert.ok(responses.drafts.Check(drafts) && responses.picks.Check(picks));
    const [draft] = drafts;
    assert.ok(draft);
    const mapped = mapDraft(draft, picks);
    assert.equal(mapped.type, 'auction');
    assert.equal(mapped.status, 'complete');
    assert.equal(mapped.rounds, 25);
    assert.equal(mapped.picks.length, 300);
    assert.deepEqual(mapped.picks[0], {
      overall: 1,
      round: 1,
      pickInRound: 1,
      rosterId: '3',
      playerId: '7553',
      price: 23,
    });
    assert.deepEqual(mapped.picks[13], {
      overall: 14,
      round: 2,
      pickInRound: 2,
      rosterId: '12',
      playerId: '4866',
      price: 43,
    });
    assert.equal(mapped.picks.at(-1)?.pickInRound, 12);
    assert.ok(mapped.picks.every((pick) => pick.keeper === undefined)); // is_keeper null: unsaid
  });
});

describe('Sleeper draft and playoff rules', () => {
  const draft = {
    draft_id: '1',
    type: 'snake',
    status: 'pre_draft',
    season: '2021',
    start_time: 1_700_000_000_000,
    settings: { rounds: 2, teams: 2 },
  };

  test('a scheduled draft has no start; keepers, unknown types and teams are said as given', () => {
    const mapped = mapDraft({ ...draft, type: 'mystery', settings: null }, [
      { player_id: '9', round: 2, pick_no: 4, roster_id: 1, is_keeper: true },
      { player_id: '8', round: 2, pick_no: 3, roster_id: 2, is_keeper: false },
      { player_id: '7', round: 1, pick_no: 1, roster_id: null },
    ]);
    assert.deepEqual(mapped, {
      draftId: '1',
      status: 'scheduled',
      picks: [
        // Without the number of teams, a pick's place among its round's picks.
        { overall: 3, round: 2, pickInRound: 1, rosterId: '2', playerId: '8', keeper: false },
        { overall: 4, round: 2, pickInRound: 2, rosterId: '1', playerId: '9', keeper: true },
      ],
    });
    assert.equal(
      mapDraft({ ...draft, status: 'drafting' }, []).startedAt,
      '2023-11-14T22:13:20.000Z',
    );
  });

  test("traded picks: this season's are future ones until its draft is complete", () => {
    const traded = [
      { season: '2021', round: 1, roster_id: 1, previous_owner_id: 1, owner_id: 2 },
      { season: '2022', round: 2, roster_id: 2, previous_owner_id: 2, owner_id: 1 },
      { season: '2020', round: 1, roster_id: 2, previous_owner_id: 2, owner_id: 1 },
    ];
    assert.deepEqual(
      mapFuturePicks(traded, 2021, [draft]).map((pick) => pick.season),
      [2021, 2022],
    );
    assert.deepEqual(
      mapFuturePicks(traded, 2021, [{ ...draft, status: 'complete' }]).map((pick) => pick.season),
      [2022],
    );
  });

  test('playoff rounds: a week each, a two-week final, or two weeks each', () => {
    assert.deepEqual(
      [14, 15, 16].map((week) => playoffRound(week, 14, 0, 3)),
      [1, 2, 3],
    );
    assert.deepEqual(
      [14, 15, 16, 17].map((week) => playoffRound(week, 14, 1, 3)),
      [1, 2, 3, 3],
    );
    // DLP Dynasty League (recorded): 4 teams, two-week rounds from week 14, last week 17.
    assert.deepEqual(
      [14, 15, 16, 17].map((week) => playoffRound(week, 14, 2, 2)),
      [1, 1, 2, 2],
    );
  });
});
