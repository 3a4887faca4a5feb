// Sleeper's shared read (issue 42): the week's stats of every player in one call (football only),
// validated as it arrives, and a player's points from them under a league's scoring_settings, as
// Sleeper shows them (to the hundredth), premiums, bonuses and ranges included.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LeagueRules } from '../../../src/domain/game.ts';
import type { LiveConnector } from '../../../src/platforms/live.ts';
import { mapScoringRule } from '../../../src/platforms/sleeper/game.ts';
import { createSleeperConnector } from '../../../src/platforms/sleeper/index.ts';
import { failure } from '../../helpers/failure.ts';
import { reply, startFakePlatform } from '../../helpers/fake-platform.ts';
import type { FakePlatformServer } from '../../helpers/fake-platform.ts';

const rules = (settings: Record<string, number>): LeagueRules => ({
  scoring: Object.entries(settings).map(([key, points]) => mapScoringRule(key, points)),
  rosterSlots: [],
});
const QB = { playerId: '4046', position: 'QB', platformSlot: 'QB', period: 1 };

describe("Sleeper's week stats", () => {
  let fake: FakePlatformServer;
  let live: LiveConnector;

  before(async () => {
    fake = await startFakePlatform();
    const connector = createSleeperConnector({ baseUrl: fake.url, backoffBaseMs: 1 });
    live = connector.live as LiveConnector;
  });
  after(() => fake.close());

  test('one call for every player of the week; a stat without a number is left out', async () => {
    fake.route(
      '/stats/nfl/regular/2023/7',
      reply.json({
        '4046': { pass_yd: 281, pass_td: 2, pts_ppr: 20.24, bonus_pass_yd_300: null },
        DEN: { pts_allow_7_13: 1, def_td: 1 },
      }),
    );
    const from = fake.requests.length;
    const stats = await live.fetchPeriodStats?.('football', 2023, 7);
    assert.deepEqual(
      fake.requests.slice(from).map((r) => r.path),
      ['/stats/nfl/regular/2023/7'],
    );
    assert.equal(stats?.period, 7);
    assert.deepEqual(Object.fromEntries(stats?.players ?? []), {
      '4046': { pass_yd: 281, pass_td: 2, pts_ppr: 20.24 },
      DEN: { pts_allow_7_13: 1, def_td: 1 },
    });
  });

  test('basketball has none (no call); a 404 is none; a malformed body fails', async () => {
    const from = fake.requests.length;
    assert.equal(await live.fetchPeriodStats?.('basketball', 2023, 7), undefined);
    assert.equal(fake.requests.length, from, 'no call for basketball');
    assert.equal(await live.fetchPeriodStats?.('football', 2023, 8), undefined, '404: gone');
    fake.route('/stats/nfl/regular/2023/9', reply.json({ '4046': { pass_yd: '281' } }));
    const error = await failure(live.fetchPeriodStats?.('football', 2023, 9) as Promise<unknown>);
    assert.equal(error.kind, 'invalid_response');
  });

  test("points: each setting's points times the stat of its key, to the hundredth", () => {
    const score = live.scorePlayer;
    assert.ok(score);
    // Sleeper sends 0.04 as a float32 (0.03999999910593033): 281 yards are 11.24, not 11.2399...
    const passing = rules({ pass_yd: 0.03999999910593033, pass_td: 4, pass_int: -1 });
    assert.equal(score({ pass_yd: 281, pass_td: 2, pts_ppr: 20.24 }, passing, QB), 19.24);
    // A tight end's premium, a 100-yard bonus (its key at 1) and receptions.
    const receiving = rules({ rec: 0.5, rec_yd: 0.1, bonus_rec_te: 0.5, bonus_rec_yd_100: 3 });
    const te = { playerId: '5012', position: 'TE', platformSlot: 'FLEX', period: 1 };
    const line = { rec: 7, rec_yd: 104, bonus_rec_te: 7, bonus_rec_yd_100: 1 };
    assert.equal(score(line, receiving, te), 3.5 + 10.4 + 3.5 + 3);
    // A defense's points-allowed range, set to 1 for the range it fell in.
    const defense = rules({ pts_allow_7_13: 4, pts_allow_14_20: 1, def_td: 6 });
    const den = { playerId: 'DEN', position: 'DEF', platformSlot: 'DEF', period: 1 };
    assert.equal(score({ pts_allow_7_13: 1, def_td: 1 }, defense, den), 10);
    assert.equal(score({}, passing, QB), 0, 'no line yet: no points');
    assert.equal(score({ pass_yd: 281 }, rules({}), QB), undefined, 'no settings: not scored');
  });
});
