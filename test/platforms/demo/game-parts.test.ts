// The demo game's rules, current lineup, injuries and seasons, and the connector leaving out the
// periods the store already holds as final.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INJURY_STATUSES, SCORING_TYPES, slotGroup } from '../../../src/domain/game.ts';
import type { LeagueGame, LeagueRules } from '../../../src/domain/game.ts';
import type { LeagueSnapshot } from '../../../src/domain/records.ts';
import type { LeagueFetchContext } from '../../../src/platforms/connector.ts';
import { createDemoConnector } from '../../../src/platforms/demo/index.ts';
import { linkWith, storeHolding } from '../../helpers/connectors.ts';
import { data } from './demo-activity.ts';

function gameOf(league: LeagueSnapshot): LeagueGame {
  assert.ok(league.game, league.platformLeagueKey);
  return league.game;
}

function rulesOf(key: string): LeagueRules {
  const league = data.leagues.find((l) => l.platformLeagueKey === key);
  assert.ok(league?.game?.rules, key);
  return league.game.rules;
}

function positionsOf(league: LeagueSnapshot): Map<string, string> {
  const pool = data.pools.find((p) => p.sport === league.sport);
  assert.ok(pool);
  return new Map(pool.players.map((p) => [p.playerId, p.position ?? '']));
}

const pointsFor = (rules: LeagueRules, statId: string): number | undefined =>
  rules.scoring.find((r) => r.statId === statId)?.points;

describe('demo game: rules', () => {
  it('gives football leagues PPR or half-PPR, with a tight-end premium in the dynasty league', () => {
    const dynasty = rulesOf('fb-2021-1');
    assert.equal(dynasty.scoringType, 'head_to_head_points');
    assert.equal(pointsFor(dynasty, 'rec'), 1);
    assert.deepEqual(
      dynasty.scoring.find((r) => r.statId === 'bonus_rec_te'),
      {
        statId: 'bonus_rec_te',
        statName: 'Reception bonus (tight ends)',
        statKey: 'receptions',
        points: 0.5,
        positions: ['TE'],
      },
    );
    assert.equal(pointsFor(rulesOf('fb-2021-2'), 'rec'), 0.5);
    assert.equal(pointsFor(rulesOf('fb-2019-1'), 'rec'), 1);
    assert.equal(pointsFor(rulesOf('fb-2019-1'), 'bonus_rec_te'), undefined);
    const fg50 = dynasty.scoring.find((r) => r.statId === 'fg_made_50_plus');
    assert.deepEqual(fg50?.min, 50);
    assert.equal(fg50?.max, undefined);
  });

  it('has the football slots QB RB RB WR WR TE FLEX K DEF, a bench and IR (taxi in dynasty)', () => {
    const slots = (key: string) => rulesOf(key).rosterSlots.map((s) => `${s.slot}x${s.count}`);
    const plain = ['QBx1', 'RBx2', 'WRx2', 'TEx1', 'FLEXx1', 'Kx1', 'DEFx1', 'BNx8', 'IRx1'];
    assert.deepEqual(slots('fb-2018-1'), plain);
    assert.deepEqual(slots('fb-2021-1'), [...plain, 'TAXIx2']);
    const flex = rulesOf('fb-2018-1').rosterSlots.find((s) => s.slot === 'FLEX');
    assert.deepEqual(flex?.eligiblePositions, ['RB', 'WR', 'TE']);
  });

  it('has a category league and a points league in baseball and in basketball', () => {
    for (const sport of ['baseball', 'basketball'] as const) {
      const types = new Set<string>();
      for (const league of data.leagues.filter((l) => l.sport === sport)) {
        const rules = rulesOf(league.platformLeagueKey);
        types.add(rules.scoringType ?? '');
        if (rules.scoringType === 'head_to_head_categories') {
          assert.equal(rules.scoring.length, 0);
          assert.ok((rules.categories?.length ?? 0) >= 9);
          assert.ok(rules.categories?.some((c) => c.lowerIsBetter === true));
        } else {
          assert.equal(rules.categories, undefined);
          assert.ok(rules.scoring.length > 5);
        }
      }
      assert.deepEqual([...types].sort(), ['head_to_head_categories', 'head_to_head_points']);
    }
    const era = rulesOf('mlb-2021-1').categories?.find((c) => c.statId === 'ERA');
    assert.deepEqual(era, {
      statId: 'ERA',
      statName: 'Earned run average',
      statKey: 'earned_run_average',
      lowerIsBetter: true,
    });
  });

  it('gives every league its playoffs, FAAB waivers, trade deadline and periods', () => {
    for (const league of data.leagues) {
      const rules = rulesOf(league.platformLeagueKey);
      assert.ok(SCORING_TYPES.includes(rules.scoringType ?? 'total_points'));
      const last = { football: 17, baseball: 20, basketball: 19 }[league.sport];
      const lastPeriod = league.sport === 'baseball' && league.season === 2020 ? 10 : last;
      assert.equal(rules.firstPeriod, 1);
      assert.equal(rules.lastPeriod, lastPeriod);
      assert.deepEqual(rules.playoffs, { teams: 4, firstPeriod: lastPeriod - 1 });
      assert.deepEqual(rules.waivers, { type: 'faab', platformType: 'faab', faabBudget: 100 });
      // Every completed trade of the league happened before the deadline.
      const deadline = rules.tradeDeadlineAt ?? '';
      for (const t of league.activity?.transactions ?? []) {
        if (t.type !== 'trade' || t.status !== 'complete') continue;
        assert.ok(t.occurredAt < deadline, league.platformLeagueKey);
        assert.ok((t.period ?? 0) <= (rules.tradeDeadlinePeriod ?? 0));
      }
    }
    assert.equal(rulesOf('fb-2021-1').tradeDeadlinePeriod, 10);
    assert.equal(rulesOf('fb-2021-1').tradeDeadlineAt, '2021-11-16T00:00:00Z');
  });
});

