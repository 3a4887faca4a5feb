// The Sunday bench's fakes (bench/live-fakes/) against the service's own connectors, one league a
// platform and one tick of the live scheduler as the bench builds it: every platform's live read
// is answered (nothing unknown, no failure) with the calls its module counts, and the fake's
// score is what the store then holds; Sleeper's week stats are worth its matchups' points under
// the league's stored rules, and so are ESPN's pool stats under ESPN's own scoring.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FAKES } from '../../bench/live-fakes/index.ts';
import { serveFakes } from '../../bench/live-fakes/servers.ts';
import type { FakeServers } from '../../bench/live-fakes/servers.ts';
import { benchConfig, benchScheduler, seedLeagues } from '../../bench/live-fakes/setup.ts';
import { espnFake } from '../../bench/live-fakes/espn.ts';
import { sleeperFake } from '../../bench/live-fakes/sleeper.ts';
import { WEEK, scoreAt, seasonOf } from '../../bench/live-fakes/world.ts';
import type { Clock } from '../../bench/live-fakes/world.ts';
import { platformModule } from '../../src/platforms/registry.ts';
import { createConnectorRegistry } from '../../src/sync/connectors.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { FALLBACK_CALLS_PER_REFRESH } from '../../src/sync/live/pace.ts';
import type { LiveRefreshEvent } from '../../src/sync/live/scheduler.ts';
import { createTestStore } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';

// Two minutes into the bench: every score is about 120, the stored ones 0.
const clock: Clock = { t0: Date.now() - 120_000, season: seasonOf(new Date()) };

describe('the Sunday bench fakes', () => {
  let servers: FakeServers;
  let store: TestStore;
  const secrets = createSecretBox({ secretKey: 'ab'.repeat(32), dataDir: '/nonexistent' });

  before(async () => {
    servers = await serveFakes(clock, true);
    store = await createTestStore();
    await seedLeagues(store, secrets, clock, () => 1);
  });
  after(async () => {
    await servers?.close();
    await store?.destroy();
  });

  test("each platform's live read is answered with its module's calls, the score stored", async () => {
    const events: LiveRefreshEvent[] = [];
    const scheduler = benchScheduler({
      store,
      secrets,
      config: benchConfig(servers.baseUrls),
      clock,
      onRefresh: (event) => events.push(event),
    });
    const least = scoreAt(clock);
    await scheduler.tick();
    await scheduler.settled();
    const most = scoreAt(clock);
    await scheduler.stop();

    assert.deepEqual(
      events.map((event) => `${event.platform} ${event.outcome}`).sort(),
      FAKES.map((fake) => `${fake.platform} written`).sort(),
    );
    const counts = servers.counts();
    for (const fake of FAKES) {
      assert.deepEqual(counts[fake.platform]?.missedPaths, [], fake.platform);
      const key = fake.leagueKey(0);
      const calls = (servers.paths[fake.platform] ?? []).filter((path) => path.includes(key));
      const declared =
        platformModule(fake.platform).live?.callsPerRefresh ?? FALLBACK_CALLS_PER_REFRESH;
      assert.equal(calls.length, declared, `${fake.platform}: ${calls.join(' ')}`);
    }
    const rows = await store.db
      .selectFrom('matchups')
      .innerJoin('leagues', 'leagues.id', 'matchups.league_id')
      .select(['leagues.platform as platform', 'matchups.teams as teams'])
      .where('matchups.week', '=', WEEK)
      .execute();
    for (const fake of FAKES) {
      const games = rows.filter((row) => row.platform === fake.platform);
      assert.equal(games.length, fake.rosterIds.length / 2, fake.platform);
      for (const game of games) {
        for (const side of JSON.parse(game.teams) as Array<{ score?: number }>) {
          const score = side.score ?? -1;
          assert.ok(score >= least && score <= most, `${fake.platform}: ${score}`);
        }
      }
    }
  });

  test("Sleeper's week stats are worth its matchups' points under the stored rules", async () => {
    const base = servers.baseUrls[sleeperFake.platform] as string;
    const get = async (path: string) => (await fetch(`${base}${path}`)).json() as Promise<unknown>;
    const stats = (await get(`/stats/nfl/regular/${clock.season}/${WEEK}`)) as Record<
      string,
      Record<string, number>
    >;
    const week = (await get(`/league/${sleeperFake.leagueKey(0)}/matchups/${WEEK}`)) as Array<{
      points: number;
      starters: string[];
    }>;
    const rules = sleeperFake.storedGame?.rules?.scoring ?? [];
    assert.ok(rules.length > 0);
    const worth = (line: Record<string, number> = {}) =>
      rules.reduce((sum, rule) => sum + (line[rule.statId] ?? 0) * rule.points, 0);
    assert.equal(week.length, sleeperFake.rosterIds.length);
    for (const entry of week) {
      const points = entry.starters.reduce((sum, id) => sum + worth(stats[id]), 0);
      assert.ok(Math.abs(points - entry.points) < 1e-9, `${points} for ${entry.points}`);
      assert.ok(entry.points > 0);
    }
  });

  test("ESPN's pool stats are worth its box score's points under the stored rules", async () => {
    const base = servers.baseUrls[espnFake.platform] as string;
    const get = async (path: string) => (await fetch(`${base}${path}`)).json() as Promise<unknown>;
    const season = `/ffl/seasons/${clock.season}/segments/0`;
    const pool = (await get(
      `${season}/leaguedefaults/3?view=kona_player_info&scoringPeriodId=${WEEK}`,
    )) as {
      players: Array<{ id: number; player: { stats: Array<{ stats: Record<string, number> }> } }>;
    };
    const box = (await get(
      `${season}/leagues/${espnFake.leagueKey(0)}?view=mBoxscore&view=mMatchupScore&scoringPeriodId=${WEEK}`,
    )) as {
      schedule: Array<{ home: BoxSide; away: BoxSide }>;
    };
    const rules = espnFake.storedGame?.rules;
    assert.ok(rules !== undefined && rules.scoring.length > 0);
    const connectors = createConnectorRegistry(benchConfig(servers.baseUrls));
    const score = connectors[espnFake.platform]?.live?.scorePlayer;
    assert.ok(score !== undefined);
    const lines = new Map(pool.players.map((p) => [p.id, p.player.stats[0]?.stats ?? {}]));
    for (const game of box.schedule) {
      for (const side of [game.home, game.away]) {
        const [entry] = side.rosterForCurrentScoringPeriod.entries;
        assert.ok(entry !== undefined);
        const line = lines.get(entry.playerId);
        assert.ok(line !== undefined, `no pool line for ${entry.playerId}`);
        const points = score(line, rules, {
          playerId: String(entry.playerId),
          platformSlot: 'QB',
          position: 'QB',
          period: WEEK,
        });
        assert.equal(points, entry.playerPoolEntry.appliedStatTotal);
        assert.ok((points ?? 0) > 0);
      }
    }
  });
});

interface BoxSide {
  rosterForCurrentScoringPeriod: {
    entries: Array<{ playerId: number; playerPoolEntry: { appliedStatTotal: number } }>;
  };
}
