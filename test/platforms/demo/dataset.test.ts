import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SPORTS } from '../../../src/domain/catalog.ts';
import { slotGroup } from '../../../src/domain/game.ts';
import { poolKeyOf } from '../../../src/domain/pools.ts';
import { generateDemoDataset } from '../../../src/platforms/demo/index.ts';

describe('generateDemoDataset', () => {
  it('generates the requested numbers of leagues and players on the demo platform', () => {
    const dataset = generateDemoDataset({ seed: 3, leagues: 40, playersPerSport: 2000 });
    assert.deepEqual(
      dataset.pools.map((p) => [p.platform, p.sport, p.players.length]),
      SPORTS.map((sport) => ['demo', sport, 2000]),
    );
    assert.equal(dataset.leagues.length, 40);
    assert.deepEqual(new Set(dataset.leagues.map((l) => l.sport)), new Set(SPORTS));
    assert.equal(new Set(dataset.leagues.map((l) => l.season)).size, 5);
  });

  it('spreads pools and leagues over the platforms it is given', () => {
    const platforms = ['sleeper', 'espn', 'yahoo'] as const;
    const dataset = generateDemoDataset({ seed: 3, leagues: 30, playersPerSport: 3001, platforms });
    for (const sport of SPORTS) {
      const sizes = dataset.pools.filter((p) => p.sport === sport).map((p) => p.players.length);
      // Sleeper has one pool; ESPN and Yahoo one per season (domain/pools.ts), sharing their part.
      assert.deepEqual(sizes, [1001, ...Array<number>(10).fill(200)]);
    }
    for (const platform of platforms) {
      assert.equal(dataset.leagues.filter((l) => l.platform === platform).length, 10);
    }
    const keys = dataset.leagues.map((l) => `${l.platform}/${l.platformLeagueKey}/${l.season}`);
    assert.equal(new Set(keys).size, keys.length);
  });

  it('keeps rosters inside their own platform and sport pool, with no player on two teams', () => {
    const dataset = generateDemoDataset({
      seed: 9,
      leagues: 60,
      playersPerSport: 1200,
      platforms: ['demo', 'mfl'],
    });
    for (const league of dataset.leagues) {
      const key = poolKeyOf(league);
      const pool = dataset.pools.find(
        (p) => p.platform === key.platform && p.sport === key.sport && p.season === key.season,
      );
      assert.ok(pool);
      const ids = new Set(pool.players.map((p) => p.playerId));
      const rostered = league.rosterEntries.map((e) => e.playerId);
      assert.equal(new Set(rostered).size, rostered.length);
      assert.ok(rostered.every((id) => ids.has(id)));
      assert.ok(league.teams.length >= 8 && league.teams.length <= 14);
      assert.equal(league.numTeams, league.teams.length);
    }
  });

  it('still builds valid leagues when pools are smaller than the rosters would need', () => {
    const dataset = generateDemoDataset({ seed: 1, leagues: 6, playersPerSport: 10 });
    for (const pool of dataset.pools) assert.ok(pool.players.length >= 10);
    for (const league of dataset.leagues) {
      const rostered = league.rosterEntries.map((e) => e.playerId);
      assert.equal(new Set(rostered).size, rostered.length);
    }
  });

  it('is deterministic from the seed', () => {
    const options = { seed: 5, leagues: 20, playersPerSport: 900 };
    const a = JSON.stringify(generateDemoDataset(options));
    assert.equal(JSON.stringify(generateDemoDataset(options)), a);
    assert.notEqual(JSON.stringify(generateDemoDataset({ ...options, seed: 6 })), a);
  });

  it('refuses impossible options', () => {
    assert.throws(
      () => generateDemoDataset({ seed: 1, leagues: -1, playersPerSport: 10 }),
      RangeError,
    );
    assert.throws(
      () => generateDemoDataset({ seed: 1, leagues: 1, playersPerSport: 1.5 }),
      RangeError,
    );
    assert.throws(
      () => generateDemoDataset({ seed: 1, leagues: 1, playersPerSport: 10, platforms: [] }),
      RangeError,
    );
    assert.throws(
      () =>
        generateDemoDataset({
          seed: 1,
          leagues: 1,
          playersPerSport: 10,
          platforms: ['espn', 'espn'],
        }),
      RangeError,
    );
  });
});

describe('generateDemoDataset with the game', () => {
  it('adds each league’s game when asked, its lineups adding up to the matchup scores', () => {
    const plain = generateDemoDataset({
      seed: 5,
      leagues: 12,
      playersPerSport: 900,
      activity: true,
    });
    assert.ok(plain.leagues.every((l) => l.game === undefined));
    const dataset = generateDemoDataset({
      seed: 5,
      leagues: 12,
      playersPerSport: 900,
      activity: true,
      game: true,
    });
    // The game changes nothing the dataset had without it.
    assert.deepEqual(
      dataset.leagues.map((l) => ({ ...l, game: undefined })),
      plain.leagues.map((l) => ({ ...l, game: undefined })),
    );
    for (const league of dataset.leagues) {
      const scores = new Map(
        (league.activity?.matchups ?? []).flatMap((m) =>
          m.sides.map((s) => [`${m.period}:${s.rosterId}`, s.score] as const),
        ),
      );
      const lineups = league.game?.lineups ?? [];
      assert.ok(lineups.length > 0);
      for (const lineup of lineups) {
        assert.equal(lineup.points, scores.get(`${lineup.period}:${lineup.rosterId}`));
        const starters = lineup.entries.filter((e) => slotGroup(e.slot) === 'starter');
        const sum = starters.reduce((total, e) => total + Math.round((e.points ?? 0) * 100), 0);
        assert.equal(sum, Math.round((lineup.points ?? 0) * 100));
      }
      assert.deepEqual(league.game?.history, [
        { season: league.season, platformLeagueKey: league.platformLeagueKey },
      ]);
    }
    assert.throws(
      () => generateDemoDataset({ seed: 5, leagues: 1, playersPerSport: 900, game: true }),
      RangeError,
    );
  });
});