describe('demo game: current lineup and injuries', () => {
  it('places every rostered player, and no one else, in a slot now', () => {
    for (const league of data.leagues) {
      const game = gameOf(league);
      const now = (game.currentLineup ?? []).map((c) => `${c.rosterId}:${c.playerId}`);
      const rostered = league.rosterEntries.map((e) => `${e.rosterId}:${e.playerId}`);
      assert.deepEqual([...now].sort(), [...rostered].sort(), league.platformLeagueKey);
      const rules = game.rules as LeagueRules;
      const positions = positionsOf(league);
      for (const team of league.teams) {
        const mine = (game.currentLineup ?? []).filter((c) => c.rosterId === team.rosterId);
        for (const spec of rules.rosterSlots) {
          assert.ok(mine.filter((c) => c.slot === spec.slot).length <= spec.count);
        }
        // Today's rosters are whole: a starter slot is short only when its players are on IR.
        for (const spec of rules.rosterSlots.filter((s) => slotGroup(s.slot) === 'starter')) {
          if (mine.filter((c) => c.slot === spec.slot).length === spec.count) continue;
          const eligible = spec.eligiblePositions ?? [spec.slot];
          assert.ok(
            mine.some((c) => c.slot === 'IR' && eligible.includes(positions.get(c.playerId) ?? '')),
            `${league.platformLeagueKey} ${team.rosterId} ${spec.slot}`,
          );
        }
      }
    }
  });

  it('lists a handful of injured rostered players in every league, with a designation and a note', () => {
    for (const league of data.leagues) {
      const game = gameOf(league);
      const injuries = game.injuries ?? [];
      assert.ok(injuries.length >= 2 && injuries.length <= 20, league.platformLeagueKey);
      const rostered = new Set(league.rosterEntries.map((e) => e.playerId));
      for (const injury of injuries) {
        assert.ok(rostered.has(injury.playerId));
        assert.ok(INJURY_STATUSES.includes(injury.status));
        assert.ok(injury.designation.length > 0 && (injury.note ?? '').length > 0);
      }
      // Whoever stands on IR now is injured, in a way that allows it.
      const hurt = new Map(injuries.map((i) => [i.playerId, i.status]));
      for (const c of (game.currentLineup ?? []).filter((e) => e.slot === 'IR')) {
        assert.ok(
          ['injured_reserve', 'physically_unable', 'out'].includes(hurt.get(c.playerId) ?? ''),
        );
      }
    }
    const statuses = new Set(
      data.leagues.flatMap((l) => gameOf(l).injuries ?? []).map((i) => i.status),
    );
    for (const status of ['questionable', 'out', 'injured_reserve', 'day_to_day']) {
      assert.ok(statuses.has(status as (typeof INJURY_STATUSES)[number]), status);
    }
  });

  it('names the same injury for a player in every league of a season', () => {
    // Leagues of one sport and season are at the same period now: a player's injury is his own.
    let shared = 0;
    const seen = new Map<string, string>();
    for (const league of data.leagues) {
      for (const injury of gameOf(league).injuries ?? []) {
        const key = `${league.sport}:${league.season}:${injury.playerId}`;
        const said = `${injury.designation} ${injury.note ?? ''}`;
        const before = seen.get(key);
        if (before !== undefined) assert.equal(said, before, key);
        if (before !== undefined) shared++;
        seen.set(key, said);
      }
    }
    assert.ok(shared > 0);
  });
});

