// GET /user, GET /meta and GET /players/{league_id}/ids/{player_id} over real HTTP, on both
// backends: what each shows, that /user and /meta follow links and syncs the change feed does not
// track (no stale answer, yet ETag and 304), XML, and what they never show.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { linkAccount, markLinkProblem } from '../../src/storage/repositories/accounts.ts';
import {
  finishSyncRun,
  recordLeagueSync,
  startSyncRun,
} from '../../src/storage/repositories/syncs.ts';
import { nowIso } from '../../src/storage/db.ts';
import { startTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { buildPlayerPool } from '../helpers/records.ts';
import { testBackends } from '../helpers/store.ts';
import { expectProblem } from './expect.ts';
import { buildWorld } from './world.ts';
import type { World } from './world.ts';

interface UserBody {
  user_id: number;
  name: string;
  accounts: Array<Record<string, unknown>>;
}

interface MetaBody {
  seasons: number[];
  products: string[];
  token_products: string[];
  leagues: Array<{
    league_id: number;
    season: number;
    last_synced_at?: string;
    season_finished: boolean;
  }>;
}

for (const dialect of testBackends()) {
  describe(`user, meta and player ids (${dialect})`, () => {
    let t: TestApp;
    let w: World;

    before(async () => {
      t = await startTestApp({ dialect });
      w = await buildWorld(t);
    });
    after(() => t.close());

    it("shows the user's linked accounts, never a credential or the platform's refusal", async () => {
      const before = (await (
        await t.request('/user', { token: w.tokens.alice })
      ).json()) as UserBody;
      assert.equal(before.user_id, w.aliceId);
      assert.deepEqual(before.accounts, []);
      const account = await linkAccount(t.store.db, {
        userId: w.aliceId,
        platform: 'sleeper',
        externalUserId: '202892038360801280',
        username: 'alice_s',
        credentialsEncrypted: 'v1:secret-cipher-text',
      });
      await markLinkProblem(t.store.db, account.id, 'sleeper: GET /x failed: HTTP 401 internals');
      const runId = await startSyncRun(t.store.db, {
        userId: w.aliceId,
        platform: 'sleeper',
        trigger: 'cli',
      });
      await finishSyncRun(t.store.db, runId, {
        outcome: 'ok',
        leaguesFound: 1,
        leaguesWritten: 1,
        leaguesUnchanged: 0,
        leaguesFailed: 0,
        leaguesDetached: 0,
        poolsRefreshed: 0,
      });
      // Linking changes no league data: the answer must still be new, not a kept one.
      const response = await t.request('/user', { token: w.tokens.alice });
      assert.equal(response.status, 200);
      const text = await response.text();
      const body = JSON.parse(text) as UserBody;
      assert.equal(body.accounts.length, 1);
      const shown = body.accounts[0] as Record<string, unknown>;
      assert.equal(shown.platform, 'sleeper');
      assert.equal(shown.platform_user_id, '202892038360801280');
      assert.equal(shown.display_name, 'alice_s');
      assert.equal(shown.needs_linking_again, true);
      assert.equal((shown.last_sync as { outcome: string }).outcome, 'ok');
      assert.ok(!text.includes('secret-cipher-text') && !text.includes('internals'), text);
      assert.ok(!('link_problem' in shown));
    });

    it('answers 304 to a matching If-None-Match although it renders each time', async () => {
      const first = await t.request('/meta', { token: w.tokens.alice });
      const etag = first.headers.get('etag');
      assert.ok(etag);
      const again = await t.request('/meta', {
        token: w.tokens.alice,
        headers: { 'If-None-Match': etag },
      });
      assert.equal(again.status, 304);
    });

    it("lists the deployment, the token's products and each league's sync state", async () => {
      const limited = await t.issueToken(w.aliceId, { products: ['meta', 'league'] });
      const before = (await (await t.request('/meta', { token: limited })).json()) as MetaBody;
      assert.deepEqual(before.token_products, ['league', 'meta']);
      assert.ok(before.products.includes('transaction'));
      assert.ok(before.seasons.length > 0);
      const main = before.leagues.find((league) => league.league_id === w.leagues.main);
      assert.ok(main);
      assert.equal(main.last_synced_at, undefined);
      // 2021's season ended on July 1, 2022.
      assert.equal(main.season_finished, true);
      // Bob's league is not Alice's.
      assert.ok(!before.leagues.some((league) => league.league_id === w.leagues.bobs));

      const runId = await startSyncRun(t.store.db, {
        userId: w.aliceId,
        platform: 'sleeper',
        trigger: 'cli',
      });
      const finishedAt = nowIso();
      const league = await t.store.db
        .selectFrom('leagues')
        .select(['platform', 'platform_league_key', 'season', 'sport'])
        .where('id', '=', w.leagues.main)
        .executeTakeFirstOrThrow();
      await recordLeagueSync(t.store.db, {
        runId,
        leagueId: w.leagues.main,
        platform: league.platform as 'sleeper',
        platformLeagueKey: league.platform_league_key,
        season: Number(league.season),
        sport: league.sport as 'football',
        startedAt: finishedAt,
        finishedAt,
        outcome: 'unchanged',
        teams: 2,
        rosterEntries: 3,
      });
      const after = (await (await t.request('/meta', { token: limited })).json()) as MetaBody;
      const synced = after.leagues.find((entry) => entry.league_id === w.leagues.main);
      assert.equal(synced?.last_synced_at, finishedAt);
    });

    it('answers in XML', async () => {
      const response = await t.request('/user', {
        token: w.tokens.alice,
        headers: { Accept: 'application/xml' },
      });
      assert.equal(response.status, 200);
      const xml = await response.text();
      assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<User><user_id>\d+<\/user_id>/);
      assert.match(xml, /<accounts><item><platform>sleeper<\/platform>/);
    });

    it("gives a player's ids on other platforms and at data providers", async () => {
      await t.addPool(
        buildPlayerPool({
          externalIds: [
            { playerId: '4046', idType: 'espn', externalId: '3139477' },
            { playerId: '4046', idType: 'gsis', externalId: '00-0033873' },
          ],
        }),
      );
      await t.addPool(
        buildPlayerPool({
          platform: 'mfl',
          season: 2021,
          players: [{ playerId: '13116', fullName: 'Patrick Mahomes', active: true }],
          externalIds: [{ playerId: '13116', idType: 'gsis', externalId: '00-0033873' }],
        }),
      );
      const response = await t.request(`/players/${w.leagues.main}/ids/4046`, {
        token: w.tokens.alice,
      });
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), {
        player_id: '4046',
        full_name: 'Patrick Mahomes',
        ids: [
          { id_type: 'espn', id: '3139477' },
          { id_type: 'gsis', id: '00-0033873' },
          // Through the shared GSIS id.
          { id_type: 'mfl', id: '13116' },
        ],
      });
      await expectProblem(
        await t.request(`/players/${w.leagues.main}/ids/nobody`, { token: w.tokens.alice }),
        'player_not_found',
      );
    });
  });
}
