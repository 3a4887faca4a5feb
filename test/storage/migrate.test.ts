import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { openStore } from '../../src/storage/db.ts';
import { initialSchema } from '../../src/storage/migrations/001-initial.ts';
import { seasonalPoolsAndLinks } from '../../src/storage/migrations/002-seasonal-pools-and-links.ts';
import { playerCrossref } from '../../src/storage/migrations/003-player-crossref.ts';
import { syncRunLeases } from '../../src/storage/migrations/004-sync-run-leases.ts';
import { accountSeasons } from '../../src/storage/migrations/005-account-seasons.ts';
import { adminSchema } from '../../src/storage/migrations/006-admin.ts';
import type { DialectMigration } from '../../src/storage/migrate.ts';
import { listAdminKeys } from '../../src/storage/repositories/admin-keys.ts';
import { findSyncRequest } from '../../src/storage/repositories/sync-requests.ts';
import { findLeagueForUser } from '../../src/storage/repositories/leagues.ts';
import { getDataSeq, writeLeagueSnapshot } from '../../src/storage/repositories/snapshots.ts';
import { createUser, findUserByName, listUsersPage } from '../../src/storage/repositories/users.ts';
import { createStoreLocation, testBackends } from '../helpers/store.ts';
import type { StoreLocation } from '../helpers/store.ts';
import { buildLeagueSnapshot } from '../helpers/records.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the pre-upgrade store has no Schema type. */

/** The migrations of the version before syncs over HTTP went to the sync jobs. */
const BEFORE_007: ReadonlyArray<[string, DialectMigration]> = [
  ['001-initial', initialSchema],
  ['002-seasonal-pools-and-links', seasonalPoolsAndLinks],
  ['003-player-crossref', playerCrossref],
  ['004-sync-run-leases', syncRunLeases],
  ['005-account-seasons', accountSeasons],
  ['006-admin', adminSchema],
];

/** Builds a SQLite store at `location` as an earlier version left it: these migrations, then `seed`. */
async function oldSqliteStore(
  location: StoreLocation,
  migrations: ReadonlyArray<[string, DialectMigration]>,
  seed: (old: Kysely<any>) => Promise<void>,
): Promise<void> {
  const file = (location.options as { sqliteFile: string }).sqliteFile;
  const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(file) }) });
  try {
    await sql`create table kysely_migration (name varchar(255) not null primary key,
      timestamp varchar(255) not null)`.execute(old);
    for (const [name, migration] of migrations) {
      await migration('sqlite').up(old);
      await sql`insert into kysely_migration values (${name}, '2026-01-01')`.execute(old);
    }
    await seed(old);
  } finally {
    await old.destroy();
  }
}

const CHILD = join(dirname(fileURLToPath(import.meta.url)), 'open-store.child.ts');

