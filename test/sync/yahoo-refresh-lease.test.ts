// Two processes syncing one Yahoo account whose access token has expired: only one of them asks
// Yahoo for a new token; the other waits for the account's credential lease, then finds the
// renewed token stored and uses it. Two engines, each with its own store handle (as two processes
// have), on one SQLite file, and on one PostgreSQL schema when TEST_DATABASE_URL is set.
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { seasonsBetween } from '../../src/domain/seasons.ts';
import { createSecretBox } from '../../src/secrets.ts';
import { openStore } from '../../src/storage/db.ts';
import type { Store } from '../../src/storage/db.ts';
import { findAccount, linkAccount } from '../../src/storage/repositories/accounts.ts';
import { createUser } from '../../src/storage/repositories/users.ts';
import { syncUser } from '../../src/sync/engine.ts';
import { SYNTHETIC_YAHOO_DATA } from '../helpers/yahoo-data.ts';
import { createStoreLocation, testBackends } from '../helpers/store.ts';
import type { StoreLocation } from '../helpers/store.ts';
import { yahooWorld } from '../platforms/yahoo/world.ts';
import type { YahooWorld } from '../platforms/yahoo/world.ts';

const secrets = createSecretBox({ secretKey: 'cd'.repeat(32), dataDir: '/nonexistent' });

for (const dialect of testBackends()) {
  describe(`Yahoo token renewal across processes (${dialect})`, () => {
    let world: YahooWorld;
    let location: StoreLocation;
    const stores: Store[] = [];
    let userId: number;
    let accountId: number;

    /** A process's connector; Yahoo's token endpoint takes a moment, so renewals overlap. */
    const connector = () =>
      world.connector({
        sleep: undefined,
        fetch: async (input, init) => {
          if (String(input).endsWith('/oauth2/get_token')) await delay(300);
          return fetch(input, init);
        },
      });
    const refreshCalls = () =>
      world.fake.requests.filter(
        (r) =>
          r.path === '/oauth2/get_token' &&
          new URLSearchParams(r.body).get('grant_type') === 'refresh_token',
      ).length;

    before(async () => {
      world = await yahooWorld(SYNTHETIC_YAHOO_DATA);
      location = await createStoreLocation(dialect);
      stores.push(await openStore(location.options), await openStore(location.options));
      const [first] = stores as [Store, Store];
      const outcome = await connector().link({ code: world.fake.issueCode() });
      assert.equal(outcome.status, 'linked');
      if (outcome.status !== 'linked') return;
      userId = (await createUser(first.db, 'alice')).id;
      const { credentials, ...account } = outcome.account;
      accountId = (
        await linkAccount(first.db, {
          userId,
          ...account,
          credentialsEncrypted: secrets.encrypt(credentials ?? ''),
        })
      ).id;
    });
    after(async () => {
      for (const store of stores) await store.close();
      await location?.remove();
      await world?.close();
    });

    it('two syncs at once send one renewal; both use the renewed token', async () => {
      world.clock.now += 2 * 3_600_000; // the linked access token expired an hour ago
      const before = refreshCalls();
      const summaries = await Promise.all(
        stores.map((store) =>
          syncUser(
            store,
            { yahoo: connector() },
            {
              userId,
              sports: ['football'],
              seasons: [2021],
              supportedSeasons: seasonsBetween(2017, 2021),
              trigger: 'test',
              secrets,
            },
          ),
        ),
      );
      for (const summary of summaries) {
        assert.notEqual(summary.outcome, 'failed', JSON.stringify(summary));
        assert.equal(summary.leaguesFailed, 0, JSON.stringify(summary));
      }
      assert.equal(refreshCalls() - before, 1, 'exactly one refresh sent to Yahoo');
      const stored = await findAccount((stores[0] as Store).db, accountId);
      const tokens = JSON.parse(secrets.decrypt(stored?.credentialsEncrypted ?? '')) as {
        refresh_token: string;
      };
      assert.equal(tokens.refresh_token, world.fake.validRefreshToken());
      const row = await (stores[0] as Store).db
        .selectFrom('platform_accounts')
        .select(['credentials_lease', 'credentials_lease_until'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { credentials_lease: null, credentials_lease_until: null });
    });
  });
}
