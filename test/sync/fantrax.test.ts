// A Fantrax account linked by secret id (stored encrypted) and synced by the engine through the
// fake of the official API: the pools and leagues land in the store, the hockey league is counted
// as skipped, a failing league fetch keeps the league stored before, and a secret id Fantrax stops
// accepting marks the account "needs linking again" while the synced leagues stay served.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { createFantraxConnector } from '../../src/platforms/fantrax/index.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { listAccounts } from '../../src/storage/repositories/accounts.ts';
import { findPlayerIdsElsewhere } from '../../src/storage/repositories/crossref.ts';
import { findLeaguesForUser } from '../../src/storage/repositories/leagues.ts';
import { listRosteredPlayers } from '../../src/storage/repositories/players.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { GONE_SYNCS_TO_DETACH, syncUser } from '../../src/sync/engine.ts';
import { linkPlatformAccount } from '../../src/sync/linking.ts';
import { FANTRAX_SECRET_ID, startFakeFantrax } from '../helpers/fake-fantrax.ts';
import type { FakeFantrax } from '../helpers/fake-fantrax.ts';
import { reply } from '../helpers/fake-platform.ts';
import { createTestStore, testBackends } from '../helpers/store.ts';
import type { TestStore } from '../helpers/store.ts';
import { tmpdir } from 'node:os';

const ALL = { sports: [], seasons: [] } as const;
const CONTRACT = seasonsBetween(2017, 2021);
const SCOPE = { sports: [], seasons: CONTRACT, supportedSeasons: CONTRACT } as const;
// With the key given, nothing is read from or written to dataDir.
const SECRETS = createSecretBox({ secretKey: 'a'.repeat(64), dataDir: tmpdir() });

for (const dialect of testBackends()) {
  describe(`Fantrax sync (${dialect})`, () => {
    let fake: FakeFantrax;
    let store: TestStore;
    let userId: number;
    let connector: ReturnType<typeof createFantraxConnector>;
    const sync = () =>
      syncUser(
        store,
        { fantrax: connector },
        { userId, ...SCOPE, trigger: 'test', secrets: SECRETS },
      );

    before(async () => {
      fake = await startFakeFantrax({ withoutRecordings: true });
      store = await createTestStore(dialect);
      connector = createFantraxConnector({
        baseUrl: fake.baseUrl,
        maxAttempts: 1,
        forbiddenRetries: 0,
        requestsPerMinute: 0,
      });
      userId = (await createUser(store.db, 'alice')).id;
      await linkPlatformAccount(store, { fantrax: connector }, SECRETS, {
        userId,
        platform: 'fantrax',
        request: { credentials: { secret_id: FANTRAX_SECRET_ID } },
      });
    });
    after(async () => {
      await store?.destroy();
      await fake?.close();
    });

    it('stores the secret id encrypted', async () => {
      const [linked] = await listAccounts(store.db, { userId, platform: 'fantrax' });
      assert.ok(linked);
      const row = await store.db
        .selectFrom('platform_accounts')
        .select('credentials_encrypted')
        .where('id', '=', linked.id)
        .executeTakeFirstOrThrow();
      assert.ok(row.credentials_encrypted);
      assert.ok(!row.credentials_encrypted.includes(FANTRAX_SECRET_ID));
    });

    it('writes the basketball pool and league, counting the hockey league as skipped', async () => {
      const summary = await sync();
      const account = summary.accounts[0];
      assert.equal(summary.outcome, 'ok', JSON.stringify(account?.error));
      assert.equal(account?.leaguesUnsupported, 1);
      assert.deepEqual(
        account?.pools.map((p) => [p.sport, p.season, p.outcome, p.players]),
        [['basketball', 0, 'written', 3]],
      );
      assert.deepEqual(
        account?.leagues.map((l) => [l.platformLeagueKey, l.outcome, l.teams, l.rosterEntries]),
        [['hoopsleague20fx1', 'written', 2, 2]],
      );
      const [league] = await findLeaguesForUser(store.db, userId, ALL);
      assert.ok(league);
      assert.equal(league.name, 'Ada Hoops');
      assert.equal((await listRosteredPlayers(store.db, league)).length, 2);
      // The pool's ids elsewhere, which tie its players to other platforms' (domain/crossref.ts).
      const pool = { platform: 'fantrax' as const, sport: 'basketball' as const, season: 0 };
      assert.deepEqual(await findPlayerIdsElsewhere(store.db, pool, '0a1b2'), [
        { idType: 'rotowire', externalId: '4401' },
        { idType: 'sportradar', externalId: '0f0e0d0c-1111-4aaa-8bbb-000000000001' },
        { idType: 'stats', externalId: '880011' },
      ]);
    });

    it('a failing fetch keeps the league stored before', async () => {
      fake.route('/getTeamRosters', reply.status(503));
      const summary = await sync();
      assert.equal(summary.accounts[0]?.leagues[0]?.outcome, 'failed');
      const [league] = await findLeaguesForUser(store.db, userId, ALL);
      assert.ok(league);
      assert.equal((await listRosteredPlayers(store.db, league)).length, 2);
      fake.route('/getTeamRosters', reply.malformed());
      await sync();
      assert.equal((await listRosteredPlayers(store.db, league)).length, 2);
    });

    it('a secret id Fantrax no longer accepts needs linking again', async () => {
      fake.route('/getLeagues', reply.json({ error: { code: 'WARNING', message: 'Invalid' } }));
      const summary = await sync();
      assert.equal(summary.accounts[0]?.needsRelink, true);
      const [linked] = await listAccounts(store.db, { userId, platform: 'fantrax' });
      assert.match(linked?.linkProblem ?? '', /no longer accepts the stored secret id/);
      assert.equal((await findLeaguesForUser(store.db, userId, ALL)).length, 1);
    });
  });
}

