// The Sunday bench's fakes (bench/live-fakes/) against the service's own connectors, one league a
// platform and one tick of the live scheduler as the bench builds it: every platform's live read
// is answered (nothing unknown, no failure) with the calls its module counts, and the fake's
// score is what the store then holds; Sleeper's week stats are worth its matchups' points under
// the league's stored rules.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FAKES } from '../../bench/live-fakes/index.ts';
import { serveFakes } from '../../bench/live-fakes/servers.ts';
import type { FakeServers } from '../../bench/live-fakes/servers.ts';
import { benchConfig, benchScheduler, seedLeagues } from '../../bench/live-fakes/setup.ts';
import { sleeperFake } from '../../bench/live-fakes/sleeper.ts';
import { WEEK, scoreAt, seasonOf } from '../../bench/live-fakes/world.ts';
import type { Clock } from '../../bench/live-fakes/world.ts';
import { platformModule } from '../../src/platforms/registry.ts';
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
});