describe('demo game: seasons', () => {
  it('links each chain of leagues, oldest first, the same list in each of its seasons', () => {
    const byKey = new Map(data.leagues.map((l) => [l.platformLeagueKey, l]));
    for (const league of data.leagues) {
      const history = gameOf(league).history ?? [];
      assert.ok(history.some((h) => h.platformLeagueKey === league.platformLeagueKey));
      const seasons = history.map((h) => h.season);
      assert.deepEqual(
        seasons,
        [...seasons].sort((a, b) => a - b),
      );
      assert.equal(new Set(seasons).size, seasons.length);
      for (const h of history) {
        const other = byKey.get(h.platformLeagueKey);
        assert.equal(other?.season, h.season);
        assert.equal(other?.sport, league.sport);
        assert.deepEqual(gameOf(other as LeagueSnapshot).history, history);
        // A league's seasons score the same way.
        assert.equal(
          rulesOf(h.platformLeagueKey).scoringType,
          rulesOf(league.platformLeagueKey).scoringType,
        );
      }
    }
    assert.deepEqual(
      gameOf(byKey.get('fb-2021-1') as LeagueSnapshot).history?.map((h) => h.platformLeagueKey),
      ['fb-2017-1', 'fb-2018-1', 'fb-2019-1', 'fb-2020-1', 'fb-2021-1'],
    );
  });
});

describe('demo connector: the game', () => {
  const ref = { platformLeagueKey: 'fb-2021-1', season: 2021, sport: 'football' as const };

  it('leaves out the periods the store holds as final, and only those', async () => {
    const connector = createDemoConnector();
    const account = await linkWith(connector, { username: 'demo' });
    const whole = await connector.fetchLeague(account, ref, storeHolding());
    const periods = new Set(whole.game?.lineups?.map((l) => l.period));
    assert.deepEqual([...periods], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);

    let asked = 0;
    const context: LeagueFetchContext = {
      ...storeHolding(),
      async finalLineupPeriods() {
        asked++;
        return new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      },
    };
    const fetched = await connector.fetchLeague(account, ref, context);
    assert.equal(asked, 1);
    assert.deepEqual(
      fetched.game?.lineups,
      whole.game?.lineups?.filter((l) => l.period > 10),
    );
    // Everything else is as before.
    assert.deepEqual({ ...fetched.game, lineups: [] }, { ...whole.game, lineups: [] });
    assert.deepEqual({ ...fetched, game: undefined }, { ...whole, game: undefined });
  });
});