// A followed league Fantrax answers "no such league" for: each such sync reports it failed and
// keeps serving what was stored; it is detached only when GONE_SYNCS_TO_DETACH syncs in a row
// get that answer, and a sync that reads it again in between starts the count over.
for (const dialect of testBackends()) {
  describe(`Fantrax league answered NO_LEAGUE (${dialect})`, () => {
    let fake: FakeFantrax;
    let store: TestStore;
    let userId: number;
    let gone = false;
    const sync = async () => {
      const connector = createFantraxConnector({
        baseUrl: fake.baseUrl,
        maxAttempts: 1,
        forbiddenRetries: 0,
        requestsPerMinute: 0,
      });
      const summary = await syncUser(
        store,
        { fantrax: connector },
        { userId, ...SCOPE, trigger: 'test', secrets: SECRETS },
      );
      return summary.accounts[0];
    };
    const served = async () =>
      (await findLeaguesForUser(store.db, userId, ALL)).map((l) => [l.name, l.season]);

    before(async () => {
      fake = await startFakeFantrax({ withoutRecordings: true });
      // Fantrax's answer for a league it does not know, in a 200 (as the official API gives it).
      for (const path of ['/getLeagueInfo', '/getTeamRosters']) {
        fake.route(path, (request) =>
          gone
            ? reply.json({ error: { code: 'NO_LEAGUE', message: 'League not found' } })
            : reply.json(fake.served(path, Object.fromEntries(request.query))),
        );
      }
      store = await createTestStore(dialect);
      userId = (await createUser(store.db, 'alice')).id;
      const connector = createFantraxConnector({ baseUrl: fake.baseUrl, requestsPerMinute: 0 });
      await linkPlatformAccount(store, { fantrax: connector }, SECRETS, {
        userId,
        platform: 'fantrax',
        request: { credentials: { secret_id: FANTRAX_SECRET_ID }, leagueIds: ['hoopsleague20fx1'] },
      });
      assert.equal((await sync())?.outcome, 'ok');
      assert.deepEqual(await served(), [['Ada Hoops', 2020]]);
    });
    after(async () => {
      await store?.destroy();
      await fake?.close();
    });

    it('is reported failed and still served, until the third such sync in a row', async () => {
      gone = true;
      for (let run = 1; run < GONE_SYNCS_TO_DETACH; run++) {
        const account = await sync();
        assert.equal(account?.leagues[0]?.outcome, 'failed', `sync ${run}`);
        assert.match(account?.leagues[0]?.error ?? '', /not found on Fantrax/);
        assert.equal(account?.leaguesDetached, 0);
        assert.deepEqual(await served(), [['Ada Hoops', 2020]], `sync ${run}`);
      }
      // Read again before the count is reached: it starts over.
      gone = false;
      assert.equal((await sync())?.leaguesDetached, 0);
      gone = true;
      for (let run = 1; run < GONE_SYNCS_TO_DETACH; run++) {
        assert.equal((await sync())?.leaguesDetached, 0, `sync ${run} after the read`);
      }
      assert.deepEqual(await served(), [['Ada Hoops', 2020]]);
      assert.equal((await sync())?.leaguesDetached, 1);
      assert.deepEqual(await served(), []);
    });
  });
}