for (const dialect of testBackends()) {
  describe(`migrations [${dialect}]`, () => {
    let location: StoreLocation;
    beforeEach(async () => {
      location = await createStoreLocation(dialect, 2);
    });
    afterEach(async () => {
      await location.remove();
    });

    it('opens an existing store again without touching its data', async () => {
      const first = await openStore(location.options);
      try {
        const user = await createUser(first.db, 'alice');
        await writeLeagueSnapshot(first, buildLeagueSnapshot(), {
          userId: user.id,
          accountId: null,
        });
      } finally {
        await first.close();
      }
      const second = await openStore(location.options);
      try {
        const user = await findUserByName(second.db, 'alice');
        assert.ok(user);
        assert.equal((await findLeagueForUser(second.db, user.id, 1))?.name, 'Dynasty Friends');
        assert.equal(await getDataSeq(second.db), 1, 'the data_seq row is not seeded twice');
        const migrations = await second.db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute();
        assert.deepEqual(migrations, [
          { name: '001-initial' },
          { name: '002-seasonal-pools-and-links' },
          { name: '003-player-crossref' },
          { name: '004-sync-run-leases' },
          { name: '005-account-seasons' },
          { name: '006-admin' },
          { name: '007-sync-request-accounts' },
          { name: '008-sync-request-jobs' },
          { name: '009-secret-key-check' },
          { name: '010-admin-key-scopes' },
          { name: '011-connect-browser-binding' },
          { name: '012-credential-leases' },
          { name: '013-league-teams-and-matchups' },
          { name: '014-league-transactions-and-drafts' },
          { name: '015-webhooks' },
          { name: '016-connect-outcome' },
          { name: '017-scale-indexes' },
          { name: '018-roster-statistics' },
          { name: '019-league-game' },
          { name: '020-webhook-lanes' },
          { name: '021-league-gone-answers' },
          { name: '022-league-refreshes' },
        ]);
      } finally {
        await second.close();
      }
    });

    it(
      'moves the players of a store made before per-season pools into the every-season pool',
      {
        skip: dialect === 'postgres' ? 'the upgrade is built here on SQLite' : false,
      },
      async () => {
        // A store as the previous version left it: migration 001 only, with a pool and a player.
        await oldSqliteStore(location, BEFORE_007.slice(0, 1), async (old) => {
          await sql`insert into players (platform, sport, player_id, full_name, active)
          values ('sleeper', 'football', '4046', 'Ace Player', 1)`.execute(old);
          await sql`insert into player_pools (platform, sport, version, data_seq)
          values ('sleeper', 'football', 1, 1)`.execute(old);
        });
        const store = await openStore(location.options);
        try {
          const players = await store.db.selectFrom('players').selectAll().execute();
          assert.deepEqual(
            players.map((row) => [row.player_id, row.full_name, Number(row.season)]),
            [['4046', 'Ace Player', 0]],
          );
          const pools = await store.db.selectFrom('player_pools').selectAll().execute();
          assert.deepEqual(
            pools.map((row) => [row.platform, Number(row.season)]),
            [['sleeper', 0]],
          );
        } finally {
          await store.close();
        }
      },
    );

    it(
      'keeps the syncs requested over HTTP before 007, each as it ended (running: interrupted)',
      {
        skip: dialect === 'postgres' ? 'the upgrade is built here on SQLite' : false,
      },
      async () => {
        // A store as the previous version left it: migrations 001 to 006, with two requests.
        await oldSqliteStore(location, BEFORE_007, async (old) => {
          await sql`insert into users (name, created_at) values ('alice', '2026-01-01')`.execute(
            old,
          );
          const progress = JSON.stringify({
            accountsTotal: 1,
            accountsDone: 1,
            leaguesFound: 3,
            leaguesWritten: 2,
            leaguesUnchanged: 0,
            leaguesFailed: 1,
            poolsRefreshed: 1,
            needsRelink: [],
          });
          await sql`insert into sync_requests
            (user_id, platform, status, created_at, finished_at, progress, error, owner) values
            (1, 'sleeper', 'partial', '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z',
             ${progress}, 'sleeper: one league failed', 'host:1'),
            (1, null, 'running', '2026-01-02T00:00:00Z', null, '{}', null, 'host:1')`.execute(old);
        });
        const store = await openStore(location.options);
        try {
          const done = await findSyncRequest(store.db, 1);
          assert.equal(done?.status, 'partial');
          assert.equal(done?.platform, 'sleeper');
          assert.equal(done?.finishedAt, '2026-01-01T00:01:00Z');
          assert.equal(done?.error, 'sleeper: one league failed');
          assert.deepEqual(
            [
              done?.progress.leaguesFound,
              done?.progress.leaguesWritten,
              done?.progress.leaguesFailed,
            ],
            [3, 2, 1],
          );
          const running = await findSyncRequest(store.db, 2);
          assert.equal(running?.status, 'interrupted');
          assert.equal(running?.error, 'the process running it stopped');
        } finally {
          await store.close();
        }
      },
    );

    it(
      'keeps every admin key made before scopes able to do everything, with no expiry (010)',
      { skip: dialect === 'postgres' ? 'the upgrade is built here on SQLite' : false },
      async () => {
        await oldSqliteStore(location, BEFORE_007, async (old) => {
          await sql`insert into admin_keys (name, key_hash, key_prefix, created_at)
            values ('ops', 'hash', 'fla_ab12', '2026-01-01')`.execute(old);
        });
        const store = await openStore(location.options);
        try {
          const [key] = await listAdminKeys(store.db);
          assert.deepEqual(key?.scopes, ['full']);
          assert.equal(key?.expiresAt, undefined);
        } finally {
          await store.close();
        }
      },
    );

    it('lets two processes open a new store at once', async () => {
      // Separate processes, as in real use: better-sqlite3 is synchronous, so two connections
      // in one process would block each other's thread rather than queue.
      const json = JSON.stringify(location.options);
      const codes = await Promise.all(
        ['alice', 'bob'].map(
          (name) =>
            new Promise<number | null>((resolve, reject) => {
              const child = spawn(process.execPath, ['--import', 'tsx', CHILD, json, name], {
                stdio: ['ignore', 'ignore', 'inherit'],
              });
              child.on('error', reject);
              child.on('exit', resolve);
            }),
        ),
      );
      assert.deepEqual(codes, [0, 0]);
      const store = await openStore(location.options);
      try {
        assert.deepEqual(
          (await listUsersPage(store.db, { limit: 1000 })).users.map((u) => u.name).sort(),
          ['alice', 'bob'],
        );
      } finally {
        await store.close();
      }
    });

    it('refuses a store migrated by a newer version', async () => {
      const store = await openStore(location.options);
      try {
        await store.db
          .insertInto('kysely_migration' as never)
          .values({ name: '999-future', timestamp: new Date().toISOString() } as never)
          .execute();
      } finally {
        await store.close();
      }
      await assert.rejects(openStore(location.options), /999-future/);
    });
  });
}
