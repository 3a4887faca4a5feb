// Game day on the admin API: a link's leagues each show their last live refresh and the next one
// planned (issue 42), from the live scheduler's own bookkeeping; null before any.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LinkListSchema, LinkSchema } from '../../src/http/admin/schemas.ts';
import {
  claimLeagueRefresh,
  finishLeagueRefresh,
  planLeagueRefreshes,
} from '../../src/storage/repositories/live.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import type { FakeSleeper } from '../helpers/fake-platform.ts';
import { SYNTHETIC_SLEEPER, SYNTHETIC_SLEEPER_USER } from '../helpers/sleeper-data.ts';
import { testBackends } from '../helpers/store.ts';
import { adminClient } from './admin-helpers.ts';
import type { AdminClient } from './admin-helpers.ts';
import { assertSchema } from './expect.ts';

interface RefreshBody {
  league_id: number;
  season: number;
  name: string;
  last_refreshed_at: string | null;
  next_refresh_at: string | null;
}
interface LinkBody {
  platform: string;
  leagues: number;
  league_refreshes: RefreshBody[];
}

for (const dialect of testBackends()) {
  describe(`admin API: league refreshes in a link (${dialect})`, () => {
    let t: TestApp;
    let fake: FakeSleeper;
    let admin: AdminClient;
    let userId: number;

    before(async () => {
      fake = await SYNTHETIC_SLEEPER.start();
      t = await startTestApp({ dialect, platforms: { sleeperBaseUrl: fake.baseUrl } });
      admin = await adminClient(t);
      userId = (await admin.json<{ user_id: number }>('POST', '/admin/users', { name: 'ann' })).body
        .user_id;
      const linked = await admin.call('POST', `/admin/users/${userId}/links/sleeper`, {
        username: SYNTHETIC_SLEEPER_USER.username,
      });
      assert.equal(linked.status, 200);
      const started = await admin.json<{ sync_id: number }>(
        'POST',
        `/admin/users/${userId}/syncs`,
        {},
      );
      assert.equal((await admin.waitForSync(started.body.sync_id)).status, 'ok');
    });
    after(async () => {
      await t?.close();
      await fake?.close();
    });

    it('lists every league of the link, null before any live refresh', async () => {
      const links = await admin.json<LinkBody[]>('GET', `/admin/users/${userId}/links`);
      assert.equal(links.status, 200);
      assertSchema(LinkListSchema, links.body);
      const [link] = links.body;
      assert.ok(link);
      assert.ok(link.leagues > 0);
      assert.equal(link.league_refreshes.length, link.leagues);
      for (const league of link.league_refreshes) {
        assert.equal(league.last_refreshed_at, null);
        assert.equal(league.next_refresh_at, null);
      }
    });

    it("shows a league's last refresh and next planned one, the others' stay null", async () => {
      const before = await admin.json<LinkBody>('GET', `/admin/users/${userId}/links/sleeper`);
      const [first, ...others] = before.body.league_refreshes;
      assert.ok(first);
      const at = '2026-11-29T18:01:00.000Z';
      const next = '2026-11-29T18:01:40.000Z';
      await planLeagueRefreshes(t.store, [{ leagueId: first.league_id, next: at }]);
      const until = '2026-11-29T18:02:00.000Z';
      assert.ok(await claimLeagueRefresh(t.store, first.league_id, at, until, at));
      await finishLeagueRefresh(t.store.db, first.league_id, {
        period: 12,
        at,
        next,
        outcome: 'written',
      });
      const one = await admin.json<LinkBody>('GET', `/admin/users/${userId}/links/sleeper`);
      assertSchema(LinkSchema, one.body);
      const shown = new Map(one.body.league_refreshes.map((l) => [l.league_id, l]));
      assert.deepEqual(shown.get(first.league_id), {
        ...first,
        last_refreshed_at: at,
        next_refresh_at: next,
      });
      for (const other of others) assert.deepEqual(shown.get(other.league_id), other);
      const list = await admin.json<LinkBody[]>('GET', `/admin/users/${userId}/links`);
      assert.deepEqual(list.body[0], one.body);
    });
  });
}
