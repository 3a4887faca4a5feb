// GET /players/{league_id}/search: every player matching a name, best first, the first being what
// searchPlayer/name answers; a position narrows the search before its tiers are drawn. On the
// demo's league 11, which rosters two different "Josh Allman"s; with and without the cache.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadDemo } from '../../src/sync/demo.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { expectInvalidParam } from './expect.ts';

interface Found {
  match_count: number;
  players: Array<{ player_id: string; full_name: string; position?: string }>;
}

for (const cache of [true, false]) {
  describe(`player search (${cache ? 'cached' : 'uncached'})`, () => {
    let t: TestApp;
    let token: string;
    let league: number;
    before(async () => {
      t = await startTestApp({ dialect: 'sqlite', ...(cache ? {} : { cache: false }) });
      const summary = await loadDemo(t.store, { seasons: [2017, 2018, 2019, 2020, 2021] });
      token = await t.issueToken(summary.accounts[0]?.userId ?? 0);
      const leagues = (await (
        await t.request('/league/findAllLeagues', { token })
      ).json()) as Array<{
        league_id: number;
        name: string;
      }>;
      league = leagues.find((l) => l.name === 'Weekend Football League')?.league_id ?? 0;
    });
    after(() => t.close());
    const search = async (query: string) => {
      const answer = await t.request(`/players/${league}/search?${query}`, { token });
      assert.equal(answer.status, 200);
      return (await answer.json()) as Found;
    };

    it('lists every player of the best tier, the first as searchPlayer/name answers', async () => {
      const found = await search('name=josh%20allman');
      assert.equal(found.match_count, 2);
      assert.equal(found.players.length, 2);
      assert.ok(found.players.every((p) => p.full_name === 'Josh Allman'));
      assert.notEqual(found.players[0]?.player_id, found.players[1]?.player_id);
      const one = await t.request(`/players/${league}/searchPlayer/name/josh%20allman`, { token });
      assert.equal(one.headers.get('x-match-count'), '2');
      assert.equal(
        ((await one.json()) as { player_id: string }).player_id,
        found.players[0]?.player_id,
      );
      const limited = await search('name=josh%20allman&limit=1');
      assert.deepEqual([limited.match_count, limited.players.length], [2, 1]);
    });

    it('narrows by position, any case, before matching', async () => {
      const both = await search('name=josh%20allman');
      const [first, second] = both.players;
      assert.ok(first?.position && second?.position);
      if (first.position !== second.position) {
        const narrowed = await search(
          `name=josh%20allman&position=${second.position.toLowerCase()}`,
        );
        assert.deepEqual(
          narrowed.players.map((p) => p.player_id),
          [second.player_id],
        );
        assert.equal(narrowed.match_count, 1);
      }
      const none = await search('name=josh%20allman&position=ZZ');
      assert.deepEqual(none, { match_count: 0, players: [] });
    });

    it('answers 400 naming the parameter for a bad name, position or limit', async () => {
      const base = `/players/${league}/search`;
      for (const [query, name] of [
        ['', 'name'],
        ['name=%20%2E', 'name'],
        ['name=josh&position=q%20b', 'position'],
        ['name=josh&limit=0', 'limit'],
        ['name=josh&limit=26', 'limit'],
      ] as const) {
        await expectInvalidParam(await t.request(`${base}?${query}`, { token }), name, 'query');
      }
    });
  });
}
